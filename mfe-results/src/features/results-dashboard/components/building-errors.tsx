import { useTranslation } from 'react-i18next';
import type { BuildingError } from '@home-energy/shared';

/** Problems that stopped the estimate, other than missing answers (shown with their questions), from their codes. */
export function BuildingErrors({ errors }: { errors: readonly BuildingError[] }) {
  const { t } = useTranslation('results');
  // The recommendations and the information answers carry the same errors: each is shown once.
  const shown = [
    ...new Map(
      errors
        .filter((error) => error.code !== 'missing_answers')
        .map((error) => [`${error.code}-${error.keys?.join(',') ?? ''}`, error]),
    ).entries(),
  ];
  if (shown.length === 0) return null;
  return (
    <ul className="rd-notice" data-testid="building-errors">
      {shown.map(([id, error]) => (
        <li key={id} data-error={error.code}>
          {t(`buildingErrors.${error.code}`, {
            ...error.params,
            key: t(`answerKeys.${String(error.params?.key ?? error.keys?.[0] ?? '')}`, {
              defaultValue: String(error.params?.key ?? error.keys?.[0] ?? ''),
            }),
          })}
        </li>
      ))}
    </ul>
  );
}
