// The measures' cards a homeowner sees: one card per thing to do. The engine's `heat_pump` is not a pump of its own but
// the best of the three pump types (bff/src/energy/README.md "Ranking"), so its figures are that type's figures: the
// two collapse into the type's card, marked as the best heat pump for the house. No two cards that propose something
// carry the same figures.
// Pure functions and types only: a remote imports this module by its own path and bundles it, so it works whatever copy
// of the shared package the shell provides (docs/decisions/federation-singletons.md).
import type { Activity, ActivityType } from '../schemas/energy';

/** The pump types `heat_pump` chooses among (the engine's candidates). */
export const HEAT_PUMP_TYPES: readonly ActivityType[] = ['heat_pump_geothermal', 'heat_pump_airwater', 'heat_pump_air'];

/** A card: the measure, and whether it is the pump type the engine found best for this house. */
export interface MeasureCard extends Activity {
  /** This pump type is the engine's `heat_pump`: "the best heat pump for your house". */
  best_heat_pump: boolean;
}

/** It saves something: bought energy (kWh, exports never counted) or kronor. */
function savesSomething(activity: Activity): boolean {
  return activity.kwh_saved_bought > 0 || activity.savings.energyCostSavings > 0;
}

/**
 * docs/product.md §4: negative savings, and no saving at all (0 kWh and 0 kr), are hidden unless the measure is
 * completed.
 */
export function isShown(activity: Activity): boolean {
  if (activity.completion_status === 'completed') return true;
  return activity.kwh_saved_bought >= 0 && savesSomething(activity);
}

/** Worth proposing: available, not done, and it saves something. */
export function isProposed(activity: Activity): boolean {
  return activity.available && activity.completion_status !== 'completed' && savesSomething(activity);
}

/**
 * The figures a card shows: yearly kWh and kronor saved, kWh sold, investment (middle and span) and life span. Two
 * proposed cards with the same figures say the same thing.
 */
export function cardFigures(activity: Activity): string {
  return [
    activity.kwh_saved_bought,
    activity.savings.energyCostSavings,
    activity.kwh_sold,
    activity.investment_cost,
    activity.investment_cost_span,
    activity.life_span,
  ].join('|');
}

export function sameFigures(a: Activity, b: Activity): boolean {
  return cardFigures(a) === cardFigures(b);
}

/** A measure with no investment: its card says "no cost" where another says how soon it pays back. */
export function isFree(activity: Pick<Activity, 'investment_cost' | 'investment_cost_span'>): boolean {
  return activity.investment_cost <= 0 && activity.investment_cost_span <= 0;
}

/**
 * `heat_pump` as a card: folded into the pump type with its figures when it proposes that type, dropped when the
 * house's pump is one of the types' cards already ("done" on that card); kept where it says something no type card
 * says (an exhaust-air pump in the house, say).
 */
function foldHeatPump(activities: readonly Activity[]): MeasureCard[] {
  const best = activities.find((a) => a.name === 'heat_pump');
  const cards = activities.map((a): MeasureCard => ({ ...a, best_heat_pump: false }));
  if (!best) return cards;
  const types = cards.filter((a) => HEAT_PUMP_TYPES.includes(a.name));
  const chosen = isProposed(best) ? types.find((a) => isProposed(a) && sameFigures(a, best)) : undefined;
  const doneAsType = best.completion_status === 'completed' && types.some((a) => a.completion_status === 'completed');
  if (!chosen && !doneAsType) return cards;
  if (chosen) chosen.best_heat_pump = true;
  return cards.filter((a) => a.name !== 'heat_pump');
}

/**
 * The cards to show, in the order given: the shown ones (docs/product.md §4), `heat_pump` folded into the type it
 * chose, and of proposed cards with the same figures only the first (a single measure before a package).
 */
export function measureCardsToShow(activities: readonly Activity[]): MeasureCard[] {
  const cards = foldHeatPump(activities);
  const shown = cards.filter(isShown);
  const singlesFirst = [
    ...shown.filter((a) => a.category !== 'package'),
    ...shown.filter((a) => a.category === 'package'),
  ];
  const seen = new Set<string>();
  const dropped = new Set<MeasureCard>();
  for (const card of singlesFirst) {
    if (!isProposed(card)) continue;
    const figures = cardFigures(card);
    if (seen.has(figures)) dropped.add(card);
    else seen.add(figures);
  }
  return shown.filter((card) => !dropped.has(card));
}
