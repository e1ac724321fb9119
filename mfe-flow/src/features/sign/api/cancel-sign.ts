import { baseApi, type SignStatus } from '@home-energy/shared';

/** DELETE /api/flow/user/sign: cancel this session's order; answers its (failed) status. */
const cancelSignApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cancelSign: build.mutation<SignStatus, { csrfToken: string }>({
      query: (body) => ({ url: 'flow/user/sign', method: 'DELETE', body }),
      extraOptions: { skipSignRedirect: true },
    }),
  }),
});

export const { useCancelSignMutation } = cancelSignApi;
