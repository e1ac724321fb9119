import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordTokens, staffUsers } from '../../db/schema';
import type { DbOrTx } from '../audit/repository';
import type { PasswordLinkState } from '@home-energy/shared/schemas/mail';

export type PasswordLinkPurpose = 'invitation' | 'reset';

const HOUR_MS = 60 * 60 * 1000;
/** How long a link works: an invitation may wait over a weekend; a reset is asked for by someone at the screen. */
export const LINK_LIFETIME_MS: Record<PasswordLinkPurpose, number> = { invitation: 72 * HOUR_MS, reset: 1 * HOUR_MS };

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * A new link's token (32 random bytes, base64url): only its hash is stored, so the database never holds a usable link.
 */
export async function issuePasswordToken(
  db: DbOrTx,
  userId: number,
  purpose: PasswordLinkPurpose,
  now: number,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(passwordTokens).values({
    userId,
    tokenHash: hashToken(token),
    purpose,
    createdAt: new Date(now),
    expiresAt: new Date(now + LINK_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * What became of a link: usable, used (or retired by a password chosen since) or expired; null for a token never
 * issued. One indexed read, so a made-up token is refused before any password is hashed (docs/security.md "What
 * else the server enforces"). It tells nothing about the account.
 */
export async function passwordTokenState(db: DbOrTx, token: string, now: number): Promise<PasswordLinkState | null> {
  const [found] = await db
    .select({ usedAt: passwordTokens.usedAt, expiresAt: passwordTokens.expiresAt })
    .from(passwordTokens)
    .where(eq(passwordTokens.tokenHash, hashToken(token)));
  if (!found) return null;
  if (found.usedAt) return 'used';
  return found.expiresAt.getTime() > now ? 'valid' : 'expired';
}

/**
 * Uses a link: marks it used (only if unused and not expired, in one statement, so two uses at once cannot both
 * succeed) and retires the user's other open links. The user's id and the link's purpose, or null.
 */
export async function consumePasswordToken(
  db: DbOrTx,
  token: string,
  now: number,
): Promise<{ userId: number; purpose: PasswordLinkPurpose } | null> {
  const at = new Date(now);
  const [used] = await db
    .update(passwordTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, at),
      ),
    )
    .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
  if (!used) return null;
  await retirePasswordTokens(db, used.userId, now);
  return used;
}

/** Ends every open link of the user: once they have chosen a password, older links must not replace it. */
export async function retirePasswordTokens(db: DbOrTx, userId: number, now: number): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

/** Whether a reset link was sent to the user since `since`: one mail per account per window, however often asked. */
export async function resetSentSince(db: Db, userId: number, since: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, 'reset'),
        gt(passwordTokens.createdAt, new Date(since)),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** The user's password as they chose it (no longer a one-time password). */
export async function setChosenPassword(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
): Promise<{ id: number; email: string } | undefined> {
  const [user] = await db
    .update(staffUsers)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(staffUsers.id, userId))
    .returning({ id: staffUsers.id, email: staffUsers.email });
  return user;
}

export async function findStaffPassword(db: Db, userId: number) {
  const [user] = await db
    .select({
      email: staffUsers.email,
      passwordHash: staffUsers.passwordHash,
      mustChangePassword: staffUsers.mustChangePassword,
    })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  return user;
}
