import { baseApi } from './base-api';
import { flowMessageListSchema, type FlowMessage } from '../schemas/content';
import type { ActivityType } from '../schemas/energy';
import type { Language } from '../i18n/languages';

/** Where the flow asks for knowledge-base messages: a question or place (key), a recommendation (activity), or both. */
export interface FlowMessagesArgs {
  key?: string;
  activity?: ActivityType;
  lng: Language;
}

/** The knowledge-base messages for a place in the flow, as the BFF chose them for the reader (brand, day, language). */
export const messagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFlowMessages: build.query<FlowMessage[], FlowMessagesArgs>({
      query: ({ key, activity, lng }) => ({
        url: '/flow/messages',
        params: { ...(key ? { key } : {}), ...(activity ? { activity } : {}), lng },
      }),
      // Checked on arrival like every flow answer: a mismatch is an error, not a broken card.
      transformResponse: (raw: unknown) => flowMessageListSchema.parse(raw).items,
      providesTags: ['Messages'],
      extraOptions: { skipSignRedirect: true },
    }),
  }),
});

export const { useGetFlowMessagesQuery } = messagesApi;
