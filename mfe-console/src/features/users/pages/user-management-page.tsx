import { useTranslation } from 'react-i18next';
import { PageHead } from '@home-energy/shared';
import { UserManagement } from '@home-energy/shared/ui/user-management';
import { useOrganisationContext } from '../../organisation/components/organisation-context';

/**
 * /console/org/:org/user-management: the organisation's own console users, managed by its admins (and super admins)
 * with the same components as the super admin's page, scoped to this organisation by the BFF.
 */
export function UserManagementPage() {
  const { t } = useTranslation('console');
  const { user, organisation } = useOrganisationContext();
  return (
    <div className="he-stack">
      <PageHead title={t('pages.user-management.title')} intro={t('pages.user-management.intro')} />
      <UserManagement
        scope={{ kind: 'organisation', slug: organisation.slug, name: organisation.name }}
        currentUserId={user.id}
      />
    </div>
  );
}
