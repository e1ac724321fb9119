import { baseApi } from '@home-energy/shared';
import type { PasswordLinkState } from '@home-energy/shared/schemas/mail';

/** /api/password: "Forgot password?", setting a password from a mailed link, and replacing a one-time password. */
const passwordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: 'password/forgot', method: 'POST', body }),
    }),
    // A read sent as POST: the token stays out of the URL. Asked anew each time the page opens (a link changes state).
    passwordLinkState: build.query<{ state: PasswordLinkState }, string>({
      query: (token) => ({ url: 'password/link/state', method: 'POST', body: { token } }),
      keepUnusedDataFor: 0,
    }),
    setPasswordFromLink: build.mutation<void, { token: string; password: string }>({
      query: (body) => ({ url: 'password/link', method: 'POST', body }),
    }),
    choosePassword: build.mutation<void, { password: string }>({
      query: (body) => ({ url: 'password/choose', method: 'POST', body }),
    }),
  }),
});

export const {
  useForgotPasswordMutation,
  usePasswordLinkStateQuery,
  useSetPasswordFromLinkMutation,
  useChoosePasswordMutation,
} = passwordApi;
