// Plans in the engine bench (README "Speed"): computePlan of 8 measures and suggestPlans, each from a fresh context as
// the plan routes make one per request, in-process on demo-register houses. Figures, not a test.
import { computePlan, PlanError, suggestPlans } from '../energy/activities/plan';
import { recommendationsFor } from '../energy/activities/recommendations';
import type { ActivityType } from '../energy/activities/types';
import type { Building } from '../energy/building-model';

export const PLAN_SIZE = 8;
/** Every how-many-th house the suggestion search runs on (it is the slow one: up to hundreds of label runs a house). */
const SUGGEST_EVERY = 10;

/** Up to PLAN_SIZE measures the engine proposes for the house, one per choice, that it accepts together as a plan. */
function planOfEight(building: Building): ActivityType[] | null {
  const choices = new Set<string>();
  const types: ActivityType[] = [];
  for (const a of recommendationsFor(building)) {
    if (
      a.category === 'package' ||
      a.name === 'unspecified' ||
      a.name === 'heat_pump' ||
      !a.available ||
      a.completion_status === 'completed'
    )
      continue;
    if (a.choice !== null && choices.has(a.choice)) continue;
    if (a.choice !== null) choices.add(a.choice);
    types.push(a.name);
  }
  if (types.length < PLAN_SIZE) return null;
  const chosen = types.slice(0, PLAN_SIZE);
  try {
    computePlan(building, chosen);
    return chosen;
  } catch (error) {
    if (error instanceof PlanError) return null;
    throw error;
  }
}

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return { count: sorted.length, p50Ms: pct(50), p99Ms: pct(99), maxMs: sorted[sorted.length - 1] ?? NaN };
}

function timed(run: () => unknown): number {
  const t0 = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** p50/p99 of a plan of 8 measures (houses offering 8) and of the suggestion search (every SUGGEST_EVERY-th house). */
export function benchPlans(buildings: readonly Building[]) {
  const plans = buildings
    .map((building) => ({ building, types: planOfEight(building) }))
    .filter((p): p is { building: Building; types: ActivityType[] } => p.types !== null);
  for (const { building, types } of plans.slice(0, 50)) computePlan(building, types);
  const planTimes = plans.map(({ building, types }) => timed(() => computePlan(building, types)));
  const sample = buildings.filter((_, i) => i % SUGGEST_EVERY === 0);
  for (const building of sample.slice(0, 20)) suggestPlans(building);
  const suggestTimes = sample.map((building) => timed(() => suggestPlans(building)));
  return { plan8: percentiles(planTimes), suggest: percentiles(suggestTimes) };
}
