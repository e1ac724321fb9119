import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage, useMarkUsable } from '@home-energy/shared';
import { useOrganisationContext } from '../components/organisation-context';
import { organisationPath } from '@home-energy/shared/mfe/pages';

/** /console/org/:org/org-select: the user's organisations (and the super admin pages for super admins). */
export function OrgSelectPage() {
  const { t } = useTranslation('console');
  const { user, organisation } = useOrganisationContext();
  // The list comes from the session, there at once.
  useMarkUsable(true);
  return (
    <PlaceholderPage title={t('pages.org-select.title')} intro={t('pages.org-select.intro')}>
      <ul>
        {user.organisations.map((o) => (
          <li key={o.slug}>
            <Link to={organisationPath(o.slug)} aria-current={o.slug === organisation.slug ? 'true' : undefined}>
              {o.name}
            </Link>{' '}
            <span className="he-badge">{t(`organisation.roles.${o.role}`)}</span>
          </li>
        ))}
        {user.superAdmin ? (
          <li>
            <Link to="/console/admin">{t('organisation.superAdmin')}</Link>
          </li>
        ) : null}
      </ul>
    </PlaceholderPage>
  );
}
