import { baseApi, type ContentItem, type ContentItemInput, type ContentList } from '@home-energy/shared';

const base = (org: string) => `console/org/${encodeURIComponent(org)}/messages`;

/** /api/console/org/{org}/messages (super admins): the knowledge base. */
const messagesApi = baseApi.enhanceEndpoints({ addTagTypes: ['ContentItem'] }).injectEndpoints({
  endpoints: (build) => ({
    listMessages: build.query<ContentList, { org: string; q?: string }>({
      query: ({ org, q }) => ({ url: `${base(org)}${q ? `?${new URLSearchParams({ q })}` : ''}`, cache: 'no-store' }),
      providesTags: ['ContentItem'],
    }),
    createMessage: build.mutation<ContentItem, { org: string; body: ContentItemInput }>({
      query: ({ org, body }) => ({ url: base(org), method: 'POST', body }),
      invalidatesTags: ['ContentItem'],
    }),
    updateMessage: build.mutation<ContentItem, { org: string; id: number; body: ContentItemInput }>({
      query: ({ org, id, body }) => ({ url: `${base(org)}/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ContentItem'],
    }),
    deleteMessage: build.mutation<void, { org: string; id: number }>({
      query: ({ org, id }) => ({ url: `${base(org)}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ContentItem'],
    }),
  }),
});

export const { useListMessagesQuery, useCreateMessageMutation, useUpdateMessageMutation, useDeleteMessageMutation } =
  messagesApi;
