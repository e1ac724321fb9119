import {
  baseApi,
  type BrandConfig,
  type ConsoleConfiguration,
  type InstallerMeasure,
  type OrganisationPrices,
  type QuestionDefinition,
} from '@home-energy/shared';

const base = (org: string) => `console/org/${encodeURIComponent(org)}/configuration`;

/**
 * /api/console/org/{org}/configuration (admins): question set, brand config, default prices and an installer
 * organisation's measures.
 */
const configurationApi = baseApi.enhanceEndpoints({ addTagTypes: ['ConsoleConfiguration'] }).injectEndpoints({
  endpoints: (build) => ({
    getConfiguration: build.query<ConsoleConfiguration, string>({
      // The page's HTML preloads this answer (src/app/routes.json): a request of its own cache mode would not take it.
      query: (org) => base(org),
      providesTags: ['ConsoleConfiguration'],
    }),
    saveQuestions: build.mutation<
      { questions: QuestionDefinition[] },
      { org: string; questions: QuestionDefinition[] }
    >({
      query: ({ org, questions }) => ({ url: `${base(org)}/questions`, method: 'PUT', body: { questions } }),
      invalidatesTags: ['ConsoleConfiguration'],
    }),
    saveBrand: build.mutation<{ brand: string; config: BrandConfig }, { org: string; config: BrandConfig }>({
      query: ({ org, config }) => ({ url: `${base(org)}/brand`, method: 'PUT', body: config }),
      // The console's own page may use the brand too (the shell's brand theme).
      invalidatesTags: ['ConsoleConfiguration', 'Brand'],
    }),
    savePrices: build.mutation<{ prices: OrganisationPrices }, { org: string; prices: OrganisationPrices }>({
      query: ({ org, prices }) => ({ url: `${base(org)}/prices`, method: 'PUT', body: prices }),
      invalidatesTags: ['ConsoleConfiguration'],
    }),
    // An installer organisation's measures; the homeowners' installer lists read them on their next request.
    saveInstallerMeasures: build.mutation<
      { measures: InstallerMeasure[] | null },
      { org: string; measures: InstallerMeasure[] }
    >({
      query: ({ org, measures }) => ({ url: `${base(org)}/installer-measures`, method: 'PUT', body: { measures } }),
      invalidatesTags: ['ConsoleConfiguration'],
    }),
  }),
});

export const {
  useGetConfigurationQuery,
  useSaveQuestionsMutation,
  useSaveBrandMutation,
  useSavePricesMutation,
  useSaveInstallerMeasuresMutation,
} = configurationApi;
