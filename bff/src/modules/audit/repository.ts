import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry } from '@home-energy/shared/schemas/admin';
import type { AuditActionName } from '@home-energy/shared/schemas/activity-keys';
import type { Db } from '../../db/client';
import { auditLog, organisations, staffUsers } from '../../db/schema';

/** The database or a transaction in progress: an audit row is written in the same transaction as the change. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** A row to write: its action one the audit page has words for (shared/src/schemas/activity-keys.ts). */
export type AuditInsert = Omit<typeof auditLog.$inferInsert, 'action'> & { action: AuditActionName };

export async function insertAudit(db: DbOrTx, row: AuditInsert): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilters {
  /** Rows about this organisation, or written while impersonating it. */
  organisationId?: number;
  actorId?: number;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  limit: number;
  offset: number;
}

const impersonated = alias(organisations, 'impersonated_organisation');

/** Newest first, with the actor's current name and both organisations' slugs and names. */
export async function listAudit(db: Db, filters: AuditFilters): Promise<{ entries: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (filters.organisationId !== undefined) {
    conditions.push(
      or(
        eq(auditLog.organisationId, filters.organisationId),
        eq(auditLog.impersonatedOrganisationId, filters.organisationId),
      )!,
    );
  }
  if (filters.actorId !== undefined) conditions.push(eq(auditLog.actorId, filters.actorId));
  if (filters.from) conditions.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) conditions.push(lt(auditLog.createdAt, filters.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  const rows = await db
    .select({
      log: auditLog,
      actorName: staffUsers.name,
      organisationSlug: organisations.slug,
      organisationName: organisations.name,
      impersonatedSlug: impersonated.slug,
      impersonatedName: impersonated.name,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorId))
    .leftJoin(organisations, eq(organisations.id, auditLog.organisationId))
    .leftJoin(impersonated, eq(impersonated.id, auditLog.impersonatedOrganisationId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filters.limit)
    .offset(filters.offset);
  return {
    total,
    entries: rows.map((r) => ({
      id: r.log.id,
      createdAt: r.log.createdAt.toISOString(),
      actor: { id: r.log.actorId, email: r.log.actorEmail, name: r.actorName },
      organisation: r.organisationSlug ? { slug: r.organisationSlug, name: r.organisationName! } : null,
      impersonating: r.impersonatedSlug ? { slug: r.impersonatedSlug, name: r.impersonatedName! } : null,
      action: r.log.action,
      target: r.log.target,
      details: (r.log.details ?? {}) as Record<string, unknown>,
    })),
  };
}
