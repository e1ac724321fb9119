// Real users' speed in PostgreSQL (docs/performance.md "Field vitals"): reports are added to per-day histograms
// (histogram.ts, schema webVitals) and read back as percentiles per page, release and day.
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { VitalMetric, VitalsReport } from '@home-energy/shared/mfe/vitals';
import { VITAL_METRICS } from '@home-energy/shared/mfe/vitals';
import type { Db } from '../../db/client';
import { webVitals } from '../../db/schema';
import { outputsOnly } from '../../db/tracked-db';
import { runPeriodically } from '../../periodic';
import { bucketOf } from './histogram';

/** A day as the histograms key it: the UTC date. */
export function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000);
}

/** Adds a report's figures to today's histograms: one statement, each bucket counted once per report. */
export async function recordVitals(db: Db, report: VitalsReport, day: string): Promise<void> {
  const rows = new Map<string, typeof webVitals.$inferInsert>();
  for (const view of report.views) {
    for (const metric of VITAL_METRICS) {
      const value = view[metric];
      if (value === undefined) continue;
      const row = {
        day,
        route: view.route,
        remote: view.remote,
        version: view.version,
        device: report.device,
        connection: report.connection ?? '',
        metric,
        bucket: bucketOf(metric, value),
        count: 1,
      };
      const key = [row.route, row.remote, row.version, row.metric, row.bucket].join('\n');
      const seen = rows.get(key);
      if (seen) seen.count! += 1;
      else rows.set(key, row);
    }
  }
  if (rows.size === 0) return;
  // No read cache reads these rows: counting a report must not empty the caches (db/tracked-db.ts).
  await outputsOnly(db)
    .insert(webVitals)
    .values([...rows.values()])
    .onConflictDoUpdate({
      target: [
        webVitals.day,
        webVitals.route,
        webVitals.remote,
        webVitals.version,
        webVitals.device,
        webVitals.connection,
        webVitals.metric,
        webVitals.bucket,
      ],
      set: { count: sql`${webVitals.count} + excluded.count` },
    });
}

/** The page patterns with figures on `day`. */
export async function routesOn(db: Db, day: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ route: webVitals.route })
    .from(webVitals)
    .where(sql`${webVitals.day} = ${day}`);
  return new Set(rows.map((r) => r.route));
}

export interface BucketCount {
  route: string;
  remote: string;
  version: string;
  device: string;
  metric: VitalMetric;
  bucket: number;
  count: number;
}

/** Counts per page, release, device class, metric and bucket from `since` (a day) on. */
export async function countsSince(db: Db, since: string): Promise<BucketCount[]> {
  const rows = await db
    .select({
      route: webVitals.route,
      remote: webVitals.remote,
      version: webVitals.version,
      device: webVitals.device,
      metric: webVitals.metric,
      bucket: webVitals.bucket,
      count: sql<number>`sum(${webVitals.count})::int`,
    })
    .from(webVitals)
    .where(gte(webVitals.day, since))
    .groupBy(
      webVitals.route,
      webVitals.remote,
      webVitals.version,
      webVitals.device,
      webVitals.metric,
      webVitals.bucket,
    );
  return rows as BucketCount[];
}

export interface DayCount {
  day: string;
  route: string;
  metric: VitalMetric;
  bucket: number;
  count: number;
}

/** Counts per day, page, metric and bucket from `since` on, for the metrics asked. */
export async function dailyCountsSince(db: Db, since: string, metrics: VitalMetric[]): Promise<DayCount[]> {
  const rows = await db
    .select({
      day: webVitals.day,
      route: webVitals.route,
      metric: webVitals.metric,
      bucket: webVitals.bucket,
      count: sql<number>`sum(${webVitals.count})::int`,
    })
    .from(webVitals)
    .where(and(gte(webVitals.day, since), inArray(webVitals.metric, metrics)))
    .groupBy(webVitals.day, webVitals.route, webVitals.metric, webVitals.bucket);
  return rows as DayCount[];
}

/** Deletes the days before `before`; returns how many rows went. */
export async function sweepVitals(db: Db, before: string): Promise<number> {
  const deleted = await outputsOnly(db).execute(sql`delete from ${webVitals} where ${lt(webVitals.day, before)}`);
  return deleted.rowCount ?? deleted.rows.length;
}

/** Sweeps the days past `keptDays` now and every hour; the timer never keeps the process alive. Returns stop(). */
export function startVitalsSweep(db: Db, keptDays: number, onError: (error: unknown) => void): () => void {
  return runPeriodically(() => sweepVitals(db, daysBefore(dayOf(Date.now()), keptDays - 1)), onError, 3_600_000);
}
