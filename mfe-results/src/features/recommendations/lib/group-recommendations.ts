import { ACTION_GROUPS, type ActionGroup, type Activity } from '@home-energy/shared';
// Bundled into this remote (a deep import): the dashboard does not depend on the shell's copy of shared being new.
import { isProposed, isShown, measureCardsToShow, type MeasureCard } from '@home-energy/shared/energy/measure-cards';

// Which cards are shown and which propose something: one rule for the dashboard and the engine's checks
// (shared/src/energy/measure-cards.ts).
export { isProposed, isShown };

/** The action groups of the savings lists; `package` (combined measures) is shown on its own (docs/product.md §3). */
export const SAVINGS_GROUPS = ACTION_GROUPS.filter(
  (group): group is Exclude<ActionGroup, 'package'> => group !== 'package',
);
export type SavingsGroup = (typeof SAVINGS_GROUPS)[number];

/** How many measures "Best next steps" shows. */
export const BEST_NEXT_STEPS = 3;

/** Proposed, yet its savings never pay back the investment within its life span (the engine's pays_back). */
export function doesNotPayBack(activity: Activity): boolean {
  return isProposed(activity) && !activity.pays_back;
}

/**
 * "Contact installers" only where an installer does the work (the engine's catalogue flag) and there is something to
 * do.
 */
export function offersInstallers(activity: Activity): boolean {
  return activity.needs_installer && isProposed(activity);
}

/** Within a group: what does not pay back goes last, else the engine's order (bff/src/energy/README.md "Ranking"). */
export function byRank(a: Activity, b: Activity): number {
  return (
    Number(doesNotPayBack(a)) - Number(doesNotPayBack(b)) ||
    b.savings.energyCostSavings - a.savings.energyCostSavings ||
    b.kwh_saved_bought - a.kwh_saved_bought ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

/**
 * Best next steps: paying single measures by the engine's lifetime_value (bff/src/energy/README.md "Ranking"), one per
 * choice, among the cards shown (measureCardsToShow: each thing to do once).
 */
export function bestNextSteps(recommendations: readonly Activity[]): MeasureCard[] {
  const candidates = measureCardsToShow(recommendations)
    .filter((a) => a.category !== 'package' && isProposed(a) && a.pays_back)
    .sort((a, b) => b.lifetime_value - a.lifetime_value || byRank(a, b));
  const chosen: MeasureCard[] = [];
  const choices = new Set<string>();
  for (const activity of candidates) {
    if (chosen.length === BEST_NEXT_STEPS) break;
    if (activity.choice !== null && choices.has(activity.choice)) continue;
    if (activity.choice !== null) choices.add(activity.choice);
    chosen.push(activity);
  }
  return chosen;
}

export interface RecommendationGroups {
  best: MeasureCard[];
  groups: { group: SavingsGroup; activities: MeasureCard[]; proposed: number }[];
  packages: MeasureCard[];
  /** Nothing at all to propose (the 'Inga rekommendationer' state). */
  nothingProposed: boolean;
}

/** The cards of the savings lists and packages: each thing to do once (shared measureCardsToShow), ranked. */
export function groupRecommendations(recommendations: readonly Activity[]): RecommendationGroups {
  const shown = measureCardsToShow(recommendations).sort(byRank);
  const groups = SAVINGS_GROUPS.map((group) => {
    const activities = shown.filter((activity) => activity.category === group);
    return { group, activities, proposed: activities.filter(isProposed).length };
  });
  const packages = shown.filter((activity) => activity.category === 'package');
  const nothingProposed = groups.every((g) => g.proposed === 0) && !packages.some(isProposed);
  return { best: bestNextSteps(recommendations), groups, packages, nothingProposed };
}
