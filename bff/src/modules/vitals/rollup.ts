// The Speed view's roll-ups of real users' speed (docs/performance.md "Field vitals"): each window's histograms
// (web_vitals_windows) and each ended day's p75 per page (web_vitals_days), kept current so that reading a window
// costs the same at a thousand reports as at a million. A report adds to the windows as it comes (repository.ts);
// here, once the date changes, the day leaving each window is taken off, and each day that ended gets its trend row.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { SPEED_WINDOWS } from '@home-energy/shared/schemas/admin';
import type { VitalMetric } from '@home-energy/shared/mfe/vitals';
import type { Db } from '../../db/client';
import { webVitals, webVitalsDays, webVitalsRolled, webVitalsWindows } from '../../db/schema';
import { outputsOnly } from '../../db/tracked-db';
import { percentile } from './histogram';

/** The metrics the trend chart draws, one p75 per day. */
export const TREND_METRICS: VitalMetric[] = ['usable', 'lcp', 'inp'];

/** The windows kept: the Speed view's, and today alone (the trend's point for the day not yet ended). */
export const ROLLED_WINDOWS = [1, ...SPEED_WINDOWS];

/** The largest window: no day of web_vitals inside it may be swept before it has left the window. */
export const LONGEST_WINDOW = Math.max(...ROLLED_WINDOWS);

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayFrom = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The histogram key without day and connection: what a window sums over. */
const WINDOW_KEY = ['route', 'remote', 'version', 'device', 'metric', 'bucket'] as const;
const keyColumns = sql.raw(WINDOW_KEY.join(', '));

/**
 * Brings every window up to `today` and gives every ended day its trend rows. Cheap when nothing is due (one read
 * per roll-up); safe to call from several instances at once (each roll-up's row is locked while it moves).
 */
export async function rollVitals(db: Db, today: string): Promise<void> {
  const out = outputsOnly(db);
  // Every roll-up has a row to lock; a new one starts in the past, so it is built whole the first time.
  await out
    .insert(webVitalsRolled)
    .values([
      ...ROLLED_WINDOWS.map((days) => ({ name: `window:${days}`, through: '1970-01-01' })),
      { name: 'days', through: '1970-01-01' },
    ])
    .onConflictDoNothing();
  for (const days of ROLLED_WINDOWS) await rollWindow(db, days, today);
  await endDays(db, today);
}

async function lockedThrough(tx: Db, name: string): Promise<string> {
  const rows = await tx.execute<{ through: string }>(
    sql`select through::text as through from ${webVitalsRolled} where name = ${name} for update`,
  );
  return rows.rows[0]!.through;
}

async function rollWindow(db: Db, days: number, today: string): Promise<void> {
  await outputsOnly(db).transaction(async (tx) => {
    const name = `window:${days}`;
    const through = await lockedThrough(tx, name);
    const behind = dayNumber(today) - dayNumber(through);
    if (behind <= 0) return;
    if (behind >= days) {
      // Every day of the window changed since: summed again from the days, with reports held off meanwhile.
      await tx.execute(sql`lock table ${webVitalsWindows} in share row exclusive mode`);
      await tx.delete(webVitalsWindows).where(eq(webVitalsWindows.days, days));
      await tx.execute(sql`
        insert into ${webVitalsWindows} (days, ${keyColumns}, count)
        select ${days}, ${keyColumns}, sum(count)::int from ${webVitals}
        where day > ${dayFrom(dayNumber(today) - days)} and day <= ${today}
        group by ${keyColumns}`);
    } else {
      for (let n = dayNumber(through) + 1; n <= dayNumber(today); n++) {
        // The window ending on day n no longer holds day n − days.
        await tx.execute(sql`
          update ${webVitalsWindows} w set count = w.count - d.count
          from (select ${keyColumns}, sum(count)::int as count from ${webVitals}
                where day = ${dayFrom(n - days)} group by ${keyColumns}) d
          where w.days = ${days} and w.route = d.route and w.remote = d.remote and w.version = d.version
            and w.device = d.device and w.metric = d.metric and w.bucket = d.bucket`);
      }
      await tx.delete(webVitalsWindows).where(and(eq(webVitalsWindows.days, days), sql`count <= 0`));
    }
    await tx.update(webVitalsRolled).set({ through: today }).where(eq(webVitalsRolled.name, name));
  });
}

/** Gives each day before `today` not yet ended its p75 per page and trend metric. */
async function endDays(db: Db, today: string): Promise<void> {
  await outputsOnly(db).transaction(async (tx) => {
    const through = await lockedThrough(tx, 'days');
    const yesterday = dayNumber(today) - 1;
    if (dayNumber(through) >= yesterday) return;
    const first = await tx.execute<{ day: string | null }>(
      sql`select min(day)::text as day from ${webVitals} where day > ${through} and day < ${today}`,
    );
    const from = first.rows[0]?.day;
    for (let n = from ? dayNumber(from) : yesterday + 1; n <= yesterday; n++) {
      const day = dayFrom(n);
      const counts = await dayCounts(tx, day, TREND_METRICS);
      const rows = trendRows(counts).map((row) => ({ day, ...row }));
      if (rows.length) await tx.insert(webVitalsDays).values(rows).onConflictDoNothing();
    }
    await tx
      .update(webVitalsRolled)
      .set({ through: dayFrom(yesterday) })
      .where(eq(webVitalsRolled.name, 'days'));
  });
}

export interface DayBucket {
  route: string;
  metric: VitalMetric;
  bucket: number;
  count: number;
}

/**
 * Today's counts per page, metric and bucket, for the metrics asked: from its window (the day alone), which holds
 * fewer rows than the day's histograms (no connection) and is read grouped, so the Speed view's trend reaches today
 * without carrying every release and device across.
 */
export async function todayCounts(db: Db, metrics: VitalMetric[]): Promise<DayBucket[]> {
  const w = webVitalsWindows;
  const rows = await db
    .select({ route: w.route, metric: w.metric, bucket: w.bucket, count: sql<number>`sum(${w.count})::int` })
    .from(w)
    .where(and(eq(w.days, 1), inArray(w.metric, metrics)))
    .groupBy(w.route, w.metric, w.bucket);
  return rows as DayBucket[];
}

/** One day's counts per page, metric and bucket, for the metrics asked. */
export async function dayCounts(db: Db, day: string, metrics: VitalMetric[]): Promise<DayBucket[]> {
  const rows = await db
    .select({
      route: webVitals.route,
      metric: webVitals.metric,
      bucket: webVitals.bucket,
      count: sql<number>`sum(${webVitals.count})::int`,
    })
    .from(webVitals)
    .where(and(eq(webVitals.day, day), inArray(webVitals.metric, metrics)))
    .groupBy(webVitals.route, webVitals.metric, webVitals.bucket);
  return rows as DayBucket[];
}

/** A day's p75 and report count per page and metric, from its counts. */
export function trendRows(counts: DayBucket[]): { route: string; metric: VitalMetric; p75: number; count: number }[] {
  const histograms = new Map<string, Map<number, number>>();
  for (const row of counts) {
    const key = `${row.route}\n${row.metric}`;
    let histogram = histograms.get(key);
    if (!histogram) histograms.set(key, (histogram = new Map()));
    histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row.count);
  }
  return [...histograms].map(([key, histogram]) => {
    const [route, metric] = key.split('\n') as [string, VitalMetric];
    const count = [...histogram.values()].reduce((sum, n) => sum + n, 0);
    return { route, metric, p75: percentile(metric, histogram, 0.75)!, count };
  });
}

/** The ended days' trend rows from `since` on. */
export async function endedDaysSince(
  db: Db,
  since: string,
): Promise<{ day: string; route: string; metric: VitalMetric; p75: number }[]> {
  const rows = await db
    .select({
      day: webVitalsDays.day,
      route: webVitalsDays.route,
      metric: webVitalsDays.metric,
      p75: webVitalsDays.p75,
    })
    .from(webVitalsDays)
    .where(gt(webVitalsDays.day, dayFrom(dayNumber(since) - 1)));
  return rows as { day: string; route: string; metric: VitalMetric; p75: number }[];
}
