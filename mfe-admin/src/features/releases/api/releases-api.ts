import { baseApi } from '@home-energy/shared';
import type {
  AdminRelease,
  AdminReleaseList,
  AdminReleaseToken,
  AdminReleaseTokenCreated,
  ReleaseAudience,
} from '@home-energy/shared/schemas/admin';

/**
 * /api/admin/releases: every remote's versions with the shared-dependency check and health; activation, canary
 * audience, rollback; release tokens.
 */
const releasesApi = baseApi.enhanceEndpoints({ addTagTypes: ['AdminRelease', 'AdminReleaseToken'] }).injectEndpoints({
  endpoints: (build) => ({
    listReleases: build.query<AdminReleaseList, void>({
      // The page's HTML preloads this answer (src/app/routes.json): a request of its own cache mode would not take it.
      query: () => 'admin/releases',
      providesTags: ['AdminRelease'],
    }),
    activateRelease: build.mutation<AdminRelease, { remote: string; version: string }>({
      query: ({ remote, version }) => ({
        url: `admin/releases/${encodeURIComponent(remote)}/${encodeURIComponent(version)}/activate`,
        method: 'POST',
      }),
      // The footer's registry is read once per page load (a reload shows the new release), so only the list refreshes.
      invalidatesTags: ['AdminRelease'],
    }),
    setReleaseAudience: build.mutation<AdminRelease, { remote: string; version: string; audience: ReleaseAudience }>({
      query: ({ remote, version, audience }) => ({
        url: `admin/releases/${encodeURIComponent(remote)}/${encodeURIComponent(version)}/audience`,
        method: 'POST',
        body: audience,
      }),
      invalidatesTags: ['AdminRelease'],
    }),
    rollbackCanary: build.mutation<AdminRelease, { remote: string; version: string }>({
      query: ({ remote, version }) => ({
        url: `admin/releases/${encodeURIComponent(remote)}/${encodeURIComponent(version)}/rollback`,
        method: 'POST',
      }),
      invalidatesTags: ['AdminRelease'],
    }),
    // /api/admin/release-tokens: the tokens teams release with from their own CI.
    listReleaseTokens: build.query<{ tokens: AdminReleaseToken[] }, void>({
      query: () => ({ url: 'admin/release-tokens', cache: 'no-store' }),
      providesTags: ['AdminReleaseToken'],
    }),
    createReleaseToken: build.mutation<AdminReleaseTokenCreated, { remote: string; label: string }>({
      query: (body) => ({ url: 'admin/release-tokens', method: 'POST', body }),
      invalidatesTags: ['AdminReleaseToken'],
    }),
    revokeReleaseToken: build.mutation<AdminReleaseToken, number>({
      query: (id) => ({ url: `admin/release-tokens/${id}/revoke`, method: 'POST' }),
      invalidatesTags: ['AdminReleaseToken'],
    }),
  }),
});

export const {
  useListReleasesQuery,
  useActivateReleaseMutation,
  useSetReleaseAudienceMutation,
  useRollbackCanaryMutation,
  useListReleaseTokensQuery,
  useCreateReleaseTokenMutation,
  useRevokeReleaseTokenMutation,
} = releasesApi;
