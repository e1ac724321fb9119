import { ACTION_GROUPS, type ActionGroup, type Activity } from '@home-energy/shared';

/** The action groups of the savings lists; `package` (combined measures) is shown on its own (spec §3). */
export const SAVINGS_GROUPS = ACTION_GROUPS.filter((group): group is Exclude<ActionGroup, 'package'> => group !== 'package');
export type SavingsGroup = (typeof SAVINGS_GROUPS)[number];

/** spec §4: negative energy savings are hidden unless the measure is completed. */
export function isShown(activity: Activity): boolean {
  return activity.savings.energySavings >= 0 || activity.completion_status === 'completed';
}

/** spec §4: sorted by savings, highest first (then by kronor saved, then by name, so the order is stable). */
export function bySavingsDescending(a: Activity, b: Activity): number {
  return (
    b.savings.energySavings - a.savings.energySavings ||
    b.savings.energyCostSavings - a.savings.energyCostSavings ||
    a.name.localeCompare(b.name)
  );
}

/** Worth proposing: available, not done, and it saves something. */
export function isProposed(activity: Activity): boolean {
  return activity.available && activity.completion_status !== 'completed' && activity.savings.energySavings > 0;
}

export interface RecommendationGroups {
  groups: { group: SavingsGroup; activities: Activity[]; proposed: number }[];
  packages: Activity[];
  /** Nothing at all to propose (the 'Inga rekommendationer' state). */
  nothingProposed: boolean;
}

export function groupRecommendations(recommendations: readonly Activity[]): RecommendationGroups {
  const shown = recommendations.filter(isShown).sort(bySavingsDescending);
  const groups = SAVINGS_GROUPS.map((group) => {
    const activities = shown.filter((activity) => activity.category === group);
    return { group, activities, proposed: activities.filter(isProposed).length };
  });
  const packages = shown.filter((activity) => activity.category === 'package');
  const nothingProposed = groups.every((g) => g.proposed === 0) && !packages.some(isProposed);
  return { groups, packages, nothingProposed };
}
