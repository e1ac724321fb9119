import type { Request } from 'express';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  ACCESS_PAGE_SIZE,
  type AccessEntry,
  type AccessLog,
  type AccessLogQuery,
  type AccessReason,
  type AccessRole,
  type StaffAccessEntry,
} from '@home-energy/shared/schemas/privacy';
import type { Db } from '../../db/client';
import { personalDataAccess, staffUsers } from '../../db/schema';
import type { DbOrTx } from '../audit/repository';

/** The staff user's role where the data was shown: super admin, else their membership of the organisation. */
function roleOf(req: Request): AccessRole {
  if (req.user?.kind !== 'staff') return 'staff';
  if (req.user.superAdmin) return 'super_admin';
  const slug = req.organisation?.slug;
  return req.user.organisations.some((o) => o.slug === slug && o.role === 'admin') ? 'admin' : 'staff';
}

/**
 * Notes that the signed-in staff user was just shown these homeowners' personal data on the page `reason` (one row
 * each, duplicates counted once). Outside an organisation (a super admin's data request) the organisation is empty:
 * the service's own administrators.
 */
export async function recordAccess(
  db: DbOrTx,
  req: Request,
  homeownerIds: readonly number[],
  reason: AccessReason,
): Promise<void> {
  if (req.user?.kind !== 'staff') return;
  const ids = [...new Set(homeownerIds)];
  if (ids.length === 0) return;
  const organisation = req.organisation ?? null;
  const values = {
    staffUserId: Number(req.user.id),
    organisationId: organisation?.id ?? null,
    organisationName: organisation?.name ?? '',
    role: roleOf(req),
    impersonating: !!req.impersonation,
    reason,
  };
  await db.insert(personalDataAccess).values(ids.map((homeownerId) => ({ ...values, homeownerId })));
}

function entryView(row: typeof personalDataAccess.$inferSelect): AccessEntry {
  return {
    organisation: row.organisationName,
    role: row.role,
    impersonating: row.impersonating,
    reason: row.reason as AccessReason,
    at: row.createdAt.toISOString(),
  };
}

async function page<Entry>(
  db: Db,
  where: SQL,
  query: AccessLogQuery,
  view: (row: typeof personalDataAccess.$inferSelect, staff: string | null) => Entry,
): Promise<AccessLog<Entry>> {
  const conditions = query.reason ? and(where, eq(personalDataAccess.reason, query.reason))! : where;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(personalDataAccess).where(conditions);
  const rows = await db
    .select({ access: personalDataAccess, staff: staffUsers.email })
    .from(personalDataAccess)
    .leftJoin(staffUsers, eq(staffUsers.id, personalDataAccess.staffUserId))
    .where(conditions)
    .orderBy(desc(personalDataAccess.createdAt), desc(personalDataAccess.id))
    .limit(ACCESS_PAGE_SIZE)
    .offset((query.page - 1) * ACCESS_PAGE_SIZE);
  return {
    entries: rows.map((r) => view(r.access, r.staff)),
    total,
    page: query.page,
    size: ACCESS_PAGE_SIZE,
  };
}

/** One page of who saw the homeowner's data, newest first, as they see it (organisation and role, not the person). */
export function homeownerAccessPage(db: Db, homeownerId: number, query: AccessLogQuery): Promise<AccessLog> {
  return page(db, eq(personalDataAccess.homeownerId, homeownerId), query, entryView);
}

/** One page of the accesses made in an organisation, for its admin: who of its staff, and a homeowner pseudonym. */
export function organisationAccessPage(
  db: Db,
  organisationId: number,
  query: AccessLogQuery,
): Promise<AccessLog<StaffAccessEntry>> {
  return page(db, eq(personalDataAccess.organisationId, organisationId), query, (row, staff) => ({
    ...entryView(row),
    staff,
    homeowner: `h${row.homeownerId}`,
  }));
}
