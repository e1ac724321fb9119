import { baseApi, type SignStatus } from '@home-energy/shared';

/** How often the page asks for the order's status while it is pending: the QR code changes every second. */
export const SIGN_POLL_INTERVAL_MS = 1000;

/**
 * GET /api/flow/user/sign: this session's current order (the BFF collects from BankID and computes the QR for the
 * current second); 204 (null) when there is none. The argument is the page's attempt number and is not sent: each order
 * gets its own cache entry, so a new order never shows the previous one's status or QR code.
 */
export const signStatusApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSignStatus: build.query<SignStatus | null, number>({
      query: () => 'flow/user/sign',
      extraOptions: { skipSignRedirect: true },
    }),
  }),
});

export const { useGetSignStatusQuery, useLazyGetSignStatusQuery } = signStatusApi;
