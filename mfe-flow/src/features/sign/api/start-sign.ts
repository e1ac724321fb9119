import { baseApi, type SignStatus, type StartSignRequest } from '@home-energy/shared';

/**
 * POST /api/flow/user/sign: start a BankID order for this browser session. 429 when rate-limited and 400 answer
 * `{ error, message }`. No 401 → /sign redirect: this is the sign page.
 */
const startSignApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startSign: build.mutation<SignStatus, StartSignRequest>({
      query: (body) => ({ url: 'flow/user/sign', method: 'POST', body }),
      extraOptions: { skipSignRedirect: true },
    }),
  }),
});

export const { useStartSignMutation } = startSignApi;
