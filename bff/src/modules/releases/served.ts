// What the registry served to whom (docs/releases.md "Health beacon"): a health beacon counts only for a release the
// registry answered to that session, so a report cannot be made up for a version nobody served its sender. Recorded
// only while the release's remote has a canary: the verdict is the only thing beacons decide, and its baseline is the
// active release over the same days. The registry is read on every page load, so a session's answer is written once
// per instance and hour (a returning page load costs a map lookup), and rows go 7 days after the last answer.
import crypto from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { and, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { outputsOnly } from '../../db/tracked-db';
import { mfeReleaseServed } from '../../db/schema';
import { runPeriodically } from '../../periodic';
import { derivedKey } from './audience';

/** A served row lives this long after the registry's last answer to that session. */
export const SERVED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
export const SERVED_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** How long an instance takes a session's answer as recorded without writing it again. */
const RECORDED_TTL_MS = 60 * 60 * 1000;
/** Rows per delete statement, so a sweep never holds long locks. */
const BATCH = 5_000;

/**
 * The registry's record of what it answered, for the releases of remotes with a canary. Anyone can ask the registry
 * without a cookie, and every such answer is a new session: at most `perMinute` new sessions are recorded per client
 * address (ipOf: an IPv4 address or an IPv6 /56) and minute on each instance, the rate at which that address may send
 * beacons (BEACON_RATE_LIMIT). A session past it is served as usual, but its beacons are not counted.
 */
export class ServedReleases {
  private readonly recorded = new LRUCache<string, true>({ max: 20_000, ttl: RECORDED_TTL_MS });
  private readonly perAddress = new LRUCache<string, number>({ max: 10_000, ttl: 60_000, noUpdateTTL: true });

  constructor(
    private readonly db: Db,
    private readonly perMinute: number,
  ) {}

  /**
   * Records that these releases were served to the session (its visitorKey), asking from `address`; one write for
   * what is new. False when the address has had its share of new sessions this minute (nothing is written).
   */
  async record(visitor: string, releaseIds: number[], address: string): Promise<boolean> {
    const fresh = releaseIds.filter((id) => !this.recorded.has(`${id}\n${visitor}`));
    if (fresh.length === 0) return true;
    const written = this.perAddress.get(address) ?? 0;
    if (written >= this.perMinute) return false;
    this.perAddress.set(address, written + 1);
    // No read cache reads these rows: recording them must not empty the caches (db/tracked-db.ts).
    await outputsOnly(this.db)
      .insert(mfeReleaseServed)
      .values(fresh.map((releaseId) => ({ releaseId, visitor })))
      .onConflictDoUpdate({
        target: [mfeReleaseServed.releaseId, mfeReleaseServed.visitor],
        set: { servedAt: sql`excluded.served_at` },
      });
    for (const id of fresh) this.recorded.set(`${id}\n${visitor}`, true);
    return true;
  }
}

/** Whether the registry served this release to the session (its visitorKey) in the last SERVED_KEPT_MS. */
export async function wasServed(db: Db, releaseId: number, visitor: string): Promise<boolean> {
  const row = await db.query.mfeReleaseServed.findFirst({
    where: and(eq(mfeReleaseServed.releaseId, releaseId), eq(mfeReleaseServed.visitor, visitor)),
    columns: { releaseId: true },
  });
  return !!row;
}

/** The client's network: /24 of an IPv4 address (IPv4-mapped too), /48 of an IPv6 one (req.ip, after trust proxy). */
export function networkOf(ip: string): string {
  const address = ipKeyGenerator(ip, 48);
  return isIPv4(address) ? `${address.split('.').slice(0, 3).join('.')}.0/24` : address;
}

/**
 * A keyed hash of the request's network, which is all the session rows keep of the address: it tells networks apart
 * and, without the server's secret, cannot be turned back into one.
 */
export function networkHasher(secret: string): (req: Request) => string {
  const key = derivedKey(secret, 'mfe-network');
  return (req) =>
    crypto
      .createHmac('sha256', key)
      .update(networkOf(req.ip ?? ''))
      .digest('base64url')
      .slice(0, 22);
}

/** Deletes served rows older than SERVED_KEPT_MS, in batches; returns how many. */
export async function sweepServedReleases(db: Db, now: number = Date.now()): Promise<number> {
  const before = new Date(now - SERVED_KEPT_MS);
  let total = 0;
  for (;;) {
    const deleted = await outputsOnly(db).execute(sql`
      delete from mfe_release_served where ctid in (
        select ctid from mfe_release_served where served_at < ${before.toISOString()}::timestamptz limit ${BATCH})`);
    const count = deleted.rowCount ?? deleted.rows.length;
    total += count;
    if (count < BATCH) return total;
  }
}

/** Sweeps now and every SERVED_SWEEP_INTERVAL_MS; the timer never keeps the process alive. Returns stop(). */
export function startServedSweep(
  db: Db,
  onError: (error: unknown) => void,
  intervalMs = SERVED_SWEEP_INTERVAL_MS,
): () => void {
  return runPeriodically(() => sweepServedReleases(db), onError, intervalMs);
}
