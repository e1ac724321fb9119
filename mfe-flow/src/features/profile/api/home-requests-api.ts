import { baseApi, type InstallersResponse } from '@home-energy/shared';

/** The homeowner's installer requests for one home and their status (GET /api/flow/property/{id}/installers). */
const homeRequestsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHomeInstallerRequests: build.query<InstallersResponse, number>({
      query: (id) => `/flow/property/${id}/installers`,
      providesTags: (_r, _e, id) => [{ type: 'Property', id: `installers-${id}` }],
    }),
  }),
});

export const { useGetHomeInstallerRequestsQuery } = homeRequestsApi;
