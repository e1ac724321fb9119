import { baseApi, type ProfileView, type PropertyLookupDetail, type PropertyLookupHit } from '@home-energy/shared';

const base = (org: string) => `console/org/${encodeURIComponent(org)}/property-lookup`;

/** /api/console/org/{org}/property-lookup (super admins): search, a property's profiles, one profile's building. */
const propertyLookupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchProperties: build.query<{ properties: PropertyLookupHit[] }, { org: string; q: string }>({
      query: ({ org, q }) => `${base(org)}/search?${new URLSearchParams({ q })}`,
    }),
    getLookupProperty: build.query<PropertyLookupDetail, { org: string; id: number }>({
      query: ({ org, id }) => `${base(org)}/properties/${id}`,
    }),
    getLookupProfile: build.query<ProfileView, { org: string; id: number }>({
      query: ({ org, id }) => ({ url: `${base(org)}/profiles/${id}`, cache: 'no-store' }),
    }),
  }),
});

export const { useSearchPropertiesQuery, useGetLookupPropertyQuery, useGetLookupProfileQuery } = propertyLookupApi;
