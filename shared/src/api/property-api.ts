import { baseApi } from './base-api';
import type { InteractionAction } from '../schemas/activity-keys';
import {
  textSchema,
  type Answers,
  type AnswersPatch,
  type BuildingResponse,
  type Consumption,
  type InformationItem,
  type InformationResponse,
  type Interaction,
  type QuestionsResponse,
  type Rates,
  type RatesResponse,
  type RecommendationsResponse,
  type Text,
} from '../schemas/property-flow';
import type { PlanRequest, PlanResponse, PlanSuggestionsResponse } from '../schemas/plan';

/**
 * The property endpoints several remotes use (flow: questions and answers; results: building, recommendations,
 * information, rates, consumption). Saving anything about a property refetches its building, information and
 * recommendations (docs/product.md §4 "property change refetches building, information and recommendations").
 */
export const propertyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getQuestions: build.query<QuestionsResponse, void>({ query: () => '/flow/questions' }),
    getAnswers: build.query<{ property: { id: number; name: string }; answers: Answers; register: Answers }, number>({
      query: (id) => `/flow/property/${id}/answers`,
      providesTags: (_r, _e, id) => [{ type: 'Property', id }],
    }),
    saveAnswers: build.mutation<{ answers: Answers }, { id: number; answers: AnswersPatch }>({
      query: ({ id, answers }) => ({ url: `/flow/property/${id}/answer`, method: 'POST', body: answers }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Property', id },
        { type: 'Building', id },
        { type: 'Recommendations', id },
        { type: 'Information', id },
      ],
    }),
    /** Saves the answers given (or none) and returns the computed building. */
    computeBuilding: build.mutation<BuildingResponse, { id: number; answers?: AnswersPatch }>({
      query: ({ id, answers = {} }) => ({ url: `/flow/property/${id}/building`, method: 'POST', body: answers }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Property', id },
        { type: 'Recommendations', id },
        { type: 'Information', id },
      ],
    }),
    getRecommendations: build.query<RecommendationsResponse, number>({
      query: (id) => `/flow/property/${id}/building/primary/recommendations`,
      providesTags: (_r, _e, id) => [{ type: 'Recommendations', id }],
    }),
    getInformation: build.query<InformationResponse, number>({
      query: (id) => `/flow/property/${id}/building/primary/information`,
      providesTags: (_r, _e, id) => [{ type: 'Information', id }],
    }),
    /** The saved rates (null: none) and the price area's default prices, öre per kWh. */
    getRates: build.query<RatesResponse, number>({
      query: (id) => `/flow/property/${id}/rates`,
      providesTags: (_r, _e, id) => [{ type: 'Property', id }],
    }),
    saveRates: build.mutation<{ rates: Rates }, { id: number; rates: Rates }>({
      query: ({ id, rates }) => ({ url: `/flow/property/${id}/rates`, method: 'POST', body: rates }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Property', id },
        { type: 'Recommendations', id },
        { type: 'Information', id },
      ],
    }),
    saveConsumption: build.mutation<
      { consumption: Consumption; label: InformationItem | null },
      { id: number; consumption: Consumption }
    >({
      query: ({ id, consumption }) => ({ url: `/flow/property/${id}/consumption`, method: 'POST', body: consumption }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Information', id }],
    }),
    /** The owner's kept renovation plan, computed afresh; it follows the answers and prices as recommendations do. */
    getPlan: build.query<PlanResponse, number>({
      query: (id) => `/flow/property/${id}/plan`,
      providesTags: (_r, _e, id) => [
        { type: 'Plan', id },
        { type: 'Recommendations', id },
      ],
    }),
    getPlanSuggestions: build.query<PlanSuggestionsResponse, number>({
      query: (id) => `/flow/property/${id}/plan/suggestions`,
      providesTags: (_r, _e, id) => [{ type: 'Recommendations', id }],
    }),
    /** Keeps the plan; its answer is the plan read back, so the cached plan is replaced without another request. */
    savePlan: build.mutation<PlanResponse, { id: number } & PlanRequest>({
      query: ({ id, ...body }) => ({ url: `/flow/property/${id}/plan`, method: 'POST', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        // A refused plan leaves the kept one as it was (the caller shows the refusal).
        const result = await queryFulfilled.catch(() => null);
        if (result) void dispatch(propertyApi.util.upsertQueryData('getPlan', id, result.data));
      },
    }),
    // Only actions the console has words for (schemas/activity-keys.ts).
    recordInteraction: build.mutation<void, Interaction & { action: InteractionAction }>({
      query: (body) => ({ url: '/flow/interaction', method: 'POST', body }),
      extraOptions: { skipSignRedirect: true },
    }),
    /**
     * A text by name; what arrives is checked against the text schema and a mismatch is an error (docs/product.md §5).
     */
    getText: build.query<Text, { name: string; lng: 'en' | 'sv' }>({
      query: ({ name, lng }) => `/flow/texts/${encodeURIComponent(name)}?lng=${lng}`,
      transformResponse: (raw: unknown) => textSchema.parse(raw),
      providesTags: (_r, _e, { name }) => [{ type: 'Texts', id: name }],
    }),
  }),
});

export const {
  useGetQuestionsQuery,
  useGetAnswersQuery,
  useSaveAnswersMutation,
  useComputeBuildingMutation,
  useGetRecommendationsQuery,
  useGetInformationQuery,
  useGetRatesQuery,
  useSaveRatesMutation,
  useSaveConsumptionMutation,
  useRecordInteractionMutation,
  useGetTextQuery,
  useGetPlanQuery,
  useGetPlanSuggestionsQuery,
  useSavePlanMutation,
} = propertyApi;
