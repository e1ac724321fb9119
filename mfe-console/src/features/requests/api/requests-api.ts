import { baseApi, type Lead, type LeadList, type LeadUpdate } from '@home-energy/shared';

const base = (org: string) => `console/org/${encodeURIComponent(org)}/installer-requests`;

/** What the Requests page asks for: its URL's filters, search, sort and page (absent: the BFF's defaults). */
export interface LeadListArgs {
  org: string;
  status?: string;
  measure?: string;
  q?: string;
  sort?: string;
  page?: number;
  size?: number;
}

/** The page's query string, only what is set (the same call twice is the same cache entry). */
export function leadListParams({ org: _org, ...filters }: LeadListArgs): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** /api/console/org/{org}/installer-requests (installer organisations): the homeowners' requests and their status. */
const requestsApi = baseApi.enhanceEndpoints({ addTagTypes: ['InstallerLeads'] }).injectEndpoints({
  endpoints: (build) => ({
    getLeads: build.query<LeadList, LeadListArgs>({
      query: (args) => ({ url: base(args.org), params: leadListParams(args), cache: 'no-store' }),
      providesTags: ['InstallerLeads'],
    }),
    updateLead: build.mutation<{ request: Lead }, { org: string; id: number; body: LeadUpdate }>({
      query: ({ org, id, body }) => ({ url: `${base(org)}/${id}`, method: 'PATCH', body }),
      // The card shows the saved status from the answer at once, on every page it is on; the refetch then brings
      // others' changes, the counts, and leaves out a request that no longer matches the status shown.
      async onQueryStarted({ org }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        for (const args of requestsApi.util.selectCachedArgsForQuery(getState(), 'getLeads')) {
          if (args.org !== org) continue;
          dispatch(
            requestsApi.util.updateQueryData('getLeads', args, (list) => {
              list.requests = list.requests.map((l) => (l.id === data.request.id ? data.request : l));
            }),
          );
        }
      },
      invalidatesTags: ['InstallerLeads'],
    }),
  }),
});

export const { useGetLeadsQuery, useUpdateLeadMutation } = requestsApi;
