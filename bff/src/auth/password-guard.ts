// Growing lockouts for password checks (staff sign-in and the console's password change), per account and per IP,
// counted in the database (password_failures) so every BFF instance and a restart see the same failures.
import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordFailures } from '../db/schema';

/** Failures of one account allowed before any lockout (typos, a forgotten caps lock). */
export const ACCOUNT_FREE_FAILURES = 5;
/** Failures from one IP allowed before any lockout: an office behind one address has several people mistyping. */
export const IP_FREE_FAILURES = 20;
/** The first lockout; each further failure doubles it. */
export const FIRST_LOCKOUT_MS = 1000;
/**
 * The longest lockout. Capped because anyone who knows a staff email can fail on purpose: uncapped doubling would let
 * a stranger lock a real user out for days, so a real user waits at most 15 minutes while a guesser gets ~4 tries an
 * hour.
 */
export const MAX_LOCKOUT_MS = 15 * 60 * 1000;
/** Failures older than this are forgotten (the count starts again), and their rows are swept. */
export const FAILURES_FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const ipKey = (ip: string | undefined) => `ip:${ip ?? 'unknown'}`;

const freeFailures = (key: string) => (key.startsWith('ip:') ? IP_FREE_FAILURES : ACCOUNT_FREE_FAILURES);

/** How long a key with this many failures is locked after its last failure (0 while within the free failures). */
export function lockoutMs(key: string, failures: number): number {
  const over = failures - freeFailures(key);
  if (over <= 0) return 0;
  return Math.min(MAX_LOCKOUT_MS, FIRST_LOCKOUT_MS * 2 ** Math.min(over - 1, 30));
}

export class PasswordLocked extends Error {
  constructor(readonly retryAfterS: number) {
    super(
      `Too many wrong passwords. Try again in ` +
        `${retryAfterS < 120 ? `${retryAfterS} seconds` : `${Math.ceil(retryAfterS / 60)} minutes`}.`,
    );
  }
}

export class PasswordGuard {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the most locked of these keys may try again, or 0 when none is locked. */
  async retryAfterS(keys: string[]): Promise<number> {
    const now = this.now();
    const rows = await this.db.select().from(passwordFailures).where(inArray(passwordFailures.key, keys));
    let until = now;
    for (const row of rows) {
      const last = row.lastFailureAt.getTime();
      if (now - last >= FAILURES_FORGOTTEN_AFTER_MS) continue;
      until = Math.max(until, last + lockoutMs(row.key, row.failures));
    }
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /**
   * Counts one attempt against `key` as a failure in advance, unless the key is locked (then nothing is counted and
   * false is returned). Counting before the password is checked, in one conditional UPDATE, means a burst of parallel
   * guesses cannot all pass a check made before any of them failed.
   */
  private async count(key: string): Promise<boolean> {
    const at = new Date(this.now());
    const forgotten = new Date(at.getTime() - FAILURES_FORGOTTEN_AFTER_MS).toISOString();
    const free = freeFailures(key);
    await this.db
      .insert(passwordFailures)
      .values({ key, failures: 0, lastFailureAt: new Date(0) })
      .onConflictDoNothing();
    const counted = await this.db.execute(sql`
      update password_failures set
        failures = case when last_failure_at < ${forgotten}::timestamptz then 1 else failures + 1 end,
        last_failure_at = ${at.toISOString()}::timestamptz
      where key = ${key} and not (
        last_failure_at >= ${forgotten}::timestamptz and failures > ${free}
        and ${at.toISOString()}::timestamptz < last_failure_at
          + least(${MAX_LOCKOUT_MS}::float8, ${FIRST_LOCKOUT_MS}::float8 * power(2, least(failures - ${free} - 1,
          30))) * interval '1 millisecond')
      returning key`);
    return counted.rows.length > 0;
  }

  private async uncount(key: string): Promise<void> {
    await this.db.execute(sql`update password_failures set failures = greatest(failures - 1, 0) where key = ${key}`);
  }

  /**
   * Before a password is checked: counts the attempt as a failure of every key, or answers how many seconds to wait
   * when one of them is locked (then nothing is counted, and the password must not be checked).
   */
  async begin(keys: string[]): Promise<number> {
    const counted: string[] = [];
    for (const key of keys) {
      if (await this.count(key)) {
        counted.push(key);
        continue;
      }
      // Nothing counted: refuse only when a key really is locked now, never on an update that simply found no row.
      const wait = await this.retryAfterS(keys);
      if (wait === 0) continue;
      for (const done of counted) await this.uncount(done);
      return wait;
    }
    return 0;
  }

  /**
   * The password was right: the account's failures are forgiven, and the address's advance count is taken back (not its
   * earlier failures).
   */
  async passed(account: string, others: string[]): Promise<void> {
    await this.db.delete(passwordFailures).where(inArray(passwordFailures.key, [account]));
    for (const key of others) await this.uncount(key);
  }
}

/** Drops failures nobody counts any more (older than FAILURES_FORGOTTEN_AFTER_MS). */
export async function sweepPasswordFailures(db: Db, now: number = Date.now()): Promise<number> {
  const deleted = await db
    .delete(passwordFailures)
    .where(lt(passwordFailures.lastFailureAt, new Date(now - FAILURES_FORGOTTEN_AFTER_MS)))
    .returning({ key: passwordFailures.key });
  return deleted.length;
}
