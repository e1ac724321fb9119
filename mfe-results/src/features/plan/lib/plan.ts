// The renovation plan on the dashboard: which cards may join it and how a measure joins (bff/src/energy/README.md
// "Plans").
import type { Activity, ActivityType, LoanSettings, PlanLoan } from '@home-energy/shared';
import { isProposed } from '../../recommendations/lib/group-recommendations';

/** A card can join the plan: a proposed single measure (packages are plans already; `unspecified` changes nothing). */
export function planEligible(activity: Activity): boolean {
  return isProposed(activity) && activity.category !== 'package' && activity.name !== 'unspecified';
}

/**
 * The plan with `activity` added: a measure of the same choice (another heat pump, solar set-up or window option) is
 * replaced.
 */
export function withMeasure(
  plan: readonly ActivityType[],
  activity: Activity,
  recommendations: readonly Activity[],
): ActivityType[] {
  const choiceOf = new Map(recommendations.map((a) => [a.name, a.choice]));
  const kept = plan.filter(
    (name) => name !== activity.name && (activity.choice === null || choiceOf.get(name) !== activity.choice),
  );
  return [...kept, activity.name];
}

export function withoutMeasure(plan: readonly ActivityType[], name: ActivityType): ActivityType[] {
  return plan.filter((n) => n !== name);
}

/** The page's loan settings as the plan's loan (the BFF applies the same money rules, shared/src/finance). */
export function planLoanOf(settings: LoanSettings): PlanLoan {
  const loan: PlanLoan = {
    type: settings.loanType,
    home_valuation: Math.min(20_000_000, Math.max(0, settings.homeValuation)),
    home_loan: Math.min(10_000_000, Math.max(0, settings.homeLoan)),
  };
  if (settings.loanType !== 'Cash') {
    loan.term = Math.min(50, Math.max(1, Math.round(settings.loanTerm)));
    loan.interest_rate = Math.min(
      9,
      Math.max(0, settings.loanType === 'Private' ? settings.privateLoanInterest : settings.homeLoanInterest),
    );
  }
  return loan;
}

/** The engine's reasons for refusing a plan (bff/src/energy/activities/plan.ts PlanErrorCode). */
export const PLAN_REFUSALS = ['not_available', 'conflicting_measures', 'duplicate_measure', 'not_plannable'] as const;
export type PlanRefusal = (typeof PLAN_REFUSALS)[number];

/**
 * Why the BFF refused a plan, as the homeowner's words can say it: the engine's reason and the measures it names (never
 * its English message, which names measures by their keys); null when the answer names no such reason.
 */
export function planRefusalOf(refusal: unknown): { code: PlanRefusal; measures: string[] } | null {
  const issues = (refusal as { data?: { issues?: unknown } } | undefined)?.data?.issues;
  if (!Array.isArray(issues)) return null;
  for (const issue of issues as { code?: unknown; measures?: unknown }[]) {
    const code = PLAN_REFUSALS.find((c) => c === issue?.code);
    if (code && Array.isArray(issue.measures))
      return { code, measures: issue.measures.filter((m): m is string => typeof m === 'string') };
  }
  return null;
}
