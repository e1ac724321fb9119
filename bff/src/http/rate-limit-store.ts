// express-rate-limit's counters in the database (table rate_limit_hits), so every BFF instance on one database counts
// the same client against one limit: N instances behind a load balancer give a client the limit, not N times it.
// On embedded PGlite (one instance) the same store keeps the counters across a restart.
import { sql } from 'drizzle-orm';
import {
  rateLimit,
  type ClientRateLimitInfo,
  type Options,
  type RateLimitRequestHandler,
  type Store,
} from 'express-rate-limit';
import type { Db } from '../db/client';
import { outputsOnly } from '../db/tracked-db';
import { runPeriodically } from '../periodic';

interface HitsRow {
  hits: number;
  reset_at: Date | string;
}

const infoOf = (row: HitsRow): ClientRateLimitInfo => ({
  totalHits: Number(row.hits),
  resetTime: new Date(row.reset_at),
});

/**
 * One limiter's counters. `limiter` names it (each limiter counts on its own); windows are fixed, starting at a
 * client's first hit, timed by the database's clock so instances with drifting clocks agree.
 */
export class DatabaseRateLimitStore implements Store {
  private windowMs = 60_000;
  readonly localKeys = false;

  private readonly db: Db;

  constructor(
    db: Db,
    readonly limiter: string,
  ) {
    // Counters no read cache reads: a limited request must not empty the caches (db/tracked-db.ts).
    this.db = outputsOnly(db);
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.db.execute<HitsRow & Record<string, unknown>>(
      sql`select hits, reset_at from "rate_limit_hits" where limiter = ${this.limiter} and key = ${key}
        and reset_at > now()`,
    );
    return rows[0] ? infoOf(rows[0]) : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    // One statement: concurrent hits on any instance serialise on the row, so none is lost.
    const { rows } = await this.db.execute<
      HitsRow & Record<string, unknown>
    >(sql`insert into "rate_limit_hits" as h (limiter, key, hits, reset_at)
      values (${this.limiter}, ${key}, 1, now() + ${this.windowMs} * interval '1 millisecond')
      on conflict (limiter, key) do update set
        hits = case when h.reset_at <= now() then 1 else h.hits + 1 end,
        reset_at = case when h.reset_at <= now() then excluded.reset_at else h.reset_at end
      returning hits, reset_at`);
    return infoOf(rows[0]!);
  }

  async decrement(key: string): Promise<void> {
    await this.db.execute(
      sql`update "rate_limit_hits" set hits = greatest(hits - 1, 0) where limiter = ${this.limiter} and key = ${key}`,
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.db.execute(sql`delete from "rate_limit_hits" where limiter = ${this.limiter} and key = ${key}`);
  }
}

/** Deletes the counters whose window has ended; returns how many. */
export async function sweepRateLimits(db: Db): Promise<number> {
  const result = await outputsOnly(db).execute(sql`delete from "rate_limit_hits" where reset_at <= now()`);
  return result.rowCount ?? 0;
}

/** Ended windows are swept every minute, so the table holds about one row per client active in the longest window. */
export function startRateLimitSweep(db: Db, onError: (error: unknown) => void, intervalMs = 60_000): () => void {
  return runPeriodically(() => sweepRateLimits(db), onError, intervalMs);
}

/**
 * A limiter counted in this store under `name` (every instance shares one count), with the draft-8 RateLimit headers,
 * answering 429 `{ error: 'too_many_requests', message }` unless a `handler` answers otherwise. Keyed by the client's
 * address unless `keyGenerator` says otherwise.
 */
export function sharedRateLimit(
  db: Db,
  name: string,
  options: Pick<Options, 'windowMs'> & {
    limit: Options['limit'];
    message: string;
  } & Partial<Pick<Options, 'keyGenerator' | 'skip' | 'skipSuccessfulRequests' | 'handler'>>,
): RateLimitRequestHandler {
  const { message, ...rest } = options;
  return rateLimit({
    store: new DatabaseRateLimitStore(db, name),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: { error: 'too_many_requests', message },
    ...rest,
  });
}
