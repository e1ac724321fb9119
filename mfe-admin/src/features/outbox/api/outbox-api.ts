import { baseApi } from '@home-energy/shared';
import type { OutboxMail, OutboxPage } from '@home-energy/shared/schemas/mail';

/** GET /api/admin/outbox: the mails written to the outbox, newest first, a page at a time; and one mail. */
const outboxApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listOutbox: build.query<OutboxPage, { page: number; pageSize: number }>({
      query: ({ page, pageSize }) => ({ url: `admin/outbox?page=${page}&pageSize=${pageSize}`, cache: 'no-store' }),
    }),
    getOutboxMail: build.query<OutboxMail, string>({
      query: (id) => ({ url: `admin/outbox/${encodeURIComponent(id)}`, cache: 'no-store' }),
    }),
  }),
});

export const { useListOutboxQuery, useGetOutboxMailQuery } = outboxApi;
