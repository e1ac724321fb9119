// Reads of the analytics summary (analytics_daily). Every query is a range scan of the primary key
// (organisation, metric, day): its cost follows the number of days × buckets, not the number of homes.
import { sql } from 'drizzle-orm';
import type { Grain, ResolvedPeriod, SeriesPoint } from '@home-energy/shared/schemas/analytics';
import { dayNumber, dayOfNumber } from '@home-energy/shared/schemas/dates';
import type { Db } from '../../db/client';

export interface BucketSum {
  bucket: string;
  n: number;
  total: number;
}

/** Counts and sums per bucket of one metric over the period. Buckets that net to zero are left out. */
export async function sumByBucket(
  db: Db,
  organisationId: number,
  metric: string,
  period: ResolvedPeriod,
): Promise<BucketSum[]> {
  const result = await db.execute<{ bucket: string; n: string; total: string }>(sql`
    select bucket, sum(n)::bigint as n, sum(total)::bigint as total from analytics_daily
    where organisation_id = ${organisationId} and metric = ${metric} and day between ${period.from}::date
    and ${period.to}::date
    group by bucket`);
  return result.rows
    .map((r) => ({ bucket: r.bucket, n: Number(r.n), total: Number(r.total) }))
    .filter((r) => r.n !== 0 || r.total !== 0);
}

/** The first day of the grain's bucket that holds `day`. */
export function bucketStart(day: string, grain: Grain): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (grain === 'week') date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  if (grain === 'month') date.setUTCDate(1);
  return date.toISOString().slice(0, 10);
}

/** The most points a series has: ANALYTICS_MAX_DAYS in months is ~122, a day-grain period at most 93. */
export const MAX_SERIES_POINTS = 400;

/** Bucket starts from `start` up to `to`, counted from the span first so the work never exceeds MAX_SERIES_POINTS. */
function bucketCount(start: string, to: string, grain: Grain): number {
  const days = dayNumber(to) - dayNumber(start);
  if (!Number.isFinite(days) || days < 0) return 0;
  if (grain === 'day') return days + 1;
  if (grain === 'week') return Math.floor(days / 7) + 1;
  const months =
    (Number(to.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + (Number(to.slice(5, 7)) - Number(start.slice(5, 7)));
  return Number.isFinite(months) ? months + 1 : 0;
}

/** Every bucket start of the period, so a series has a point (0) where nothing happened; at most MAX_SERIES_POINTS. */
export function bucketStarts(period: ResolvedPeriod): string[] {
  const start = bucketStart(period.from, period.grain);
  const count = Math.min(bucketCount(start, period.to, period.grain), MAX_SERIES_POINTS);
  const first = dayNumber(start);
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    if (period.grain === 'day') return dayOfNumber(first + i);
    if (period.grain === 'week') return dayOfNumber(first + 7 * i);
    const date = new Date(0);
    date.setUTCFullYear(year, month + i, 1);
    return date.toISOString().slice(0, 10);
  });
}

function fill(period: ResolvedPeriod, rows: { period: string; value: string | number }[]): SeriesPoint[] {
  const byPeriod = new Map(rows.map((r) => [r.period, Number(r.value)]));
  return bucketStarts(period).map((start) => ({ period: start, value: byPeriod.get(start) ?? 0 }));
}

/** A metric's count (all buckets together) per day, week or month of the period. */
export async function series(
  db: Db,
  organisationId: number,
  metric: string,
  period: ResolvedPeriod,
): Promise<SeriesPoint[]> {
  const result = await db.execute<{ period: string; value: string }>(sql`
    select to_char(date_trunc(${period.grain}, day::timestamp), 'YYYY-MM-DD') as period, sum(n)::bigint as value
    from analytics_daily
    where organisation_id = ${organisationId} and metric = ${metric} and day between ${period.from}::date
    and ${period.to}::date
    group by 1`);
  return fill(period, result.rows);
}

/**
 * Distinct active people per bucket: stored per grain (a week's count is not the sum of its days), under the bucket's
 * first day, so a bucket that starts before the period's first day still counts.
 */
export async function activeSeries(db: Db, organisationId: number, period: ResolvedPeriod): Promise<SeriesPoint[]> {
  const result = await db.execute<{ period: string; value: string }>(sql`
    select to_char(day, 'YYYY-MM-DD') as period, sum(n)::bigint as value from analytics_daily
    where organisation_id = ${organisationId} and metric = ${`active_${period.grain}`}
      and day between ${bucketStart(period.from, period.grain)}::date and ${period.to}::date
    group by day`);
  return fill(period, result.rows);
}

/** The first day any of these metrics has data for the organisation (each a one-row index probe), or null. */
export async function firstDay(db: Db, organisationId: number, metrics: string[]): Promise<string | null> {
  const probes = metrics.map(
    (metric) =>
      sql`(select min(day) from analytics_daily where organisation_id = ${organisationId} and metric = ${metric})`,
  );
  const result = await db.execute<{ first: string | null }>(
    sql`select to_char(least(${sql.join(probes, sql`, `)}), 'YYYY-MM-DD') as first`,
  );
  return result.rows[0]?.first ?? null;
}
