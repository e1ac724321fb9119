import { baseApi } from '@home-energy/shared';

export interface AddressSuggestion {
  id: number;
  name: string;
  street: string;
  postal_code: string;
  postal_city: string;
}

/** Address search (only the flow uses it): suggestions as you type and the exact lookup. */
export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAddressSuggestions: build.query<{ suggestions: AddressSuggestion[] }, string>({
      query: (q) => ({ url: '/flow/property-search/suggestions', params: { q } }),
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetAddressSuggestionsQuery } = searchApi;
