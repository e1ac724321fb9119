import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@home-energy/shared';
import { useOrganisationContext } from '../components/organisation-context';

/** /console/org/:org: the organisation's name and a welcome. */
export function OrganisationHomePage() {
  const { t } = useTranslation('console');
  const { user, organisation } = useOrganisationContext();
  const upcoming = t('pages.home.upcoming', { returnObjects: true, defaultValue: [] }) as unknown;
  return (
    <PlaceholderPage
      title={organisation.name}
      intro={t('home.welcome', { name: user.name || user.email || '', organisation: organisation.name })}
      upcoming={Array.isArray(upcoming) ? (upcoming as string[]) : []}
    />
  );
}
