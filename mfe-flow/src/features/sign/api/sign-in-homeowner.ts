import { baseApi, type HomeownerSession } from '@home-energy/shared';

/** POST /api/flow/user/auth: signs the homeowner in once the order is complete; 409 `not_complete` otherwise. */
const signInHomeownerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signInHomeowner: build.mutation<HomeownerSession, { csrfToken: string }>({
      query: (body) => ({ url: 'flow/user/auth', method: 'POST', body }),
      extraOptions: { skipSignRedirect: true },
    }),
  }),
});

export const { useSignInHomeownerMutation } = signInHomeownerApi;
