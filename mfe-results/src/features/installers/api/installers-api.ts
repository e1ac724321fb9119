import { baseApi, type InstallerRequest, type InstallerSelection, type InstallersResponse } from '@home-energy/shared';

/** Installer requests (only the results dashboard uses them). */
export const installersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInstallers: build.query<InstallersResponse, number>({
      query: (id) => `/flow/property/${id}/installers`,
      providesTags: (_r, _e, id) => [{ type: 'Property', id: `installers-${id}` }],
    }),
    sendInstallerRequests: build.mutation<
      { requests: InstallerRequest[] },
      { id: number; selections: InstallerSelection[] }
    >({
      query: ({ id, selections }) => ({
        url: `/flow/property/${id}/installer-requests`,
        method: 'POST',
        body: selections,
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Property', id: `installers-${id}` }],
    }),
  }),
});

export const { useGetInstallersQuery, useSendInstallerRequestsMutation } = installersApi;
