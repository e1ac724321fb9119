import { Router } from 'express';
import { eq } from 'drizzle-orm';
import { auditQuerySchema, type AuditPage } from '@home-energy/shared/schemas/admin';
import { DAY_MS } from '@home-energy/shared/schemas/dates';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import { listAudit } from './repository';
import { parse } from '../../http/errors';

/** A bound of the period: a whole day (YYYY-MM-DD, UTC; `to` includes that day) or an exact ISO time. */
function bound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return end ? new Date(start.getTime() + DAY_MS) : start;
  }
  return new Date(value);
}

/** GET /api/admin/audit: the audit log, newest first, filtered by organisation, user and period, one page at a time. */
export function auditRoutes(db: Db): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const query = parse(auditQuerySchema, req.query, 'query');
    let organisationId: number | undefined;
    if (query.organisation) {
      const organisation = await db.query.organisations.findFirst({
        columns: { id: true },
        where: eq(organisations.slug, query.organisation),
      });
      // An unknown organisation has no rows; -1 matches none.
      organisationId = organisation?.id ?? -1;
    }
    const { entries, total } = await listAudit(db, {
      organisationId,
      actorId: query.user,
      from: bound(query.from, false),
      to: bound(query.to, true),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const body: AuditPage = { entries, total, page: query.page, pageSize: query.pageSize };
    res.set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
