import type { VitalsReport } from '@home-energy/shared/mfe/vitals';
import type { DatabaseHandle } from '../../../db/client';
import { createTestDatabase } from '../../../../test/test-database';
import { bucketOf, percentile, round } from '../histogram';
import { daysBefore, recordVitals, windowCounts } from '../repository';
import { ROLLED_WINDOWS, rollVitals } from '../rollup';
import { speedView } from '../speed';

// The Speed view reads each window's roll-up (the last 1, 7, 28 and 90 days) instead of summing its days: after any
// sequence of reports and date changes (a day at a time, a gap of weeks, two instances rolling at once) a window must
// hold exactly the reports of its days, and each ended day its own p75.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const START = '2026-01-01';
const dayAt = (n: number) => daysBefore(START, -n);
let seed = 7;
const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;

/** A phone or desktop page load on one of two pages and two releases, usable time between 0.5 and 8 s. */
function report(): VitalsReport {
  return {
    device: random() < 0.5 ? 'phone' : 'desktop',
    connection: random() < 0.5 ? '4g' : undefined,
    views: [
      {
        route: random() < 0.5 ? '/' : '/property/:id/questions',
        remote: 'mfe-flow',
        version: random() < 0.7 ? '1.0.0' : '1.1.0',
        navigation: 'load',
        usable: Math.round(500 + random() * 7500),
        inp: Math.round(20 + random() * 400),
      },
    ],
  };
}

/** What a window over `days` days ending on `today` should hold, summed straight from the day histograms. */
async function expected(days: number, today: string): Promise<Record<string, number>> {
  const { rows } = await database.pool.query(
    `select route, version, device, metric, bucket, sum(count)::int as count from web_vitals
     where day > $1 and day <= $2 group by route, version, device, metric, bucket`,
    [daysBefore(today, days), today],
  );
  return Object.fromEntries(rows.map((r) => [`${r.route} ${r.version} ${r.device} ${r.metric} ${r.bucket}`, r.count]));
}

async function held(days: number): Promise<Record<string, number>> {
  const rows = await windowCounts(database.db, days);
  return Object.fromEntries(rows.map((r) => [`${r.route} ${r.version} ${r.device} ${r.metric} ${r.bucket}`, r.count]));
}

async function expectWindowsRight(today: string) {
  for (const days of ROLLED_WINDOWS) expect([days, await held(days)]).toEqual([days, await expected(days, today)]);
}

it('holds exactly the reports of its days, day after day, over gaps and while reports keep coming', async () => {
  // Reports on 40 days, rolling every day (the hourly sweep) with reports before and after the roll.
  for (let n = 0; n < 40; n++) {
    for (let i = 0; i < 3; i++) await recordVitals(database.db, report(), dayAt(n));
    await rollVitals(database.db, dayAt(n));
    for (let i = 0; i < 2; i++) await recordVitals(database.db, report(), dayAt(n));
    if (n % 9 === 0 || n === 39) await expectWindowsRight(dayAt(n));
  }
  // A gap: nobody looked for 10 days (past the 7-day window, inside the others), then 100 days (past all of them).
  await rollVitals(database.db, dayAt(49));
  await expectWindowsRight(dayAt(49));
  await recordVitals(database.db, report(), dayAt(149));
  await rollVitals(database.db, dayAt(149));
  await expectWindowsRight(dayAt(149));
  expect(Object.values(await held(90)).reduce((a, b) => a + b, 0)).toBe(2); // one report: usable and INP
});

it('takes a day off once even when two instances roll at the same moment', async () => {
  for (let i = 0; i < 5; i++) await recordVitals(database.db, report(), dayAt(150));
  await Promise.all([rollVitals(database.db, dayAt(157)), rollVitals(database.db, dayAt(157))]);
  await expectWindowsRight(dayAt(157));
});

it("shows each ended day's p75 in the trend, and today's so far", async () => {
  const usable = [900, 1200, 1500, 2100, 2400, 3000, 4200, 6000];
  const days = [dayAt(200), dayAt(201), dayAt(202)];
  for (const [d, day] of days.entries())
    for (const value of usable)
      await recordVitals(
        database.db,
        {
          device: 'phone',
          views: [
            { route: '/trend', remote: 'mfe-flow', version: '1.0.0', navigation: 'load', usable: value * (d + 1) },
          ],
        },
        day,
      );
  const view = await speedView(database.db, 7, Date.parse(`${days[2]}T12:00:00Z`));
  const page = view.pages.find((p) => p.route === '/trend')!;
  const p75 = (scale: number) =>
    round('usable', percentile('usable', new Map(usable.map((v) => [bucketOf('usable', v * scale), 1])), 0.75)!);
  expect(page.trend).toEqual(days.map((day, d) => ({ day, usable: p75(d + 1), lcp: null, inp: null })));
  expect(page.metrics.usable!.count).toBe(usable.length * 3);
});
