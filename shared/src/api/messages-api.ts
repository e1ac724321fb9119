import { baseApi } from './base-api';
import { flowMessageListSchema, type FlowMessage, type MessageGroup } from '../schemas/content';
import type { ActivityType } from '../schemas/energy';
import type { Language } from '../i18n/languages';

/** Where the flow asks for knowledge-base messages: a question or place (key), a recommendation (activity), or both. */
export interface FlowMessagesArgs {
  key?: string;
  activity?: ActivityType;
  lng: Language;
}

export interface FlowMessageGroupArgs {
  group: MessageGroup;
  lng: Language;
}

/** A group's messages by the place they are shown at: a key (questions) and an activity (recommendations). */
export interface FlowMessagesByPlace {
  byKey: Partial<Record<string, FlowMessage[]>>;
  byActivity: Partial<Record<string, FlowMessage[]>>;
}

function byPlace(items: FlowMessage[]): FlowMessagesByPlace {
  const byKey: Record<string, FlowMessage[]> = {};
  const byActivity: Record<string, FlowMessage[]> = {};
  for (const item of items) {
    (byKey[item.key] ??= []).push(item);
    if (item.activity) (byActivity[item.activity] ??= []).push(item);
  }
  return { byKey, byActivity };
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
    // Every question's or recommendation's messages in one request: a page shows many places, and a request per place
    // made a page of 16 recommendation cards ask 16 times and update its store 32 times while it drew.
    getFlowMessageGroup: build.query<FlowMessagesByPlace, FlowMessageGroupArgs>({
      query: ({ group, lng }) => ({ url: '/flow/messages', params: { group, lng } }),
      transformResponse: (raw: unknown) => byPlace(flowMessageListSchema.parse(raw).items),
      providesTags: ['Messages'],
      extraOptions: { skipSignRedirect: true },
    }),
  }),
});

export const { useGetFlowMessagesQuery, useGetFlowMessageGroupQuery } = messagesApi;
