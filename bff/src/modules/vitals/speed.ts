// What real users' speed reports add up to (docs/performance.md "Field vitals"): per page, release and device, the
// percentiles the super admin's Speed view and the Releases page show.
import type { AdminReleaseSpeed, AdminSpeed, AdminSpeedPage, SpeedMetrics } from '@home-energy/shared/schemas/admin';
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
import { countsSince, dailyCountsSince, dayOf, daysBefore, type BucketCount } from './repository';

/** The window the Releases page judges each release's speed over. */
export const RELEASE_SPEED_DAYS = 28;

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

/** Every page with reports over the last `days` days (including today), slowest p75 usable time first. */
export async function speedView(db: Db, days: number, now = Date.now()): Promise<AdminSpeed> {
  const since = daysBefore(dayOf(now), days - 1);
  const [counts, daily] = await Promise.all([
    countsSince(db, since),
    dailyCountsSince(db, since, ['usable', 'lcp', 'inp']),
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
  const trends = new Map<string, Map<string, Histograms>>();
  for (const row of daily) {
    let byDay = trends.get(row.route);
    if (!byDay) trends.set(row.route, (byDay = new Map()));
    if (!byDay.has(row.day)) byDay.set(row.day, new Map());
    add(byDay.get(row.day)!, row);
  }
  const views: AdminSpeedPage[] = [...pages].map(([key, page]) => {
    const route = key.split('\n')[0]!;
    const audience = audienceOfRemote(page.remote);
    const byDay = trends.get(route) ?? new Map<string, Histograms>();
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
        const histograms = byDay.get(day);
        return {
          day,
          usable: p75Of(histograms, 'usable'),
          lcp: p75Of(histograms, 'lcp'),
          inp: p75Of(histograms, 'inp'),
        };
      }),
    };
  });
  views.sort((a, b) => (b.metrics.usable?.p75 ?? -1) - (a.metrics.usable?.p75 ?? -1) || a.route.localeCompare(b.route));
  return { days, since, pages: views };
}

/** Each release's p75 usable time and INP over the last RELEASE_SPEED_DAYS days, by `remote@version`. */
export async function releaseSpeed(db: Db, now = Date.now()): Promise<Map<string, AdminReleaseSpeed>> {
  const rows = await countsSince(db, daysBefore(dayOf(now), RELEASE_SPEED_DAYS - 1));
  const releases = new Map<string, Histograms>();
  for (const row of rows) {
    if (row.metric !== 'usable' && row.metric !== 'inp') continue;
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
