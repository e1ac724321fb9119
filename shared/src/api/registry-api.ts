import { baseApi } from './base-api';
import type { Registry } from '../mfe/remotes';

/** The active remote releases (used by the shell's footer and mfe-admin). */
export const registryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRegistry: build.query<Registry, void>({
      query: () => ({ url: '/mfe/registry', cache: 'no-store' }),
      providesTags: ['Registry'],
    }),
  }),
});

export const { useGetRegistryQuery } = registryApi;
