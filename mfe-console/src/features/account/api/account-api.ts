import { baseApi, type ConsoleAccount, type Language, type PasswordChange } from '@home-energy/shared';

const base = (org: string) => `console/org/${encodeURIComponent(org)}/account`;

/** /api/console/org/{org}/account: the signed-in user's own profile and password. */
const accountApi = baseApi.enhanceEndpoints({ addTagTypes: ['ConsoleAccount'] }).injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<ConsoleAccount, string>({
      query: (org) => ({ url: base(org), cache: 'no-store' }),
      providesTags: ['ConsoleAccount'],
    }),
    updateAccount: build.mutation<ConsoleAccount, { org: string; name?: string; mailLanguage?: Language }>({
      query: ({ org, ...body }) => ({ url: base(org), method: 'PATCH', body }),
      invalidatesTags: ['ConsoleAccount'],
    }),
    changePassword: build.mutation<void, { org: string; body: PasswordChange }>({
      query: ({ org, body }) => ({ url: `${base(org)}/password`, method: 'POST', body }),
    }),
  }),
});

export const { useGetAccountQuery, useUpdateAccountMutation, useChangePasswordMutation } = accountApi;
