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
 * a stranger lock a real user out for days, so a real user waits at most 15 minutes while a guesser gets ~4 tries an hour.
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
    super(`Too many wrong passwords. Try again in ${retryAfterS < 120 ? `${retryAfterS} seconds` : `${Math.ceil(retryAfterS / 60)} minutes`}.`);
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

  /** Throws PasswordLocked when one of the keys is locked: the password is then not even checked. */
  async assertOpen(keys: string[]): Promise<void> {
    const wait = await this.retryAfterS(keys);
    if (wait > 0) throw new PasswordLocked(wait);
  }

  /** One more failure for each key (the count restarts when the last failure is a day old). */
  async failed(keys: string[]): Promise<void> {
    const at = new Date(this.now());
    const forgotten = new Date(at.getTime() - FAILURES_FORGOTTEN_AFTER_MS);
    for (const key of [...new Set(keys)].sort()) {
      await this.db
        .insert(passwordFailures)
        .values({ key, failures: 1, lastFailureAt: at })
        .onConflictDoUpdate({
          target: passwordFailures.key,
          set: {
            failures: sql`case when ${passwordFailures.lastFailureAt} < ${forgotten.toISOString()}::timestamptz then 1 else ${passwordFailures.failures} + 1 end`,
            lastFailureAt: at,
          },
        });
    }
  }

  /** The right password: the account's failures are forgiven (not the IP's: one good account must not clear a guesser's address). */
  async succeeded(account: string): Promise<void> {
    await this.db.delete(passwordFailures).where(inArray(passwordFailures.key, [account]));
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
