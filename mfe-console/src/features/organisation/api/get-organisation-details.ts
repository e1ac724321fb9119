import { baseApi, type OrganisationDetails } from '@home-energy/shared';

/** GET /api/console/org/{org}/details: 404 for an unknown organisation or one the user is not a member of. */
const organisationDetailsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrganisationDetails: build.query<OrganisationDetails, string>({
      query: (org) => `console/org/${encodeURIComponent(org)}/details`,
    }),
  }),
});

export const { useGetOrganisationDetailsQuery } = organisationDetailsApi;
