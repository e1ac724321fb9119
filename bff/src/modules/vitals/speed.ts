// What real users' speed reports add up to (docs/performance.md "Field vitals"): per page, release and device, the
// percentiles the super admin's Speed view and the Releases page show.
import {
  SPEED_WINDOWS,
  type AdminReleaseSpeed,
  type AdminSpeed,
  type AdminSpeedPage,
  type SpeedMetrics,
} from '@home-energy/shared/schemas/admin';
import { REMOTES, type RemotePackage } from '@home-energy/shared/remotes';
import {
  audienceOfRemote,
  DEVICE_CLASSES,
  FIELD_BUDGETS,
  type DeviceClass,
  type VitalMetric,
} from '@home-energy/shared/mfe/vitals';
import type { Db } from '../../db/client';
import { percentile, percentilesOf, round } from './histogram';
import { dayOf, daysBefore, windowCounts, type BucketCount } from './repository';
import { endedDaysSince, rollVitals, todayCounts, TREND_METRICS, trendRows } from './rollup';

/** The window the Releases page judges each release's speed over. */
export const RELEASE_SPEED_DAYS: (typeof SPEED_WINDOWS)[number] = 28;

type Histograms = Map<VitalMetric, Map<number, number>>;

function add(histograms: Histograms, row: { metric: VitalMetric; bucket: number; count: number }) {
  let counts = histograms.get(row.metric);
  if (!counts) histograms.set(row.metric, (counts = new Map()));
  counts.set(row.bucket, (counts.get(row.bucket) ?? 0) + row.count);
}

function metricsOf(histograms: Histograms): SpeedMetrics {
  const metrics: SpeedMetrics = {};
  for (const [metric, counts] of histograms) {
    const figures = percentilesOf(metric, counts);
    if (figures) metrics[metric] = figures;
  }
  return metrics;
}

const p75Of = (histograms: Histograms | undefined, metric: VitalMetric): number | null => {
  const counts = histograms?.get(metric);
  const value = counts ? percentile(metric, counts, 0.75) : null;
  return value === null ? null : round(metric, value);
};

const isRemote = (remote: string): remote is RemotePackage => REMOTES.some((r) => r.package === remote);

/**
 * Every page with reports over the last `days` days (including today; one of SPEED_WINDOWS), slowest p75 usable
 * time first.
 */
export async function speedView(db: Db, days: number, now = Date.now()): Promise<AdminSpeed> {
  const today = dayOf(now);
  const since = daysBefore(today, days - 1);
  await rollVitals(db, today);
  const [counts, ended, todays] = await Promise.all([
    windowCounts(db, days),
    endedDaysSince(db, since),
    todayCounts(db, TREND_METRICS),
  ]);
  const pages = new Map<
    string,
    { remote: RemotePackage; all: Histograms; devices: Map<DeviceClass, Histograms>; releases: Map<string, Histograms> }
  >();
  for (const row of counts as BucketCount[]) {
    if (!isRemote(row.remote)) continue;
    const key = `${row.route}\n${row.remote}`;
    let page = pages.get(key);
    if (!page) pages.set(key, (page = { remote: row.remote, all: new Map(), devices: new Map(), releases: new Map() }));
    add(page.all, row);
    const device = row.device as DeviceClass;
    if (!page.devices.has(device)) page.devices.set(device, new Map());
    add(page.devices.get(device)!, row);
    if (!page.releases.has(row.version)) page.releases.set(row.version, new Map());
    add(page.releases.get(row.version)!, row);
  }
  // p75 per page, day and metric: the ended days' stored ones, today's from its counts so far.
  const trends = new Map<string, Map<string, Partial<Record<VitalMetric, number>>>>();
  for (const row of [...ended, ...trendRows(todays).map((row) => ({ day: today, ...row }))]) {
    let byDay = trends.get(row.route);
    if (!byDay) trends.set(row.route, (byDay = new Map()));
    if (!byDay.has(row.day)) byDay.set(row.day, {});
    byDay.get(row.day)![row.metric] = round(row.metric, row.p75);
  }
  const views: AdminSpeedPage[] = [...pages].map(([key, page]) => {
    const route = key.split('\n')[0]!;
    const audience = audienceOfRemote(page.remote);
    const byDay = trends.get(route) ?? new Map<string, Partial<Record<VitalMetric, number>>>();
    return {
      route,
      remote: page.remote,
      audience,
      budgets: FIELD_BUDGETS[audience],
      metrics: metricsOf(page.all),
      devices: DEVICE_CLASSES.filter((d) => page.devices.has(d)).map((device) => ({
        device,
        metrics: metricsOf(page.devices.get(device)!),
      })),
      releases: [...page.releases].map(([version, histograms]) => ({ version, metrics: metricsOf(histograms) })),
      trend: [...byDay.keys()].sort().map((day) => {
        const p75 = byDay.get(day)!;
        return { day, usable: p75.usable ?? null, lcp: p75.lcp ?? null, inp: p75.inp ?? null };
      }),
    };
  });
  views.sort((a, b) => (b.metrics.usable?.p75 ?? -1) - (a.metrics.usable?.p75 ?? -1) || a.route.localeCompare(b.route));
  return { days, since, pages: views };
}

/** Each release's p75 usable time and INP over the last RELEASE_SPEED_DAYS days, by `remote@version`. */
export async function releaseSpeed(db: Db, now = Date.now()): Promise<Map<string, AdminReleaseSpeed>> {
  await rollVitals(db, dayOf(now));
  const rows = await windowCounts(db, RELEASE_SPEED_DAYS, ['usable', 'inp']);
  const releases = new Map<string, Histograms>();
  for (const row of rows) {
    const key = `${row.remote}@${row.version}`;
    if (!releases.has(key)) releases.set(key, new Map());
    add(releases.get(key)!, row);
  }
  const speed = new Map<string, AdminReleaseSpeed>();
  for (const [key, histograms] of releases) {
    const reports = [...(histograms.get('usable')?.values() ?? [])].reduce((sum, n) => sum + n, 0);
    speed.set(key, { reports, usableP75: p75Of(histograms, 'usable'), inpP75: p75Of(histograms, 'inp') });
  }
  return speed;
}
