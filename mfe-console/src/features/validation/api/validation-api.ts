import { baseApi, type AnswersReview, type DocumentApproval, type ValidationQueue } from '@home-energy/shared';

const base = (org: string) => `console/org/${encodeURIComponent(org)}/validation`;

/** /api/console/org/{org}/validation (platform_validation): the queue and its decisions. */
const validationApi = baseApi.enhanceEndpoints({ addTagTypes: ['ValidationQueue'] }).injectEndpoints({
  endpoints: (build) => ({
    getValidationQueue: build.query<ValidationQueue, string>({
      query: (org) => ({ url: base(org), cache: 'no-store' }),
      providesTags: ['ValidationQueue'],
    }),
    approveDocument: build.mutation<unknown, { org: string; id: string; body: DocumentApproval }>({
      query: ({ org, id, body }) => ({ url: `${base(org)}/documents/${id}/approve`, method: 'POST', body }),
      invalidatesTags: ['ValidationQueue'],
    }),
    rejectDocument: build.mutation<unknown, { org: string; id: string; reason: string }>({
      query: ({ org, id, reason }) => ({
        url: `${base(org)}/documents/${id}/reject`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['ValidationQueue'],
    }),
    reviewAnswers: build.mutation<unknown, { org: string; profileId: number; body: AnswersReview }>({
      query: ({ org, profileId, body }) => ({ url: `${base(org)}/profiles/${profileId}/review`, method: 'POST', body }),
      invalidatesTags: ['ValidationQueue'],
    }),
  }),
});

export const {
  useGetValidationQueueQuery,
  useApproveDocumentMutation,
  useRejectDocumentMutation,
  useReviewAnswersMutation,
} = validationApi;

/** Where the browser downloads a document (a plain link: the session cookie goes with it). */
export const documentFileUrl = (org: string, id: string) => `/api/${base(org)}/documents/${id}/file`;
