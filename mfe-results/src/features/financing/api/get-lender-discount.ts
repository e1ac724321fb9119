import { baseApi, type DiscountRequest, type DiscountResponse, type Lender } from '@home-energy/shared';

/** POST /api/flow/{lender}/discounts: the green mortgage discount of one lender (a read, so a query). */
export const lenderApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLenderDiscount: build.query<DiscountResponse, DiscountRequest & { lender: Lender }>({
      query: ({ lender, ...body }) => ({ url: `/flow/${lender}/discounts`, method: 'POST', body }),
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetLenderDiscountQuery } = lenderApi;
