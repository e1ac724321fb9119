import { baseApi } from './base-api';
import type { Profile, ProfilePatch } from '../schemas/profile';
import type { MiniflowProperty } from '../schemas/property-flow';

/**
 * The homeowner's profile, used by several remotes. RTK Query loads it once and shares it; a failed load is not
 * kept, so the next component that asks tries again (docs/product.md §4 "the once-only guard resets").
 */
export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => '/flow/user/profile',
      providesTags: ['Profile'],
    }),
    patchProfile: build.mutation<
      Partial<Pick<Profile, 'properties' | 'selectedPropertyId' | 'mailLanguage'>>,
      ProfilePatch
    >({
      query: (body) => ({ url: '/flow/user/profile', method: 'PATCH', body }),
      invalidatesTags: ['Profile'],
    }),
    /** Removes a home from the profile; restorable until `removed.restorableUntil` (restoreProfileProperty). */
    deleteProfileProperty: build.mutation<Profile & { removed: { id: number; restorableUntil: string } }, number>({
      query: (id) => ({ url: `/flow/user/profile/property/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Profile'],
    }),
    /** "Undo" of a removal: 404 once its time has passed. */
    restoreProfileProperty: build.mutation<Profile, number>({
      query: (id) => ({ url: `/flow/user/profile/property/${id}/restore`, method: 'POST', body: {} }),
      invalidatesTags: ['Profile'],
    }),
    /** The add-property mini-flow: 404 when the register has no such address. */
    addMiniflowProperty: build.mutation<Profile & { property: { id: number; name: string } }, MiniflowProperty>({
      query: (body) => ({ url: '/flow/user/profile/property', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    /** Saves the contact details; a new email is mailed a link that confirms it (`email_verified` false until then). */
    saveContact: build.mutation<
      { contact: { name: string | null; email: string; mobile: string; email_verified: boolean } },
      { name?: string; email: string; mobile: string }
    >({
      query: (body) => ({ url: '/flow/user/profile/contact', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    /** "Send the link again" for the unconfirmed contact email: 429 when asked again too soon. */
    resendEmailVerification: build.mutation<{ email: string }, void>({
      query: () => ({ url: '/flow/user/profile/contact/verification', method: 'POST', body: {} }),
    }),
    /** The confirmation page: the token from the mailed link's fragment; 400 `link_invalid` when used or expired. */
    confirmEmail: build.mutation<{ email: string }, { token: string }>({
      query: (body) => ({ url: '/flow/user/email-verification', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const {
  useGetProfileQuery,
  usePatchProfileMutation,
  useDeleteProfilePropertyMutation,
  useRestoreProfilePropertyMutation,
  useAddMiniflowPropertyMutation,
  useSaveContactMutation,
  useResendEmailVerificationMutation,
  useConfirmEmailMutation,
} = profileApi;
