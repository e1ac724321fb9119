import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * The signing secret for sessions and CSRF: AUTH_SECRET when set, otherwise one generated on first start and kept
 * in the database, so restarts and every instance on the same database agree without configuration.
 */
export async function loadAuthSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSecrets)
    .values({ name: 'auth', value: crypto.randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const row = await db.query.appSecrets.findFirst({ where: eq(appSecrets.name, 'auth') });
  if (!row) throw new Error('auth secret missing after insert');
  return row.value;
}
