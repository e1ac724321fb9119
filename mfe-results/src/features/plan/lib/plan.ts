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
