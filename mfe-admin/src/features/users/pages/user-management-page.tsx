import { useSearchParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { Loading, useSession, PageHead, useMarkUsable } from '@home-energy/shared';
import { UserManagement, useListConsoleUsersQuery } from '@home-energy/shared/ui/user-management';
import { useListOrganisationsQuery } from '../../organisations/api/organisations-api';

/** /console/admin/user-management: every console user, with the same components organisations use in their console. */
export function UserManagementPage() {
  const { t } = useTranslation('admin');
  const { data: session } = useSession();
  const [params] = useSearchParams();
  const organisations = useListOrganisationsQuery();
  const options = (organisations.data?.organisations ?? []).map((o) => ({ slug: o.slug, name: o.name }));
  // Usable once the users' list (or its empty state) shows: UserManagement's own first list request, read here.
  const { listed } = useListConsoleUsersQuery(
    { scope: { kind: 'platform' }, organisation: params.get('organisation') || undefined },
    { selectFromResult: ({ data }) => ({ listed: !!data }) },
  );
  useMarkUsable(listed);
  return (
    <div className="he-stack">
      <PageHead title={t('pages.user-management.title')} intro={t('pages.user-management.intro')} />
      {session && (organisations.data || organisations.isError) ? (
        <UserManagement
          scope={{ kind: 'platform' }}
          currentUserId={session.user.id}
          organisations={options}
          initialOrganisation={params.get('organisation') ?? ''}
        />
      ) : (
        <Loading />
      )}
    </div>
  );
}
