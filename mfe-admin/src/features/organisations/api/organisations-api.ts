import { baseApi } from '@home-energy/shared';
import type {
  AdminOrganisationDetail,
  AdminOrganisationList,
  OrganisationCreate,
  OrganisationUpdate,
} from '@home-energy/shared/schemas/admin';

/** /api/admin/organisations: list, read, create and edit (deactivate is an edit of `active`). */
const organisationsApi = baseApi.enhanceEndpoints({ addTagTypes: ['AdminOrganisation'] }).injectEndpoints({
  endpoints: (build) => ({
    listOrganisations: build.query<AdminOrganisationList, void>({
      // The page's HTML preloads this answer (src/app/routes.json): a request of its own cache mode would not take it.
      query: () => 'admin/organisations',
      providesTags: ['AdminOrganisation'],
    }),
    getOrganisation: build.query<AdminOrganisationDetail, string>({
      query: (slug) => ({ url: `admin/organisations/${encodeURIComponent(slug)}`, cache: 'no-store' }),
      providesTags: (_result, _error, slug) => [{ type: 'AdminOrganisation', id: slug }],
    }),
    createOrganisation: build.mutation<AdminOrganisationDetail, OrganisationCreate>({
      query: (body) => ({ url: 'admin/organisations', method: 'POST', body }),
      invalidatesTags: ['AdminOrganisation'],
    }),
    updateOrganisation: build.mutation<AdminOrganisationDetail, { slug: string; patch: OrganisationUpdate }>({
      query: ({ slug, patch }) => ({
        url: `admin/organisations/${encodeURIComponent(slug)}`,
        method: 'PATCH',
        body: patch,
      }),
      invalidatesTags: (_result, _error, { slug }) => ['AdminOrganisation', { type: 'AdminOrganisation', id: slug }],
    }),
  }),
});

export const {
  useListOrganisationsQuery,
  useGetOrganisationQuery,
  useCreateOrganisationMutation,
  useUpdateOrganisationMutation,
} = organisationsApi;
