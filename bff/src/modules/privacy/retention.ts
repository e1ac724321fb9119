import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { homeowners, installerRequests, periodicLeases } from '../../db/schema';
import { runPeriodically } from '../../periodic';
import { insertAudit } from '../audit/repository';
import { VISITOR_PROFILE_KEPT_MS } from '../building/visitor-sweep';
import { verifiedEmailOf } from '../homeowner/email-verification';
import { mailLanguageOf } from '../mail/language';
import type { Mailer } from '../mail/mailer';
import { mailDateTime, renderMail } from '../mail/templates';
import { parseOutboxFileName } from '../mail/transport';
import { SIGN_PATH } from '@home-energy/shared/mfe/pages';

/** How long each kind of personal data is kept (docs/privacy.md "Retention"): the RETENTION_* settings. */
export interface RetentionSettings {
  /** Months without a sign-in before a homeowner's account is erased. */
  inactiveMonths: number;
  /** Days before that erasure the homeowner is mailed. */
  noticeDays: number;
  /** Months after a lead's final status its personal data is removed. */
  leadMonths: number;
  /** Days a mail's copy stays in the outbox. */
  mailDays: number;
}

export type RetentionConfig = Pick<
  Config,
  'RETENTION_INACTIVE_MONTHS' | 'RETENTION_NOTICE_DAYS' | 'RETENTION_LEAD_MONTHS' | 'RETENTION_MAIL_DAYS'
>;

export function retentionSettings(config: RetentionConfig): RetentionSettings {
  return {
    inactiveMonths: config.RETENTION_INACTIVE_MONTHS,
    noticeDays: config.RETENTION_NOTICE_DAYS,
    leadMonths: config.RETENTION_LEAD_MONTHS,
    mailDays: config.RETENTION_MAIL_DAYS,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A lead's statuses after which nothing more happens to it. */
export const FINAL_LEAD_STATUSES = ['won', 'lost', 'declined', 'withdrawn'] as const;

const unit = (n: number, language: 'sv' | 'en', one: [string, string], many: [string, string]) =>
  `${n} ${n === 1 ? one[language === 'sv' ? 0 : 1] : many[language === 'sv' ? 0 : 1]}`;
const months = (n: number, language: 'sv' | 'en') => unit(n, language, ['månad', 'month'], ['månader', 'months']);
const days = (n: number, language: 'sv' | 'en') => unit(n, language, ['dag', 'day'], ['dagar', 'days']);

export type RetainedData = 'account' | 'contact' | 'homes' | 'visitor' | 'leads' | 'mail' | 'access';

/** How long one kind of data is kept, in words, from the settings: the privacy notice's "kept" column. */
export function keptFor(data: RetainedData, s: RetentionSettings, language: 'sv' | 'en'): string {
  const inactive = months(s.inactiveMonths, language);
  const notice = days(s.noticeDays, language);
  const account =
    language === 'sv'
      ? `tills du raderar ditt konto, eller ${inactive} efter din senaste inloggning (vi mejlar dig ${notice} innan)`
      : `until you delete your account, or ${inactive} after your last sign-in (we mail you ${notice} before)`;
  const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  switch (data) {
    case 'account':
    case 'contact':
    case 'access':
      return sentence(account);
    case 'homes':
      return sentence(
        language === 'sv'
          ? `tills du tar bort hemmet, annars ${account}`
          : `until you remove the home, else ${account}`,
      );
    case 'visitor': {
      const kept = days(Math.round(VISITOR_PROFILE_KEPT_MS / DAY_MS), language);
      return sentence(language === 'sv' ? `${kept} efter ditt senaste svar` : `${kept} after your last answer`);
    }
    case 'leads': {
      const lead = months(s.leadMonths, language);
      return sentence(
        language === 'sv'
          ? `ditt namn och dina kontaktuppgifter: tills du återkallar samtycket, eller ${lead} efter att förfrågan ` +
              'avslutats (beställd, avslutad, avböjd eller återkallad)'
          : `your name and contact details: until you withdraw your consent, or ${lead} after the request was ` +
              'closed (ordered, lost, declined or withdrawn)',
      );
    }
    case 'mail':
      return sentence(days(s.mailDays, language));
  }
}

/** Erases one homeowner as "Delete my account" does (modules/privacy/erasure.ts); injected, the sweep stays apart. */
export interface HomeownerEraser {
  eraseHomeowner(userId: number, reason: 'inactivity'): Promise<unknown>;
}

export interface RetentionCounts {
  /** Homeowners mailed (or, without a confirmed address, marked) that their account goes in noticeDays. */
  noticed: number;
  mailed: number;
  /** Accounts erased after inactiveMonths without a sign-in. */
  erased: number;
  /** Accounts due for erasure but left, because the sweep was given no eraser (RetentionDeps.eraser null). */
  erasureWaiting: number;
  /** Leads whose homeowner's personal data was removed leadMonths after their final status. */
  leadsCleared: number;
  /** Mail copies older than mailDays deleted from the outbox. */
  mailCopiesDeleted: number;
}

export interface RetentionDeps {
  db: Db;
  settings: RetentionSettings;
  mailer: Mailer;
  outboxDir: string;
  /** erasure.ts's retentionEraser (the server's); null: accounts due are counted, not erased. */
  eraser: HomeownerEraser | null;
}

const LEASE = 'retention';
/** A sweep taking longer than this is taken to have crashed: another instance may run. */
const LEASE_MS = 30 * 60 * 1000;
/** Rows per step and sweep, so one sweep never holds long locks; the next takes the rest. */
const BATCH = 500;

/** Takes the sweep's lease when no instance holds it: one instance sweeps at a time. */
async function takeLease(db: Db, now: number): Promise<boolean> {
  const taken = await db
    .insert(periodicLeases)
    .values({ name: LEASE, heldUntil: new Date(now + LEASE_MS) })
    .onConflictDoUpdate({
      target: periodicLeases.name,
      set: { heldUntil: new Date(now + LEASE_MS) },
      setWhere: lt(periodicLeases.heldUntil, new Date(now)),
    })
    .returning({ name: periodicLeases.name });
  return taken.length > 0;
}

async function giveLease(db: Db, now: number): Promise<void> {
  await db
    .update(periodicLeases)
    .set({ heldUntil: new Date(now - 1), lastRunAt: new Date(now) })
    .where(eq(periodicLeases.name, LEASE));
}

/** `n` calendar months before `now` (the periods are in months, as the notice says). */
function monthsBefore(now: number, n: number): Date {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - n);
  return at;
}

async function mailNotices(deps: RetentionDeps, now: number): Promise<{ noticed: number; mailed: number }> {
  const { db, settings } = deps;
  const lastSeen = sql`coalesce(${homeowners.lastSignInAt}, ${homeowners.createdAt})`;
  const noticeFrom = new Date(monthsBefore(now, settings.inactiveMonths).getTime() + settings.noticeDays * DAY_MS);
  // Marked in the same statement that picks them: a homeowner is mailed once, whatever else runs.
  const picked = await db
    .update(homeowners)
    .set({ inactivityNoticeAt: new Date(now) })
    .where(
      inArray(
        homeowners.id,
        db
          .select({ id: homeowners.id })
          .from(homeowners)
          .where(
            and(
              isNull(homeowners.inactivityNoticeAt),
              eq(homeowners.demo, false),
              sql`${lastSeen} < ${noticeFrom.toISOString()}::timestamptz`,
            ),
          )
          .limit(BATCH),
      ),
    )
    .returning();
  let mailed = 0;
  for (const owner of picked) {
    const to = verifiedEmailOf(owner);
    if (!to) continue;
    const language = mailLanguageOf(owner);
    const erasedOn = mailDateTime(language, now + settings.noticeDays * DAY_MS);
    deps.mailer.queue(
      renderMail(
        'inactivity_notice',
        language,
        to,
        { name: owner.contactName ?? owner.name, months: String(settings.inactiveMonths), date: erasedOn },
        deps.mailer.link(SIGN_PATH),
      ),
    );
    mailed += 1;
  }
  return { noticed: picked.length, mailed };
}

async function eraseInactive(deps: RetentionDeps, now: number): Promise<{ erased: number; waiting: number }> {
  const { db, settings } = deps;
  const lastSeen = sql`coalesce(${homeowners.lastSignInAt}, ${homeowners.createdAt})`;
  const noticedBy = new Date(now - settings.noticeDays * DAY_MS);
  const due = await db
    .select({ id: homeowners.id })
    .from(homeowners)
    .where(
      and(
        eq(homeowners.demo, false),
        sql`${lastSeen} < ${monthsBefore(now, settings.inactiveMonths).toISOString()}::timestamptz`,
        sql`${homeowners.inactivityNoticeAt} <= ${noticedBy.toISOString()}::timestamptz`,
      ),
    )
    .limit(BATCH);
  const { eraser } = deps;
  if (!eraser) return { erased: 0, waiting: due.length };
  for (const { id } of due) await eraser.eraseHomeowner(id, 'inactivity');
  return { erased: due.length, waiting: 0 };
}

/** Removes the homeowner's personal data from leads closed over leadMonths ago; the installer keeps the lead. */
export async function clearClosedLeads(db: Db, settings: RetentionSettings, now: number): Promise<number> {
  const r = installerRequests;
  const closedAt = sql`coalesce(${r.withdrawnAt}, ${r.statusChangedAt}, ${r.createdAt})`;
  const cleared = await db
    .update(installerRequests)
    .set({ contactEmail: null, contactMobile: null, note: null, personalDataRemovedAt: new Date(now) })
    .where(
      inArray(
        installerRequests.id,
        db
          .select({ id: installerRequests.id })
          .from(installerRequests)
          .where(
            and(
              isNull(installerRequests.personalDataRemovedAt),
              inArray(installerRequests.status, [...FINAL_LEAD_STATUSES]),
              sql`${closedAt} < ${monthsBefore(now, settings.leadMonths).toISOString()}::timestamptz`,
            ),
          )
          .limit(BATCH),
      ),
    )
    .returning({ id: installerRequests.id });
  return cleared.length;
}

/** Deletes the outbox's mail copies older than mailDays (their file names carry the time they were written). */
export async function deleteOldMailCopies(outboxDir: string, mailDays: number, now: number): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const before = now - mailDays * DAY_MS;
  let deleted = 0;
  for (const name of names) {
    const parsed = parseOutboxFileName(name);
    const stamp = parsed ? /^(\d{4})(\d{2})(\d{2})t(\d{2})(\d{2})(\d{2})(\d{3})z/.exec(parsed.id) : null;
    if (!stamp) continue;
    const [, y, mo, d, h, mi, s, ms] = stamp.map(Number) as number[];
    if (Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, ms!) >= before) continue;
    try {
      await fs.unlink(path.join(outboxDir, name));
      deleted += 1;
    } catch (error) {
      // Another instance sharing the folder got there first.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return deleted;
}

/**
 * One retention sweep (docs/privacy.md "Retention"): mails homeowners whose account goes in noticeDays, erases those
 * mailed that long ago and still not signed in, removes personal data from leads closed leadMonths ago and deletes
 * old mail copies; audited with its counts. Runs on one instance at a time: null when another holds the lease.
 */
export async function sweepRetention(deps: RetentionDeps, now: number = Date.now()): Promise<RetentionCounts | null> {
  if (!(await takeLease(deps.db, now))) return null;
  try {
    // Erasure first: an account noticed in this sweep is never erased in it.
    const { erased, waiting } = await eraseInactive(deps, now);
    const { noticed, mailed } = await mailNotices(deps, now);
    const counts: RetentionCounts = {
      noticed,
      mailed,
      erased,
      erasureWaiting: waiting,
      leadsCleared: await clearClosedLeads(deps.db, deps.settings, now),
      mailCopiesDeleted: await deleteOldMailCopies(deps.outboxDir, deps.settings.mailDays, now),
    };
    await insertAudit(deps.db, {
      actorId: null,
      actorEmail: 'system',
      action: 'retention.sweep',
      target: 'retention',
      details: { ...counts },
    });
    return counts;
  } finally {
    await giveLease(deps.db, now);
  }
}

/** Sweeps now and every RETENTION_SWEEP_MINUTES; the timer never keeps the process alive. Returns stop(). */
export function startRetentionSweep(
  deps: RetentionDeps,
  onError: (error: unknown) => void,
  intervalMs: number,
): () => void {
  return runPeriodically(() => sweepRetention(deps), onError, intervalMs);
}
