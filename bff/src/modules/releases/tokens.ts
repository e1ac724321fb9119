import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { RemotePackage } from '@home-energy/shared/remotes';
import type { Db } from '../../db/client';
import { releaseTokens } from '../../db/schema';

export type ReleaseTokenRow = typeof releaseTokens.$inferSelect;

const PREFIX = 'hert_';
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new token for one remote: 32 random bytes; only its hash is stored, the token is returned once. */
export async function createReleaseToken(
  db: Db,
  remote: RemotePackage,
  label: string,
  by: string,
): Promise<{ token: string; row: ReleaseTokenRow }> {
  const token = `${PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(releaseTokens)
    .values({ remote, label, tokenHash: hashOf(token), createdBy: by })
    .returning();
  return { token, row: row! };
}

export function listReleaseTokens(db: Db): Promise<ReleaseTokenRow[]> {
  return db
    .select()
    .from(releaseTokens)
    .orderBy(releaseTokens.remote, desc(releaseTokens.createdAt), desc(releaseTokens.id));
}

/** Revokes a token (once); null when there is no such token or it was already revoked. */
export async function revokeReleaseToken(db: Db, id: number, by: string): Promise<ReleaseTokenRow | null> {
  const [row] = await db
    .update(releaseTokens)
    .set({ revokedBy: by, revokedAt: new Date() })
    .where(and(eq(releaseTokens.id, id), isNull(releaseTokens.revokedAt)))
    .returning();
  return row ?? null;
}

/** The token row a presented token belongs to (revoked ones included, so the caller can say so), or null. */
export async function findReleaseToken(db: Db, token: string): Promise<ReleaseTokenRow | null> {
  if (!token.startsWith(PREFIX) || token.length > 200) return null;
  return (await db.query.releaseTokens.findFirst({ where: eq(releaseTokens.tokenHash, hashOf(token)) })) ?? null;
}

export async function markReleaseTokenUsed(db: Db, id: number): Promise<void> {
  await db.update(releaseTokens).set({ lastUsedAt: new Date() }).where(eq(releaseTokens.id, id));
}
