import { baseApi } from './base-api';
import type { BrandConfigResponse } from '../schemas/brand';

/** The brand config of the page (owner from the query, else the BFF's cookie/subdomain/default choice). */
export const brandApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBrandConfig: build.query<BrandConfigResponse, string | undefined>({
      query: (owner) => ({ url: '/flow/brand-config', params: owner ? { owner } : undefined }),
      providesTags: ['Brand'],
      extraOptions: { skipSignRedirect: true },
    }),
  }),
});

export const { useGetBrandConfigQuery } = brandApi;
