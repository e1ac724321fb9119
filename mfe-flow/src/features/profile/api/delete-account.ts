import { baseApi } from '@home-energy/shared';

/**
 * DELETE /api/flow/user/account: erases the signed-in homeowner once this session's BankID order (validate) is
 * complete; 409 `not_confirmed` otherwise.
 */
const deleteAccountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    deleteAccount: build.mutation<{ erased: true }, { csrfToken: string }>({
      query: (body) => ({ url: 'flow/user/account', method: 'DELETE', body }),
      extraOptions: { skipSignRedirect: true },
    }),
  }),
});

export const { useDeleteAccountMutation } = deleteAccountApi;
