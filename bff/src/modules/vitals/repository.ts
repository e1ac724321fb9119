// Real users' speed in PostgreSQL (docs/performance.md "Field vitals"): reports are added to per-day histograms
// (histogram.ts, schema webVitals) and to each window's (rollup.ts), and read back as percentiles per page and release.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { VitalMetric, VitalsReport } from '@home-energy/shared/mfe/vitals';
import { VITAL_METRICS } from '@home-energy/shared/mfe/vitals';
import type { Db } from '../../db/client';
import { webVitals, webVitalsDays, webVitalsWindows } from '../../db/schema';
import { outputsOnly } from '../../db/tracked-db';
import { runPeriodically } from '../../periodic';
import { bucketOf } from './histogram';
import { LONGEST_WINDOW, ROLLED_WINDOWS, rollVitals } from './rollup';

/** A day as the histograms key it: the UTC date. */
export function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000);
}

/** Adds a report's figures to today's histograms and to every window's, each bucket counted once per report. */
export async function recordVitals(db: Db, report: VitalsReport, day: string): Promise<void> {
  const rows = new Map<string, typeof webVitals.$inferInsert>();
  const windows = new Map<string, typeof webVitalsWindows.$inferInsert>();
  for (const view of report.views) {
    for (const metric of VITAL_METRICS) {
      const value = view[metric];
      if (value === undefined) continue;
      const key = { route: view.route, remote: view.remote, version: view.version, device: report.device, metric };
      const bucket = bucketOf(metric, value);
      const row = { day, ...key, connection: report.connection ?? '', bucket, count: 1 };
      const id = [row.route, row.remote, row.version, row.metric, row.bucket].join('\n');
      const seen = rows.get(id);
      if (seen) seen.count! += 1;
      else rows.set(id, row);
      for (const days of ROLLED_WINDOWS) {
        const inWindow = windows.get(`${days}\n${id}`);
        if (inWindow) inWindow.count += 1;
        else windows.set(`${days}\n${id}`, { days, ...key, bucket, count: 1 });
      }
    }
  }
  if (rows.size === 0) return;
  // No read cache reads these rows: counting a report must not empty the caches (db/tracked-db.ts).
  await outputsOnly(db).transaction(async (tx) => {
    await tx
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
    await tx
      .insert(webVitalsWindows)
      .values([...windows.values()])
      .onConflictDoUpdate({
        target: [
          webVitalsWindows.days,
          webVitalsWindows.route,
          webVitalsWindows.remote,
          webVitalsWindows.version,
          webVitalsWindows.device,
          webVitalsWindows.metric,
          webVitalsWindows.bucket,
        ],
        set: { count: sql`${webVitalsWindows.count} + excluded.count` },
      });
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

/**
 * Every bucket of one window (of `metrics`, or all), read as one text of tab-separated lines: PGlite hands each row to
 * JavaScript at 3–5 µs, which at a million reports (40,000 rows in a window) was most of the Speed view's time
 * (docs/performance.md "Latest figures"). No field holds a tab or a newline: routes are checked patterns, versions
 * release versions, the rest names (routes.ts, shared/src/mfe/remotes.ts).
 */
export async function windowCounts(db: Db, days: number, metrics?: VitalMetric[]): Promise<BucketCount[]> {
  const w = webVitalsWindows;
  const fields = [w.route, w.remote, w.version, w.device, w.metric, w.bucket, w.count];
  const line = sql`concat_ws(E'\t', ${sql.join(fields, sql`, `)})`;
  const where = metrics ? and(eq(w.days, days), inArray(w.metric, metrics)) : eq(w.days, days);
  const result = await db.execute(sql`select string_agg(${line}, E'\n') as lines from ${w} where ${where}`);
  const lines = (result.rows[0] as { lines: string | null } | undefined)?.lines;
  if (!lines) return [];
  return lines.split('\n').map((text) => {
    const [route = '', remote = '', version = '', device = '', metric, bucket, count] = text.split('\t');
    return {
      route,
      remote,
      version,
      device,
      metric: metric as VitalMetric,
      bucket: Number(bucket),
      count: Number(count),
    };
  });
}

/** Deletes the days before `before` and their trend rows; returns how many histogram rows went. */
export async function sweepVitals(db: Db, before: string): Promise<number> {
  const deleted = await outputsOnly(db).execute(sql`delete from ${webVitals} where ${lt(webVitals.day, before)}`);
  await outputsOnly(db).delete(webVitalsDays).where(lt(webVitalsDays.day, before));
  return deleted.rowCount ?? deleted.rows.length;
}

/**
 * Now and every hour: rolls the windows up to today, then sweeps the days past `keptDays` (never a day still inside
 * the longest window, which must be taken off it first). The timer never keeps the process alive. Returns stop().
 */
export function startVitalsSweep(db: Db, keptDays: number, onError: (error: unknown) => void): () => void {
  return runPeriodically(
    async () => {
      const today = dayOf(Date.now());
      await rollVitals(db, today);
      await sweepVitals(db, daysBefore(today, Math.max(keptDays, LONGEST_WINDOW) - 1));
    },
    onError,
    3_600_000,
  );
}
