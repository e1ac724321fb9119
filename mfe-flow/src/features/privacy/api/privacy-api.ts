import { baseApi, type AccessLog, type Consent, type ConsentList, type PrivacyNotice } from '@home-energy/shared';

/** The privacy notice, the homeowner's consents and who saw their data (docs/privacy.md). */
const privacyApi = baseApi.enhanceEndpoints({ addTagTypes: ['Consents'] }).injectEndpoints({
  endpoints: (build) => ({
    getPrivacyNotice: build.query<PrivacyNotice, 'sv' | 'en'>({
      query: (lng) => ({ url: '/flow/privacy-notice', params: { lng } }),
    }),
    getConsents: build.query<ConsentList, void>({
      query: () => ({ url: '/flow/user/consents', cache: 'no-store' }),
      providesTags: ['Consents'],
    }),
    withdrawConsent: build.mutation<{ consent: Consent }, number>({
      query: (id) => ({ url: `/flow/user/consents/${id}/withdraw`, method: 'POST', body: {} }),
      // The homes' request lists show the withdrawn request too.
      invalidatesTags: ['Consents', 'Property'],
    }),
    getAccessLog: build.query<AccessLog, number>({
      query: (page) => ({
        url: '/flow/user/access-log',
        params: page > 1 ? { page: String(page) } : {},
        cache: 'no-store',
      }),
    }),
  }),
});

export const { useGetPrivacyNoticeQuery, useGetConsentsQuery, useWithdrawConsentMutation, useGetAccessLogQuery } =
  privacyApi;
