import { Router, type Request } from 'express';
import { noQuery } from '../../http/input-guards';
import { addDays, dayNumber, daysInclusive, resolveDateRange } from '@home-energy/shared/schemas/dates';
import {
  ANALYTICS_MAX_DAYS,
  analyticsPeriodSchema,
  grainFor,
  UNKNOWN_BUCKET,
  YEAR_BANDS,
  type ActivitiesAnalytics,
  type ConsoleOverview,
  type CountRow,
  type PortfolioAnalytics,
  type PropertiesAnalytics,
  type ResolvedPeriod,
  type TransitionAnalytics,
  type UsersAnalytics,
} from '@home-energy/shared/schemas/analytics';
import { ACTIVITY_TYPES, BUILDING_TYPES, CARRIERS, ENERGY_CLASSES } from '@home-energy/shared/schemas/energy';
import { isItemAllowed, menuItem } from '@home-energy/shared/console/menu-rules';
import type { Db } from '../../db/client';
import { menuContext, requireConsoleItem } from '../../auth/guards';
import { co2FactorTable, CO2_FACTORS } from '../../energy/co2';
import { activeSeries, firstDay, series, sumByBucket, type BucketSum } from './repository';
import { planRows } from './plans';
import { openValidationCount } from '../validation/repository';
import { parse } from '../../http/errors';

const today = (now: () => number) => new Date(now()).toISOString().slice(0, 10);

/**
 * ?from&to after defaults (resolveDateRange: `to` today, a missing `from` at most ANALYTICS_MAX_DAYS back), a missing
 * `from` moved up to the first day with data (else `to`), and the grain for that span.
 */
async function resolvePeriod(db: Db, req: Request, metrics: string[], now: () => number): Promise<ResolvedPeriod> {
  const query = parse(analyticsPeriodSchema, req.query, 'query');
  const range = resolveDateRange(query, ANALYTICS_MAX_DAYS, now());
  const first =
    query.from === undefined ? ((await firstDay(db, req.organisation!.id, metrics)) ?? range.to) : range.from;
  const from = dayNumber(first) > dayNumber(range.from) ? first : range.from;
  const start = dayNumber(from) <= dayNumber(range.to) ? from : range.to;
  return { from: start, to: range.to, grain: grainFor(daysInclusive(start, range.to)) };
}

/** Counts in a fixed order (every known key, zeros included), then unknown when there is any. */
function ordered(rows: BucketSum[], keys: readonly string[]): CountRow[] {
  const byKey = new Map(rows.map((r) => [r.bucket, r.n]));
  const out = keys.map((key) => ({ key, count: byKey.get(key) ?? 0 }));
  const unknown = rows.filter((r) => !keys.includes(r.bucket)).reduce((sum, r) => sum + r.n, 0);
  if (unknown > 0) out.push({ key: UNKNOWN_BUCKET, count: unknown });
  return out;
}

function byCount(rows: BucketSum[]): CountRow[] {
  return rows
    .map((r) => ({ key: r.bucket, count: r.n }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/** Homes per class on one side of label moves, in class order. */
function tally(moves: { from: string; to: string; count: number }[], side: 'from' | 'to'): CountRow[] {
  const counts = new Map<string, number>();
  for (const m of moves) counts.set(m[side], (counts.get(m[side]) ?? 0) + m.count);
  return ordered(
    [...counts].map(([bucket, n]) => ({ bucket, n, total: 0 })),
    ENERGY_CLASSES,
  );
}

const sum = (rows: { count: number }[]) => rows.reduce((total, r) => total + r.count, 0);

/**
 * /api/console/org/{org}/analytics/*: each page's figures from the pre-aggregated summary, guarded by the rules table.
 */
export function analyticsRoutes({ db, now = Date.now }: { db: Db; now?: () => number }): Router {
  const router = Router({ mergeParams: true });
  const send = (res: import('express').Response, body: unknown) =>
    res.set('Cache-Control', 'private, no-cache').json(body);

  router.get('/properties', requireConsoleItem('properties'), async (req, res) => {
    const org = req.organisation!.id;
    const period = await resolvePeriod(db, req, ['label'], now);
    const [labels, types, bands, heating, newHomes] = await Promise.all([
      sumByBucket(db, org, 'label', period),
      sumByBucket(db, org, 'building_type', period),
      sumByBucket(db, org, 'year_band', period),
      sumByBucket(db, org, 'heating', period),
      series(db, org, 'label', period),
    ]);
    const byLabel = ordered(labels, ENERGY_CLASSES);
    const body: PropertiesAnalytics = {
      period,
      total: sum(byLabel),
      byLabel,
      byBuildingType: ordered(types, BUILDING_TYPES),
      byYearBand: ordered(bands, YEAR_BANDS),
      byHeating: byCount(heating),
      series: newHomes,
    };
    send(res, body);
  });

  router.get('/activities', requireConsoleItem('activities'), async (req, res) => {
    const org = req.organisation!.id;
    const period = await resolvePeriod(db, req, ['label', 'installer_requests', 'interactions'], now);
    const [labels, recommended, completed, requests, requestSeries, interactions, funnel] = await Promise.all([
      sumByBucket(db, org, 'label', period),
      sumByBucket(db, org, 'recommended', period),
      sumByBucket(db, org, 'completed', period),
      sumByBucket(db, org, 'installer_requests', period),
      series(db, org, 'installer_requests', period),
      sumByBucket(db, org, 'interactions', period),
      sumByBucket(db, org, 'installer_funnel', period),
    ]);
    const count = (rows: BucketSum[], key: string) => rows.find((r) => r.bucket === key)?.n ?? 0;
    const byActivity = ACTIVITY_TYPES.map((activity) => ({
      activity,
      recommended: count(recommended, activity),
      completed: count(completed, activity),
      installerRequests: count(requests, activity),
    }));
    const body: ActivitiesAnalytics = {
      period,
      homes: labels.reduce((total, r) => total + r.n, 0),
      byActivity,
      totals: {
        recommended: byActivity.reduce((t, a) => t + a.recommended, 0),
        completed: byActivity.reduce((t, a) => t + a.completed, 0),
        installerRequests: requests.reduce((t, r) => t + r.n, 0),
      },
      installerRequestsSeries: requestSeries,
      installerFunnel: {
        requested: count(funnel, 'requested'),
        contacted: count(funnel, 'contacted'),
        quoted: count(funnel, 'quoted'),
        won: count(funnel, 'won'),
      },
      interactions: byCount(interactions),
    };
    send(res, body);
  });

  router.get('/users', requireConsoleItem('users'), async (req, res) => {
    const org = req.organisation!.id;
    const period = await resolvePeriod(db, req, ['signups', 'active_day'], now);
    const [signUpSeries, active] = await Promise.all([
      series(db, org, 'signups', period),
      activeSeries(db, org, period),
    ]);
    const body: UsersAnalytics = {
      period,
      signUps: signUpSeries.reduce((t, p) => t + p.value, 0),
      signUpSeries,
      activeSeries: active,
      peakActive: Math.max(0, ...active.map((p) => p.value)),
    };
    send(res, body);
  });

  router.get('/transition', requireConsoleItem('transition'), async (req, res) => {
    const org = req.organisation!.id;
    const period = await resolvePeriod(db, req, ['transition'], now);
    const [rows, plans] = await Promise.all([sumByBucket(db, org, 'transition', period), planRows(db, org, period)]);
    const moves = rows
      .map((r) => {
        const [from = UNKNOWN_BUCKET, to = UNKNOWN_BUCKET] = r.bucket.split('>');
        return { from, to, count: r.n };
      })
      .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
    const before = tally(moves, 'from');
    const body: TransitionAnalytics = {
      period,
      homes: sum(before),
      now: before,
      after: tally(moves, 'to'),
      moves,
      improved: moves
        .filter((m) => m.from !== UNKNOWN_BUCKET && m.to !== UNKNOWN_BUCKET && m.to < m.from)
        .reduce((t, m) => t + m.count, 0),
      plans: {
        ...plans.figures,
        now: tally(plans.moves, 'from'),
        after: tally(plans.moves, 'to'),
        moves: plans.moves,
        measures: plans.measures,
      },
    };
    send(res, body);
  });

  router.get('/portfolio', requireConsoleItem('portfolio'), async (req, res) => {
    const org = req.organisation!.id;
    const period = await resolvePeriod(db, req, ['portfolio'], now);
    const [totals, carriersNow, carriersAfter] = await Promise.all([
      sumByBucket(db, org, 'portfolio', period),
      sumByBucket(db, org, 'carrier_now', period),
      sumByBucket(db, org, 'carrier_after', period),
    ]);
    const total = (bucket: string) => totals.find((r) => r.bucket === bucket)?.total ?? 0;
    const kwh = (rows: BucketSum[], carrier: string) => rows.find((r) => r.bucket === carrier)?.total ?? 0;
    const byCarrier = CARRIERS.map((carrier) => {
      const nowKwh = kwh(carriersNow, carrier);
      const afterKwh = kwh(carriersAfter, carrier);
      const factor = CO2_FACTORS[carrier].kgPerKwh;
      return {
        carrier,
        nowKwh,
        afterKwh,
        nowCo2Kg: Math.round(nowKwh * factor),
        afterCo2Kg: Math.round(afterKwh * factor),
      };
    }).filter((c) => c.nowKwh > 0 || c.afterKwh > 0);
    const body: PortfolioAnalytics = {
      period,
      homes: totals.find((r) => r.bucket === 'homes')?.n ?? 0,
      energyKwh: { now: total('energy_now'), after: total('energy_after') },
      costKr: { now: total('cost_now'), after: total('cost_after') },
      co2Kg: { now: total('co2_now'), after: total('co2_after') },
      byCarrier,
      co2Factors: co2FactorTable(),
    };
    send(res, body);
  });

  return router;
}

/**
 * GET /api/console/org/{org}/overview: key figures for the organisation's home, each only if the user may see its page.
 */
export function overviewRoute({ db, now = Date.now }: { db: Db; now?: () => number }): Router {
  const router = Router({ mergeParams: true });
  router.get('/', noQuery, async (req, res) => {
    const org = req.organisation!.id;
    const context = menuContext(req);
    const to = today(now);
    const from = addDays(to, -29);
    const all: ResolvedPeriod = { from: '1900-01-01', to, grain: 'month' };
    const recent: ResolvedPeriod = { from, to, grain: 'day' };
    const homesOf = async (period: ResolvedPeriod) =>
      (await sumByBucket(db, org, 'label', period)).reduce((t, r) => t + r.n, 0);
    // Four independent reads: side by side on the pool, so the page waits for the slowest, not for their sum.
    const [homes, validation, installerRequests] = await Promise.all([
      isItemAllowed(menuItem('properties'), context)
        ? Promise.all([homesOf(all), homesOf(recent)]).then(([total, last30Days]) => ({ total, last30Days }))
        : null,
      isItemAllowed(menuItem('validation'), context) ? openValidationCount(db, org).then((open) => ({ open })) : null,
      isItemAllowed(menuItem('activities'), context)
        ? sumByBucket(db, org, 'installer_requests', recent).then((rows) => ({
            last30Days: rows.reduce((t, r) => t + r.n, 0),
          }))
        : null,
    ]);
    const body: ConsoleOverview = { homes, validation, installerRequests };
    res.set('Cache-Control', 'private, no-cache').json(body);
  });
  return router;
}
