import { useTranslation } from 'react-i18next';
import { PageHead, useMarkUsable } from '@home-energy/shared';
import { UserManagement, useListConsoleUsersQuery, type UserScope } from '@home-energy/shared/ui/user-management';
import { useOrganisationContext } from '../../organisation/components/organisation-context';

/**
 * /console/org/:org/user-management: the organisation's own console users, managed by its admins (and super admins)
 * with the same components as the super admin's page, scoped to this organisation by the BFF.
 */
export function UserManagementPage() {
  const { t } = useTranslation('console');
  const { user, organisation } = useOrganisationContext();
  const scope: UserScope = { kind: 'organisation', slug: organisation.slug, name: organisation.name };
  // Usable once the users' list (or its empty state) shows: the list UserManagement asks for first, the same
  // arguments (one request), read here for whether it has answered.
  const { listed } = useListConsoleUsersQuery({ scope }, { selectFromResult: ({ data }) => ({ listed: !!data }) });
  useMarkUsable(listed);
  return (
    <div className="he-stack">
      <PageHead title={t('pages.user-management.title')} intro={t('pages.user-management.intro')} />
      <UserManagement scope={scope} currentUserId={user.id} />
    </div>
  );
}
