import { baseApi, type ActivityType, type ExplanationResponse } from '@home-energy/shared';

/** "How we calculated this", asked only when a panel opens (docs/api.md "Energy estimate API"). */
export const explanationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getExplanation: build.query<ExplanationResponse, { propertyId: number; subject: 'label' | ActivityType }>({
      query: ({ propertyId, subject }) =>
        subject === 'label'
          ? `/flow/property/${propertyId}/building/primary/label/explanation`
          : `/flow/property/${propertyId}/building/primary/recommendations/${subject}/explanation`,
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetExplanationQuery } = explanationApi;
