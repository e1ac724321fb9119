import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { signRedirectUrl } from './sign-redirect';
import { choosePasswordRedirect } from './password-change';
import { withUiLanguage } from '../i18n/ui-language-header';

/** Per-endpoint options: `skipSignRedirect` turns off the 401 → /sign redirect for that call. */
export interface ApiExtraOptions {
  skipSignRedirect?: boolean;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'same-origin',
  // The UI language goes with every call: the BFF writes a person's mails in it.
  prepareHeaders: (headers) => withUiLanguage(headers),
});

const baseQueryWithSignRedirect: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions
> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions ?? {});
  if (result.error?.status === 401 && !extraOptions?.skipSignRedirect && typeof window !== 'undefined') {
    const target = signRedirectUrl(window.location);
    if (target) window.location.assign(target);
  }
  if (typeof window !== 'undefined') {
    const choose = choosePasswordRedirect(result.error?.status, result.error?.data, window.location.pathname);
    if (choose) window.location.assign(choose);
  }
  return result;
};

/**
 * The one RTK Query API slice of the page. Endpoints used by several remotes are injected in `shared`;
 * remote-only endpoints are injected by the remote in the file that exports their hooks.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithSignRedirect,
  tagTypes: [
    'Registry',
    'Session',
    'Profile',
    'Property',
    'Building',
    'Recommendations',
    'Information',
    'Texts',
    'Brand',
    'Plan',
    'Messages',
  ],
  endpoints: () => ({}),
});
