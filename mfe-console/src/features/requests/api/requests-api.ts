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
      invalidatesTags: ['InstallerLeads'],
    }),
  }),
});

export const { useGetLeadsQuery, useUpdateLeadMutation } = requestsApi;
