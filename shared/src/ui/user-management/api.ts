import { baseApi } from '@home-energy/shared';
import type {
  ConsoleUser,
  ConsoleUserCreate,
  ConsoleUserList,
  ConsoleUserWithPassword,
  OrganisationUserCreate,
} from '../../schemas/admin';
import type { OrganisationRole } from '../../schemas/session';

/** Whose users: every console user (super admins) or one organisation's, from its console. */
export type UserScope = { kind: 'platform' } | { kind: 'organisation'; slug: string; name: string };

function base(scope: UserScope): string {
  return scope.kind === 'platform' ? 'admin/users' : `console/org/${encodeURIComponent(scope.slug)}/users`;
}

// Injected into the page's one API slice (the singleton from '@home-energy/shared'), whichever remote bundles this.
const userManagementApi = baseApi.enhanceEndpoints({ addTagTypes: ['ConsoleUser'] }).injectEndpoints({
  endpoints: (build) => ({
    listConsoleUsers: build.query<ConsoleUserList, { scope: UserScope; organisation?: string; q?: string }>({
      query: ({ scope, organisation, q }) => {
        const params = new URLSearchParams();
        if (organisation) params.set('organisation', organisation);
        if (q) params.set('q', q);
        const search = params.toString();
        // The console page's HTML preloads this answer (mfe-console's routes.json): a request of its own cache mode
        // would not take it.
        return `${base(scope)}${search ? `?${search}` : ''}`;
      },
      providesTags: ['ConsoleUser'],
    }),
    createConsoleUser: build.mutation<
      ConsoleUserWithPassword,
      { scope: UserScope; body: ConsoleUserCreate | OrganisationUserCreate }
    >({
      query: ({ scope, body }) => ({ url: base(scope), method: 'POST', body }),
      invalidatesTags: ['ConsoleUser'],
    }),
    updateConsoleUser: build.mutation<
      ConsoleUser,
      { scope: UserScope; id: number; patch: { role?: OrganisationRole; active?: boolean; name?: string } }
    >({
      query: ({ scope, id, patch }) => ({ url: `${base(scope)}/${id}`, method: 'PATCH', body: patch }),
      invalidatesTags: ['ConsoleUser'],
    }),
    setConsoleUserMembership: build.mutation<ConsoleUser, { id: number; organisation: string; role: OrganisationRole }>(
      {
        query: ({ id, organisation, role }) => ({
          url: `admin/users/${id}/memberships/${encodeURIComponent(organisation)}`,
          method: 'PUT',
          body: { role },
        }),
        invalidatesTags: ['ConsoleUser'],
      },
    ),
    removeConsoleUserMembership: build.mutation<ConsoleUser, { scope: UserScope; id: number; organisation: string }>({
      query: ({ scope, id, organisation }) => ({
        url:
          scope.kind === 'platform'
            ? `admin/users/${id}/memberships/${encodeURIComponent(organisation)}`
            : `${base(scope)}/${id}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['ConsoleUser'],
    }),
    resetConsoleUserPassword: build.mutation<ConsoleUserWithPassword, { scope: UserScope; id: number }>({
      query: ({ scope, id }) => ({ url: `${base(scope)}/${id}/reset-password`, method: 'POST' }),
      invalidatesTags: ['ConsoleUser'],
    }),
  }),
});

export const {
  useListConsoleUsersQuery,
  useCreateConsoleUserMutation,
  useUpdateConsoleUserMutation,
  useSetConsoleUserMembershipMutation,
  useRemoveConsoleUserMembershipMutation,
  useResetConsoleUserPasswordMutation,
} = userManagementApi;
