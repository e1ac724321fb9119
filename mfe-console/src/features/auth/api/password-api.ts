import { baseApi } from '@home-energy/shared';

/** /api/password: "Forgot password?", setting a password from a mailed link, and replacing a one-time password. */
const passwordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: 'password/forgot', method: 'POST', body }),
    }),
    setPasswordFromLink: build.mutation<void, { token: string; password: string }>({
      query: (body) => ({ url: 'password/link', method: 'POST', body }),
    }),
    choosePassword: build.mutation<void, { password: string }>({
      query: (body) => ({ url: 'password/choose', method: 'POST', body }),
    }),
  }),
});

export const { useForgotPasswordMutation, useSetPasswordFromLinkMutation, useChoosePasswordMutation } = passwordApi;
