import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SESSION_MAX_AGE_MS } from '../../auth/session';
import { sweepPasswordFailures } from '../../auth/password-guard';
import { runPeriodically } from '../../periodic';
import { purgeRemovedHomes } from '../homeowner/removed-homes';

/**
 * A visitor profile nobody wrote to for a session's lifetime is abandoned: its session has expired unless only read.
 */
export const VISITOR_PROFILE_KEPT_MS = SESSION_MAX_AGE_MS;
/** A visitor profile holding nothing (no answers, prices, consumption or document) is kept a day only. */
export const EMPTY_VISITOR_PROFILE_KEPT_MS = 24 * 60 * 60 * 1000;
export const VISITOR_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Rows per delete statement, so a sweep after a flood never holds long locks or one huge transaction. */
const BATCH = 5_000;

export interface VisitorSweepResult {
  profiles: number;
  passwordFailures: number;
  /** Homes removed from "My homes" whose time to undo has passed, deleted with their answers. */
  removedHomes: number;
}

/**
 * Deletes abandoned visitor profiles (never claimed by a homeowner at sign-in): untouched for VISITOR_PROFILE_KEPT_MS,
 * or holding nothing and a day old. Their facts, documents and reviews go with them (foreign keys cascade), and the
 * analytics triggers of migration 0008 take their homes out of the summary. Also drops expired password failures and
 * purges homes removed from "My homes" whose time to undo has passed.
 */
export async function sweepVisitorProfiles(db: Db, now: number = Date.now()): Promise<VisitorSweepResult> {
  const abandoned = new Date(now - VISITOR_PROFILE_KEPT_MS).toISOString();
  const empty = new Date(now - EMPTY_VISITOR_PROFILE_KEPT_MS).toISOString();
  let profiles = 0;
  // Demo journeys (seed/demo-journeys.ts) are dated back on purpose: they stay until `demo remove`.
  for (;;) {
    const deleted = await db.execute(sql`
      delete from building_profiles where id in (
        select p.id from building_profiles p
        where p.visitor_id is not null and not p.demo and p.updated_at < ${empty}::timestamptz
          and (p.updated_at < ${abandoned}::timestamptz
            or (p.answers = '{}'::jsonb and p.rates is null and p.consumption is null
                and not exists (select 1 from epc_documents d where d.profile_id = p.id)))
        limit ${BATCH})`);
    const count = deleted.rowCount ?? deleted.rows.length;
    profiles += count;
    if (count < BATCH) break;
  }
  return {
    profiles,
    passwordFailures: await sweepPasswordFailures(db, now),
    removedHomes: await purgeRemovedHomes(db, now),
  };
}

/** Sweeps now and every VISITOR_SWEEP_INTERVAL_MS; the timer never keeps the process alive. Returns stop(). */
export function startVisitorSweep(
  db: Db,
  onError: (error: unknown) => void,
  intervalMs = VISITOR_SWEEP_INTERVAL_MS,
): () => void {
  return runPeriodically(() => sweepVisitorProfiles(db), onError, intervalMs);
}
