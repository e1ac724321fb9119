import { baseApi, type Lead, type LeadList, type LeadUpdate } from '@home-energy/shared';

const base = (org: string) => `console/org/${encodeURIComponent(org)}/installer-requests`;

/** /api/console/org/{org}/installer-requests (installer organisations): the homeowners' requests and their status. */
const requestsApi = baseApi.enhanceEndpoints({ addTagTypes: ['InstallerLeads'] }).injectEndpoints({
  endpoints: (build) => ({
    getLeads: build.query<LeadList, string>({
      query: (org) => ({ url: base(org), cache: 'no-store' }),
      providesTags: ['InstallerLeads'],
    }),
    updateLead: build.mutation<{ request: Lead }, { org: string; id: number; body: LeadUpdate }>({
      query: ({ org, id, body }) => ({ url: `${base(org)}/${id}`, method: 'PATCH', body }),
      // The card shows the saved status from the answer at once; the refetch then brings others' changes.
      async onQueryStarted({ org }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          requestsApi.util.updateQueryData('getLeads', org, (list) => {
            list.requests = list.requests.map((l) => (l.id === data.request.id ? data.request : l));
          }),
        );
      },
      invalidatesTags: ['InstallerLeads'],
    }),
  }),
});

export const { useGetLeadsQuery, useUpdateLeadMutation } = requestsApi;
