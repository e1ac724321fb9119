import { baseApi } from '@home-energy/shared';
import type { AuditPage } from '@home-energy/shared/schemas/admin';

export interface AuditFilters {
  organisation?: string;
  user?: number;
  /** ISO times: the start of the first day and the start of the day after the last (the user's own days). */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** GET /api/admin/audit: one page of the audit log, newest first. */
const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAudit: build.query<AuditPage, AuditFilters>({
      query: (filters) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(filters))
          if (value !== undefined && value !== '') params.set(key, String(value));
        return { url: `admin/audit?${params.toString()}`, cache: 'no-store' };
      },
    }),
  }),
});

export const { useListAuditQuery } = auditApi;
