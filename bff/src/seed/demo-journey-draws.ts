// The random choices of a demo journey (README of this folder): when, what the homeowner answers, which plan, how far
// an installer request got. All from one seeded generator, so the same seed gives the same journeys.
import crypto from 'node:crypto';
import type { ActivityType } from '@home-energy/shared/schemas/energy';
import type { LeadStatus } from '@home-energy/shared/schemas/installer-leads';
import type { PlanLoan } from '@home-energy/shared/schemas/plan';
import { computePlan, PlanError } from '../energy/activities/plan';
import { contextFor } from '../energy/activities/runner';
import { registerAnswers, type BuildingResult } from '../modules/building/service';
import { storedPlanOf, type PropertyRow, type StoredPlan } from '../modules/building/repository';
import { isRecommended } from '../modules/analytics/insights';
import { normal, pick, randInt, weighted, type Rng } from '../register/prng';

import { DAY_MS } from '@home-energy/shared/schemas/dates';
export const MINUTE_MS = 60_000;

export interface DemoRequest {
  installer: { identifier: string; name: string };
  key: ActivityType;
  createdAt: Date;
  status: LeadStatus;
  contactedAt: Date | null;
  quotedAt: Date | null;
  statusChangedAt: Date | null;
  /** The homeowner withdrew it (status `withdrawn`) from `withdrawnFrom`, then. */
  withdrawnAt: Date | null;
  withdrawnFrom: LeadStatus | null;
}

/**
 * A day of the last 365, more of them recent (the product grows) and in the heating season (people think about
 * energy when the bills come): the time charts show a trend rather than noise.
 */
export function journeyTime(rng: Rng, now: number): Date {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  for (;;) {
    const daysAgo = Math.floor(rng() * 365);
    const at = new Date(today - daysAgo * DAY_MS);
    const growth = 0.35 + 0.65 * (1 - daysAgo / 365);
    const season = 1 + 0.3 * Math.cos((2 * Math.PI * (at.getUTCMonth() - 0.5)) / 12);
    if (rng() * 1.3 > growth * season) continue;
    const time = today - daysAgo * DAY_MS + randInt(rng, 6 * 60, 21 * 60 + 59) * MINUTE_MS;
    return new Date(Math.min(time, now - 60 * MINUTE_MS));
  }
}

/**
 * What the homeowner answers: mostly the register's facts confirmed, some corrected, some extras the register lacks.
 */
export function journeyAnswers(rng: Rng, property: PropertyRow, year: number): Record<string, unknown> {
  const answers: Record<string, unknown> = { ...registerAnswers(property) };
  if (typeof answers.atemp === 'number' && rng() < 0.12)
    answers.atemp = Math.max(40, Math.round((answers.atemp as number) * (0.8 + 0.4 * rng())));
  const heating = Array.isArray(answers.primary_heating_systems) ? (answers.primary_heating_systems as string[]) : [];
  // Heat pumps installed since the register was made.
  if (['electric_direct', 'electric_waterborne', 'oil'].includes(heating[0] ?? '') && rng() < 0.25) {
    answers.primary_heating_systems = [
      pick(rng, ['heat_pump_air', 'heat_pump_airwater', 'heat_pump_geothermal'] as const),
      ...heating.slice(0, 1),
    ];
  }
  const main = (answers.primary_heating_systems as string[] | undefined)?.[0] ?? '';
  const built = typeof answers.construction_year === 'number' ? answers.construction_year : 1970;
  if (main.startsWith('heat_pump') && rng() < 0.5)
    answers.heat_pump_installation_year = randInt(rng, Math.max(1995, built), year);
  if (rng() < 0.45)
    answers.occupants = weighted(rng, [
      [1, 0.15],
      [2, 0.35],
      [3, 0.18],
      [4, 0.22],
      [5, 0.08],
      [6, 0.02],
    ] as const);
  if (rng() < 0.4)
    answers.ventilation =
      built < 1970
        ? weighted(rng, [
            ['natural', 0.8],
            ['exhaust', 0.2],
          ] as const)
        : weighted(rng, [
            ['natural', 0.2],
            ['exhaust', 0.55],
            ['balanced_heat_recovery', 0.25],
          ] as const);
  if (rng() < 0.35)
    answers.window_type =
      built < 1960
        ? weighted(rng, [
            ['double', 0.6],
            ['triple', 0.25],
            ['single', 0.15],
          ] as const)
        : weighted(rng, [
            ['double', 0.35],
            ['triple', 0.45],
            ['energy', 0.2],
          ] as const);
  if (rng() < 0.25) answers.attic_insulation_mm = 50 * randInt(rng, 2, 10);
  if (rng() < 0.2) answers.indoor_temperature = Math.round(normal(rng, 21, 1) * 2) / 2;
  if (rng() < 0.08) answers.solar_panels_wp = 500 * randInt(rng, 6, 24);
  if (rng() < 0.1) answers.wallbox = true;
  // Owners of an air-to-air pump say how open the house is and how many indoor units it has (no draw: the random
  // sequence of the other answers stays as it was). Houses from 1980 on are more often partly open [E].
  if ((answers.primary_heating_systems as string[] | undefined)?.includes('heat_pump_air')) {
    answers.floor_plan = built >= 1980 ? 'partly_open' : 'closed';
    answers.air_to_air_units = 1;
  }
  return answers;
}

/**
 * A plan of one to three of the home's recommended measures (the flow's "Add to plan"), kept as `POST …/plan` keeps
 * it (with the figures the console counts), saved at `savedAt`.
 */
export function journeyPlan(rng: Rng, result: BuildingResult, savedAt: Date): StoredPlan | null {
  if (!result.basis) return null;
  const singles = result.recommendations
    .filter((a) => a.category !== 'package' && isRecommended(a))
    .map((a) => a.name as ActivityType);
  if (singles.length === 0) return null;
  const ctx = contextFor(result.basis.building, result.basis.prices);
  const loan: PlanLoan = {
    type: weighted(rng, [
      ['Cash', 0.5],
      ['Private', 0.3],
      ['Mortgage', 0.2],
    ] as const),
  };
  for (let size = Math.min(singles.length, randInt(rng, 1, 3)); size >= 1; size--) {
    try {
      const plan = computePlan(result.basis.building, singles.slice(0, size), { ctx, loan });
      return storedPlanOf(plan, loan, savedAt.getTime());
    } catch (error) {
      // Measures that replace one another (two heat pumps): a smaller plan.
      if (!(error instanceof PlanError)) throw error;
    }
  }
  return null;
}

type RequestHistory = Pick<
  DemoRequest,
  'status' | 'contactedAt' | 'quotedAt' | 'statusChangedAt' | 'withdrawnAt' | 'withdrawnFrom'
>;

/**
 * An installer request's history: older requests got further, each step on a later day, none after `now`; about one
 * open request in nine withdrawn by the homeowner a day after its last step (chosen by its time, not drawn, so the
 * other draws stay as they were).
 */
export function requestHistory(rng: Rng, sentAt: Date, now: number): RequestHistory {
  const history = installerProgress(rng, sentAt, now);
  const last = history.statusChangedAt ?? sentAt;
  const withdrawnAt = new Date(last.getTime() + DAY_MS);
  const open = history.status === 'new' || history.status === 'contacted' || history.status === 'quoted';
  if (!open || Math.floor(sentAt.getTime() / MINUTE_MS) % 9 !== 0 || withdrawnAt.getTime() >= now) return history;
  return { ...history, status: 'withdrawn', withdrawnAt, withdrawnFrom: history.status };
}

function installerProgress(rng: Rng, sentAt: Date, now: number): RequestHistory {
  const later = (from: Date, minDays: number, maxDays: number) =>
    new Date(from.getTime() + randInt(rng, minDays * 24 * 60, maxDays * 24 * 60) * MINUTE_MS);
  const past = (at: Date) => at.getTime() < now;
  const open = {
    status: 'new' as LeadStatus,
    contactedAt: null,
    quotedAt: null,
    statusChangedAt: null,
    withdrawnAt: null,
    withdrawnFrom: null,
  };
  if (rng() < 0.1) {
    const declined = later(sentAt, 1, 5);
    return past(declined) ? { ...open, status: 'declined', statusChangedAt: declined } : open;
  }
  const contactedAt = later(sentAt, 1, 4);
  if (rng() < 0.12 || !past(contactedAt)) return open;
  const contacted = { ...open, status: 'contacted' as LeadStatus, contactedAt, statusChangedAt: contactedAt };
  const next = rng();
  if (next < 0.12) {
    const lostAt = later(contactedAt, 3, 20);
    return past(lostAt) ? { ...contacted, status: 'lost', statusChangedAt: lostAt } : contacted;
  }
  const quotedAt = later(contactedAt, 3, 14);
  if (next < 0.3 || !past(quotedAt)) return contacted;
  const quoted = { ...contacted, status: 'quoted' as LeadStatus, quotedAt, statusChangedAt: quotedAt };
  const outcome = weighted(rng, [
    ['won', 0.45],
    ['lost', 0.3],
    ['quoted', 0.25],
  ] as const);
  const decidedAt = later(quotedAt, 5, 30);
  if (outcome === 'quoted' || !past(decidedAt)) return quoted;
  return { ...quoted, status: outcome, statusChangedAt: decidedAt };
}

/** A visitor id per journey, the same on every run. */
export const visitorIdOf = (index: number) => {
  const hex = crypto.createHash('md5').update(`demo-journey:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
