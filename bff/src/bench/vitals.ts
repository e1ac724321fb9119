// Field-vitals benchmark for `npm run bench`: the Speed view and one report's write at a million reports
// (docs/performance.md "Field vitals"). A million reports of 20 pages, two releases, two devices and three connection
// types over 28 days (BENCH_VITALS_REPORTS for another count) are counted into the day histograms as the reports
// route would (bucketOf) and written in bulk; the windows are then built from them (what a first start after the
// upgrade does) and read back as the super admin's Speed view (7, 28 and 90 days) and the Releases page's speed;
// last, the daily roll that takes a day off every window. Prints one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { VITAL_METRICS, type VitalMetric } from '@home-energy/shared/mfe/vitals';
import { openPglite } from '../db/client';
import { runMigrations } from '../db/migrate';
import { webVitals } from '../db/schema';
import { bucketOf } from '../modules/vitals/histogram';
import { dayOf, daysBefore, recordVitals } from '../modules/vitals/repository';
import { rollVitals } from '../modules/vitals/rollup';
import { releaseSpeed, speedView } from '../modules/vitals/speed';

const REPORTS = Number(process.env.BENCH_VITALS_REPORTS ?? 1_000_000);
const DAYS = 28;
const ROUTES = Array.from({ length: 20 }, (_, i) => `/bench/page-${String.fromCharCode(97 + i)}`);
// The active release and a canary or the one before it: what a window holds for one remote.
const VERSIONS = ['0.1.0-a', '0.1.0-a', '0.1.0-a', '0.1.0-b'];
const DEVICES = ['phone', 'desktop'] as const;
// Most browsers that tell say 4g; Safari and Firefox do not tell.
const CONNECTIONS = ['4g', '4g', '4g', '4g', '4g', '4g', '', '', '3g'];

let seed = 1;
const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
/** A log-normal figure around `median` (page times are). */
const figure = (median: number) =>
  Math.exp(Math.log(median) + 0.7 * Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random()));
const MEDIANS: Record<VitalMetric, number> = { usable: 1800, lcp: 1500, inp: 90, ttfb: 200, cls: 0.01 };

const timed = async (runs: number, work: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 10) / 10;
  return { p50Ms: at(0.5), p95Ms: at(0.95), runs };
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-vitals-'));
  const database = await openPglite({ dataDir: dir });
  try {
    await runMigrations(database.db);
    const today = dayOf(Date.now());
    const counts = new Map<string, number>();
    for (let i = 0; i < REPORTS; i++) {
      const base = [daysBefore(today, Math.floor(random() * DAYS)), pick(ROUTES), 'mfe-flow', pick(VERSIONS)];
      const where = [...base, pick(DEVICES), pick(CONNECTIONS)].join('\t');
      for (const metric of VITAL_METRICS) {
        const key = `${where}\t${metric}\t${bucketOf(metric, figure(MEDIANS[metric]))}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    process.stderr.write(`counted ${REPORTS} reports into ${counts.size} rows\n`);
    const rows = [...counts].map(([key, count]) => {
      const [day, route, remote, version, device, connection, metric, bucket] = key.split('\t');
      return {
        day: day!,
        route: route!,
        remote: remote!,
        version: version!,
        device: device!,
        connection: connection!,
        metric: metric!,
        bucket: Number(bucket),
        count,
      };
    });
    for (let i = 0; i < rows.length; i += 5000) await database.db.insert(webVitals).values(rows.slice(i, i + 5000));
    process.stderr.write('written\n');
    const buildWindows = await timed(1, () => rollVitals(database.db, today));
    const view = await speedView(database.db, 28);
    const usableCount = view.pages.reduce((sum, p) => sum + (p.metrics.usable?.count ?? 0), 0);
    if (usableCount !== REPORTS) throw new Error(`the Speed view counts ${usableCount} reports, not ${REPORTS}`);
    const results = {
      reports: REPORTS,
      rows: rows.length,
      buildWindows,
      speedView7: await timed(10, () => speedView(database.db, 7)),
      speedView28: await timed(10, () => speedView(database.db, 28)),
      speedView90: await timed(10, () => speedView(database.db, 90)),
      releaseSpeed: await timed(10, () => releaseSpeed(database.db)),
      recordOne: await timed(500, () =>
        recordVitals(
          database.db,
          {
            device: 'phone',
            views: [
              {
                route: pick(ROUTES),
                remote: 'mfe-flow',
                version: pick(VERSIONS),
                navigation: 'load',
                usable: figure(1800),
                lcp: figure(1500),
                inp: figure(90),
                cls: 0.01,
                ttfb: figure(200),
              },
            ],
          },
          today,
        ),
      ),
    };
    // The roll when the date changes: one day off each window, yesterday's trend rows (run last: it changes the data).
    await database.db.execute(sql`update web_vitals_rolled set through = ${daysBefore(today, 1)}`);
    const rollOneDay = await timed(1, () => rollVitals(database.db, today));
    console.log(JSON.stringify({ ...results, rollOneDay }));
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
