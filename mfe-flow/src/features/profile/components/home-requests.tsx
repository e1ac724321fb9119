import { useTranslation } from 'react-i18next';
import { measureTextKey } from '@home-energy/shared/energy/measure-names';
import { useGetHomeInstallerRequestsQuery } from '../api/home-requests-api';

/** Under a home in "My homes": each installer request sent for it and how far the installer has come. */
export function HomeRequests({ propertyId }: { propertyId: number }) {
  const { t } = useTranslation('flow');
  // A home added without answers has no profile yet (404): nothing was requested for it, so nothing is shown.
  const { data } = useGetHomeInstallerRequestsQuery(propertyId);
  if (!data || data.requests.length === 0) return null;
  return (
    <ul className="he-muted" aria-label={t('profile.requests')}>
      {data.requests.map((r) => (
        <li key={`${r.installer}-${r.key}`}>
          {t('profile.requestLine', {
            name: r.installer_name,
            measure: t(measureTextKey(r.key)),
            status: t(`profile.statuses.${r.status}`),
          })}
        </li>
      ))}
    </ul>
  );
}
