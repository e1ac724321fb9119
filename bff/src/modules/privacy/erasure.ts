import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import type { ObjectStore } from '../../storage/object-store';
import type { Mailer } from '../mail/mailer';
import { mailDateTime, renderMail } from '../mail/templates';
import { mailLanguageOf } from '../mail/language';
import { verifiedEmailOf } from '../homeowner/email-verification';
import { insertAudit, type AuditInsert, type DbOrTx } from '../audit/repository';
import { auditTarget, PERSONAL_DATA, personOf, type Person } from './personal-data';
import type { HomeownerEraser } from './retention';
import { deleteMailCopies, mailNeedles } from './mail-copies';

export interface ErasureDeps {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  /** Where documents live when not in the database (S3); null: every document is in the database. */
  documentStore: ObjectStore | null;
  outboxDir: string;
  now?: () => number;
}

/**
 * Who asked: the homeowner themselves (confirmed with BankID), a super admin for someone who wrote in, or the
 * retention sweep after `inactiveMonths` without a sign-in (the homeowner was mailed before).
 */
export type ErasureActor =
  | { kind: 'homeowner' }
  | { kind: 'staff'; audit: Omit<AuditInsert, 'action' | 'target' | 'details'>; reference: string }
  | { kind: 'retention'; reason: 'inactivity'; inactiveMonths: number };

const countOf = (result: { rowCount?: number | null; rows: unknown[] }) => result.rowCount ?? result.rows.length;

/**
 * Their homes' facts stay counted in the analytics summary: the facts the profiles' deletion takes out (migration
 * 0008's triggers) are added first, and the sign-up pairs are removed before and after, so no sign-up is taken back.
 */
async function keepAnalytics(tx: DbOrTx, person: Person): Promise<void> {
  await tx.execute(sql`
    select analytics_add(array_agg(r.organisation_id), array_agg(f.metric), array_agg(r.day), array_agg(f.bucket),
      array_agg(f.n), array_agg(f.total))
    from profile_insights r cross join lateral analytics_insight_facts(r) f
    where r.organisation_id is not null
      and r.profile_id in (select id from building_profiles where homeowner_id = ${person.homeownerId})`);
  await tx.execute(sql`delete from analytics_organisation_homeowners where homeowner_id = ${person.homeownerId}`);
}

/**
 * Erases a homeowner (docs/privacy.md "Erasure"): every table of personal-data.ts in one transaction, audited under
 * the pseudonym; after the commit, the documents' files in the object store and the outbox's mail copies, then the
 * confirmation mail to the confirmed address read before anything went. False when there is no such homeowner.
 */
export async function eraseHomeowner(
  deps: ErasureDeps,
  person: Person,
  actor: ErasureActor,
): Promise<{ counts: Record<string, number> } | null> {
  const owner = await deps.db.query.homeowners.findFirst({
    where: (h, { eq }) => eq(h.id, person.homeownerId),
  });
  if (!owner) return null;
  const needles = await mailNeedles(deps.db, person.homeownerId);
  const confirmTo = verifiedEmailOf(owner);
  const counts: Record<string, number> = {};
  const storedFiles = await deps.db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from homeowners where id = ${person.homeownerId} for update`);
    if (locked.rows.length === 0) return null;
    const files = await tx.execute<{ id: string }>(sql`
      select id from epc_documents where content is null
        and profile_id in (select id from building_profiles where homeowner_id = ${person.homeownerId})`);
    await keepAnalytics(tx, person);
    for (const entry of PERSONAL_DATA) {
      const table = sql.raw(`"${entry.table}" t`);
      const where = entry.where(person);
      if (entry.erase.kind === 'delete')
        counts[entry.table] = countOf(await tx.execute(sql`delete from ${table} where ${where}`));
      else if (entry.erase.kind === 'update')
        counts[entry.table] =
          (counts[entry.table] ?? 0) +
          countOf(await tx.execute(sql`update ${table} set ${entry.erase.set(person)} where ${where}`));
    }
    await insertAudit(tx, {
      ...(actor.kind === 'staff'
        ? actor.audit
        : {
            actorId: null,
            actorEmail: actor.kind === 'retention' ? 'system' : '',
            impersonatedOrganisationId: null,
            organisationId: null,
          }),
      action: 'privacy.erase',
      target: auditTarget(person),
      details: {
        by: actor.kind,
        ...(actor.kind === 'staff' ? { reference: actor.reference } : {}),
        ...(actor.kind === 'retention' ? { reason: actor.reason } : {}),
        counts,
      },
    });
    return files.rows.map((r) => r.id);
  });
  if (storedFiles === null) return null;
  await removeFiles(deps, storedFiles, needles);
  if (confirmTo) {
    const language = mailLanguageOf(owner);
    const name = owner.contactName ?? owner.name;
    const date = mailDateTime(language, deps.now?.() ?? Date.now());
    // Not "as you asked" to someone who did not: the sweep's erasure says why it happened.
    const mail =
      actor.kind === 'retention'
        ? renderMail(
            'account_deleted_inactive',
            language,
            confirmTo,
            { name, date, months: String(actor.inactiveMonths) },
            deps.mailer.link('/'),
          )
        : renderMail('account_deleted', language, confirmTo, { name, date }, deps.mailer.link('/'));
    deps.mailer.queue(mail);
  }
  return { counts };
}

/**
 * The retention sweep's eraser (retention.ts): an account inactive for `inactiveMonths` is erased exactly as "Delete my
 * account" erases it, audited with the reason.
 */
export function retentionEraser(deps: ErasureDeps, secret: string, inactiveMonths: number): HomeownerEraser {
  return {
    eraseHomeowner: (userId, reason) =>
      eraseHomeowner(deps, personOf(secret, userId), { kind: 'retention', reason, inactiveMonths }),
  };
}

/** After the commit: a file that cannot be deleted now is left to the orphan sweep (sweepOrphanDocuments). */
async function removeFiles(deps: ErasureDeps, documentIds: string[], needles: string[]): Promise<void> {
  for (const id of documentIds) {
    await deps.documentStore
      ?.delete(id)
      .catch((err: unknown) => deps.logger.warn({ err, document: id }, 'erased document left for the sweep'));
  }
  await deleteMailCopies(deps.outboxDir, needles).catch((err: unknown) =>
    deps.logger.error({ err }, 'erased homeowner: outbox copies not deleted'),
  );
}

export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Objects younger than this may belong to an upload whose row is not committed yet. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes document files in the object store that no epc_documents row names (left by an erasure whose delete failed,
 * or by profiles deleted with their documents): an hour old at least. How many.
 */
export async function sweepOrphanDocuments(db: Db, store: ObjectStore | null, now = Date.now()): Promise<number> {
  if (!store) return 0;
  let deleted = 0;
  const keys = await store.list('');
  for (let i = 0; i < keys.length; i += 500) {
    const page = keys.slice(i, i + 500);
    const { rows } = await db.execute<{ id: string }>(
      sql`select id::text from epc_documents where id::text in ${page.length ? page : ['']}`,
    );
    const known = new Set(rows.map((r) => r.id));
    for (const key of page) {
      if (known.has(key)) continue;
      const info = await store.head(key);
      if (!info || now - info.lastModified.getTime() < ORPHAN_GRACE_MS) continue;
      await store.delete(key);
      deleted++;
    }
  }
  return deleted;
}
