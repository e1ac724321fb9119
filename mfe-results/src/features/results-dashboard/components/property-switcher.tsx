import { useTranslation } from 'react-i18next';
import type { ProfileProperty } from '@home-energy/shared';

/** The signed-in homeowner's properties; choosing one asks for it through `?property_id=&building_id=primary`. */
export function PropertySwitcher({
  properties,
  currentId,
  onChoose,
}: {
  properties: readonly ProfileProperty[];
  currentId: number;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation('results');
  const known = properties.some((property) => property.id === currentId);
  return (
    <div className="rd-switcher rd-controls">
      <label htmlFor="rd-property">{t('switcher.label')}</label>
      <select
        id="rd-property"
        className="he-select"
        value={known ? String(currentId) : ''}
        onChange={(event) => event.target.value && onChoose(Number(event.target.value))}
      >
        {known ? null : <option value="">{t('switcher.none')}</option>}
        {properties.map((property) => (
          <option key={property.id} value={property.id}>
            {property.name}
          </option>
        ))}
      </select>
    </div>
  );
}
