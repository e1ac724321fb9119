import { baseApi } from './base-api';
import type { Registry } from '../mfe/remotes';

/** The releases this page is served (the shell puts the registry it routes by here: shell/src/boot/boot.ts). */
export const registryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRegistry: build.query<Registry, void>({
      query: () => ({ url: '/mfe/registry', cache: 'no-store' }),
      providesTags: ['Registry'],
    }),
  }),
});

export const { useGetRegistryQuery } = registryApi;
