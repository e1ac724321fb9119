// The console's analytics contract (docs/product.md §2 console: properties, activities, users, transition, portfolio):
// the period filter every analytics call takes, the buckets it counts in, and the answers. The BFF answers from
// pre-aggregated tables (bff/src/modules/analytics/README.md); the console draws charts and tables from these shapes.
import { z } from 'zod';
import { calendarDaySchema, dateRangeCheck } from './dates';
import { lazySchema } from './lazy-schema';

/** The longest period one call may cover (keeps a series at most a few hundred points). */
export const ANALYTICS_MAX_DAYS = 366 * 10;

/**
 * ?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included (UTC days). Either may be left out: `to` is then today, `from`
 * the first day with data but at most ANALYTICS_MAX_DAYS before `to`. Strict: an unknown parameter is a 400.
 */
export const analyticsPeriodSchema = lazySchema(() =>
  z
    .object({ from: calendarDaySchema.optional(), to: calendarDaySchema.optional() })
    .strict()
    .superRefine(dateRangeCheck({ maxDays: ANALYTICS_MAX_DAYS })),
);
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

/** Series points: one per day for short periods, per ISO week up to two years, per month beyond. */
export const GRAINS = ['day', 'week', 'month'] as const;
export type Grain = (typeof GRAINS)[number];

/** The grain a period of this many days is drawn in. */
export function grainFor(days: number): Grain {
  if (days <= 92) return 'day';
  if (days <= 731) return 'week';
  return 'month';
}

/** Construction-year bands, after the Swedish building eras the engine's archetypes follow. */
export const YEAR_BANDS = ['before_1930', '1930_1959', '1960_1975', '1976_1990', '1991_2010', '2011_later'] as const;
export type YearBand = (typeof YEAR_BANDS)[number];

export function yearBandOf(year: number | null | undefined): YearBand | null {
  if (typeof year !== 'number' || !Number.isFinite(year)) return null;
  if (year < 1930) return 'before_1930';
  if (year < 1960) return '1930_1959';
  if (year < 1976) return '1960_1975';
  if (year < 1991) return '1976_1990';
  if (year < 2011) return '1991_2010';
  return '2011_later';
}

/** A bucket without a value (no label computed yet, type or heating not known). */
export const UNKNOWN_BUCKET = 'unknown';

export interface CountRow {
  key: string;
  count: number;
}

export interface SeriesPoint {
  /** First day of the bucket (YYYY-MM-DD). */
  period: string;
  value: number;
}

/** The period the answer covers, after defaults (from: the first day with data; to: today). */
export interface ResolvedPeriod {
  from: string;
  to: string;
  grain: Grain;
}

export interface PropertiesAnalytics {
  period: ResolvedPeriod;
  /** Homes (one per owner and property) that came through the organisation in the period. */
  total: number;
  byLabel: CountRow[];
  byBuildingType: CountRow[];
  byYearBand: CountRow[];
  byHeating: CountRow[];
  /** New homes per bucket. */
  series: SeriesPoint[];
}

export interface ActivityRow {
  activity: string;
  /** Homes where the engine recommends it (available, not done, saves energy). */
  recommended: number;
  /** Homes where it is done already. */
  completed: number;
  installerRequests: number;
}

export interface ActivitiesAnalytics {
  period: ResolvedPeriod;
  homes: number;
  byActivity: ActivityRow[];
  totals: { recommended: number; completed: number; installerRequests: number };
  installerRequestsSeries: SeriesPoint[];
  /** Requests sent in the period by the stage they reached with the installer (bff/src/modules/analytics/README.md). */
  installerFunnel: { requested: number; contacted: number; quoted: number; won: number };
  /** What homeowners did in the flow (interaction log), by action. */
  interactions: CountRow[];
}

export interface UsersAnalytics {
  period: ResolvedPeriod;
  /** Homeowners (BankID) with a home through the organisation, by the day their account was made. */
  signUps: number;
  signUpSeries: SeriesPoint[];
  /** Distinct people (homeowners and anonymous visitors) active in the flow per bucket. */
  activeSeries: SeriesPoint[];
  peakActive: number;
}

export interface TransitionAnalytics {
  period: ResolvedPeriod;
  homes: number;
  /** Calculated label now and after the recommended measures (the engine's top_of_the_line package). */
  now: CountRow[];
  after: CountRow[];
  /** Homes moving from one class to another. */
  moves: { from: string; to: string; count: number }[];
  improved: number;
  /** The renovation plans homeowners have saved in the period (bff/src/modules/analytics/README.md "Plans"). */
  plans: PlanAnalytics;
}

/** Saved plans: the label now → after the plan, their money and the measures most planned. */
export interface PlanAnalytics {
  homes: number;
  now: CountRow[];
  after: CountRow[];
  moves: { from: string; to: string; count: number }[];
  /** Sums over the plans, kr (investment gross, subsidies apart) and kr / kWh bought less per year. */
  investmentKr: number;
  subsidiesKr: number;
  savingsKrPerYear: number;
  savingsKwhPerYear: number;
  /** Plans holding each measure, most planned first. */
  measures: CountRow[];
}

export interface Co2Factor {
  carrier: string;
  kgPerKwh: number;
  source: string;
  estimate: boolean;
}

export interface PortfolioTotals {
  now: number;
  after: number;
}

export interface PortfolioAnalytics {
  period: ResolvedPeriod;
  /** Homes with an energy estimate. */
  homes: number;
  energyKwh: PortfolioTotals;
  costKr: PortfolioTotals;
  co2Kg: PortfolioTotals;
  byCarrier: { carrier: string; nowKwh: number; afterKwh: number; nowCo2Kg: number; afterCo2Kg: number }[];
  co2Factors: Co2Factor[];
}

/** GET /api/console/org/{org}/overview: the organisation's home page; each part only when the user may see it. */
export interface ConsoleOverview {
  homes: { total: number; last30Days: number } | null;
  validation: { open: number } | null;
  installerRequests: { last30Days: number } | null;
}
