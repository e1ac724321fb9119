// A renovation plan (engine README "Plans"): the chosen measures applied to the house together, one model run, so the
// saving is the model's answer for the whole plan and not the sum of the measures' cards.
import { financeMeasure, type Financing } from '@home-energy/shared/finance/financing';
import { defaultLoanSettings, type LoanSettings } from '@home-energy/shared/finance/loan-terms';
import type { PlanLoan, PlanResult, PlanSuggestion } from '@home-energy/shared/schemas/plan';
import { ENERGY_CLASSES, type EnergyClass } from '@home-energy/shared/schemas/energy';
import type { BuildingInput } from '../answers';
import type { Building } from '../building-model';
import { defaultPrices, type Prices } from '../prices';
// The CO₂ factors are the portfolio analytics' one table (its module is pure data, no I/O).
import { co2Of } from '../co2';
import { combinedInput } from './measures/package-common';
import { hasHeatPump } from './measures/heat-pump-common';
import { availabilityOf, completionOf, costOf, inputAfter } from './model-runs';
import { worthOf } from './ranking';
import { MEASURES } from './registry';
import { contextFor, difference, roundedPerCarrier } from './runner';
import { combinedLifeSpan, midCost, subsidiesFor } from './subsidies';
import type { ActivityType, Measure, MeasureContext } from './types';

/** Measures that cannot be in a plan: the packages are plans themselves, and `unspecified` changes nothing. */
const NOT_PLANNABLE: ReadonlySet<ActivityType> = new Set<ActivityType>([
  'complete_renovation',
  'top_of_the_line',
  'unspecified',
]);

/** At most this many measures in a suggested plan (the search's bound; README "Plans"). */
export const MAX_SUGGESTION_MEASURES = 4;

export type PlanErrorCode = 'not_plannable' | 'conflicting_measures' | 'not_available' | 'duplicate_measure';

/** A plan the engine refuses: the measures named, and why. */
export class PlanError extends Error {
  constructor(
    readonly code: PlanErrorCode,
    readonly measures: ActivityType[],
    message: string,
  ) {
    super(message);
  }
}

export interface PlanOptions {
  prices?: Prices;
  loan?: PlanLoan;
  /** Reuse one property's context (its memoised runs) across many plans, e.g. the suggestion search. */
  ctx?: MeasureContext;
}

const BY_TYPE = new Map<ActivityType, Measure>(MEASURES.map((m) => [m.type, m]));
const ORDER = new Map<ActivityType, number>(MEASURES.map((m, i) => [m.type, i]));

/** Smart steering needs a heat pump: the house's, or one in the same plan. */
function availableIn(ctx: MeasureContext, measure: Measure, parts: readonly Measure[]): boolean {
  if (measure.type === 'heat_pump_smart_steering' && parts.some((p) => p.choice === 'heat_pump')) return true;
  return availabilityOf(ctx, measure).available;
}

/** The plan's measures, checked: plannable, each once, one per choice, not done yet and possible on this house. */
export function planMeasures(ctx: MeasureContext, types: readonly ActivityType[]): Measure[] {
  const seen = new Set<ActivityType>();
  const parts: Measure[] = [];
  for (const type of types) {
    if (seen.has(type)) throw new PlanError('duplicate_measure', [type], `${type} is in the plan twice.`);
    seen.add(type);
    const measure = BY_TYPE.get(type);
    if (!measure || NOT_PLANNABLE.has(type))
      throw new PlanError(
        'not_plannable',
        [type],
        `${type} cannot be part of a plan (packages and "unspecified" are not measures of their own).`,
      );
    parts.push(measure);
  }
  const byChoice = new Map<string, ActivityType[]>();
  for (const part of parts)
    if (part.choice) byChoice.set(part.choice, [...(byChoice.get(part.choice) ?? []), part.type]);
  for (const [choice, list] of byChoice) {
    if (list.length > 1)
      throw new PlanError(
        'conflicting_measures',
        list,
        `${list.join(' and ')} replace one another (choice "${choice}"): keep one of them.`,
      );
  }
  for (const part of parts) {
    if (completionOf(ctx, part) === 'completed')
      throw new PlanError('not_available', [part.type], `${part.type} is already done in this house.`);
    if (!availableIn(ctx, part, parts))
      throw new PlanError('not_available', [part.type], `${part.type} is not available for this house.`);
  }
  return parts.sort((a, b) => ORDER.get(a.type)! - ORDER.get(b.type)!);
}

/** The plan's loan as the money rules' settings (shared/src/finance): the type's defaults under what the body gives. */
export function loanSettingsOf(loan: PlanLoan): LoanSettings {
  const settings = defaultLoanSettings(loan.type);
  if (loan.term !== undefined && loan.type !== 'Cash') settings.loanTerm = loan.term;
  if (loan.interest_rate !== undefined) {
    if (loan.type === 'Private') settings.privateLoanInterest = loan.interest_rate;
    if (loan.type === 'Mortgage') settings.homeLoanInterest = loan.interest_rate;
  }
  if (loan.home_valuation !== undefined) settings.homeValuation = loan.home_valuation;
  if (loan.home_loan !== undefined) settings.homeLoan = loan.home_loan;
  return settings;
}

const round = (x: number) => Math.round(x) || 0;

/** The answers after the whole plan (no measures: the house as it is). */
function planInput(ctx: MeasureContext, parts: readonly Measure[]): BuildingInput {
  return parts.length === 0 ? ctx.building.input : combinedInput(ctx, parts);
}

/** The plan: label after it, investment, subsidies, yearly savings, CO₂ and its financing under the chosen loan. */
export function computePlan(building: Building, types: readonly ActivityType[], options: PlanOptions = {}): PlanResult {
  const ctx = options.ctx ?? contextFor(building, options.prices ?? defaultPrices(building.location.priceArea));
  const parts = planMeasures(ctx, types);
  const input = planInput(ctx, parts);
  const after = ctx.runs.actual(input);
  const diff = difference(ctx.before, after, ctx.prices);
  const items = parts.flatMap((part) => costOf(ctx, part));
  // Rounded as each recommendation is (runner.ts), so a plan of one measure is that measure's card.
  const investment = round(items.reduce((sum, i) => sum + midCost(i), 0));
  const span = round(items.reduce((sum, i) => sum + (i.high - i.low), 0));
  const lifeSpan = items.length === 0 ? 0 : round(combinedLifeSpan(items));
  const yearlyKr = round(diff.energyCostSavings);
  const loan = options.loan ?? { type: 'Cash' };
  const financing: Financing = financeMeasure(
    { investmentCost: investment, investmentCostSpan: span, yearlySavings: yearlyKr, lifeSpan },
    loanSettingsOf(loan),
  );
  return {
    measures: parts.map((p) => p.type),
    label_before: { ...ctx.labelBefore },
    epc_label: { ...ctx.runs.label(input) },
    investment_cost: investment,
    investment_cost_span: span,
    life_span: lifeSpan,
    subsidies: subsidiesFor(items),
    kwh_saved_bought: round(diff.energy_diff_import),
    kwh_sold: round(diff.energy_diff_export),
    energy_cost_savings: yearlyKr,
    energy_diff_per_carrier: roundedPerCarrier(diff.energy_diff_per_carrier),
    co2_saved_kg: round(co2Of(ctx.before.byCarrier) - co2Of(after.byCarrier)),
    ...worthOf(investment, yearlyKr, lifeSpan),
    loan,
    financing,
  };
}

/**
 * Classes better than `current`, best (A) first; every class when the house has none yet is not a case (Atemp ≤ 50).
 */
function betterClasses(current: EnergyClass): EnergyClass[] {
  return ENERGY_CLASSES.slice(0, ENERGY_CLASSES.indexOf(current));
}

/**
 * The measures the suggestion search tries: plannable, not done, possible on this house (smart steering also beside a
 * new pump), lowering EP on their own; `heat_pump` is left out, it is one of the three pump types it names.
 */
function searchCandidates(ctx: MeasureContext): Measure[] {
  const ep = ctx.labelBefore.ep;
  return MEASURES.filter((m) => {
    if (NOT_PLANNABLE.has(m.type) || m.type === 'heat_pump' || completionOf(ctx, m) === 'completed') return false;
    const possible =
      availabilityOf(ctx, m).available || (m.type === 'heat_pump_smart_steering' && !hasHeatPump(ctx.building.input));
    return possible && ctx.runs.label(inputAfter(ctx, m)).ep < ep;
  });
}

/** What the suggestions rank plans by: gross investment, the number of measures, the EP they reach. */
export interface PlanRank {
  cost: number;
  measures: number;
  ep: number;
}

/** Whether plan `a` is suggested over `b`: the cheaper; at the same cost the one of fewer measures, then lower EP. */
export function preferredPlan(a: PlanRank, b: PlanRank): boolean {
  if (a.cost !== b.cost) return a.cost < b.cost;
  if (a.measures !== b.measures) return a.measures < b.measures;
  return a.ep < b.ep;
}

/**
 * For each better class the house can reach, the cheapest plan (gross investment; ties: fewer measures, then lower EP)
 * that reaches it; classes whose cheapest plan is the same set of measures share one suggestion. Exhaustive over the
 * candidates' combinations of at most MAX_SUGGESTION_MEASURES measures with one measure per choice group: with ≤ 12
 * candidates that is ≤ 793 label runs (the lean EP path), pruned by cost.
 */
export function suggestPlans(building: Building, options: Pick<PlanOptions, 'prices' | 'ctx'> = {}): PlanSuggestion[] {
  const ctx = options.ctx ?? contextFor(building, options.prices ?? defaultPrices(building.location.priceArea));
  const current = ctx.labelBefore.energy_class;
  if (current === null) return [];
  const targets = betterClasses(current);
  if (targets.length === 0) return [];
  const candidates = searchCandidates(ctx);
  const cost = new Map(candidates.map((m) => [m, costOf(ctx, m).reduce((sum, i) => sum + midCost(i), 0)]));
  const best = new Map<EnergyClass, PlanRank & { parts: Measure[] }>();
  const worstBestCost = () =>
    best.size < targets.length ? Infinity : Math.max(...[...best.values()].map((b) => b.cost));

  const chosen: Measure[] = [];
  const visit = (start: number, sum: number) => {
    if (chosen.length > 0) {
      const valid =
        !chosen.some((m) => m.type === 'heat_pump_smart_steering') ||
        hasHeatPump(ctx.building.input) ||
        chosen.some((m) => m.choice === 'heat_pump');
      if (valid) {
        const label = ctx.runs.label(combinedInput(ctx, chosen));
        const reached = label.energy_class;
        if (reached !== null) {
          const rank: PlanRank = { cost: sum, measures: chosen.length, ep: label.ep };
          for (const target of targets) {
            if (ENERGY_CLASSES.indexOf(reached) > ENERGY_CLASSES.indexOf(target)) continue;
            const held = best.get(target);
            if (!held || preferredPlan(rank, held)) best.set(target, { ...rank, parts: [...chosen] });
          }
        }
      }
    }
    if (chosen.length === MAX_SUGGESTION_MEASURES) return;
    for (let i = start; i < candidates.length; i++) {
      const next = candidates[i]!;
      if (next.choice && chosen.some((m) => m.choice === next.choice)) continue;
      const total = sum + cost.get(next)!;
      // Costs only grow as measures are added: past the dearest best found for every class, nothing better follows.
      if (total > worstBestCost()) continue;
      chosen.push(next);
      visit(i + 1, total);
      chosen.pop();
    }
  };
  visit(0, 0);

  // One suggestion per distinct set of measures: the cheapest way to E that is also the cheapest way to F is one line
  // naming both classes, not two lines with the same measures (README "Plans").
  const out: PlanSuggestion[] = [];
  const bySet = new Map<string, PlanSuggestion>();
  for (const target of targets) {
    const found = best.get(target);
    if (!found) continue;
    const key = found.parts
      .map((p) => p.type)
      .sort()
      .join('+');
    const same = bySet.get(key);
    if (same) {
      same.energy_classes.push(target);
      continue;
    }
    const plan = computePlan(
      building,
      found.parts.map((p) => p.type),
      { ctx },
    );
    const suggestion: PlanSuggestion = {
      energy_class: target,
      energy_classes: [target],
      measures: plan.measures,
      investment_cost: plan.investment_cost,
      energy_cost_savings: plan.energy_cost_savings,
      epc_label: plan.epc_label,
    };
    bySet.set(key, suggestion);
    out.push(suggestion);
  }
  return out;
}
