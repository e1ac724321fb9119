import { useTranslation } from 'react-i18next';
import type { Activity, ActivityType } from '@home-energy/shared';
import { planEligible, withMeasure, withoutMeasure } from '../lib/plan';
import type { PlanControl } from '../lib/use-plan';

interface PlanToggleProps {
  activity: Activity;
  plan: PlanControl;
  /** Every card on the page: a measure of the same choice leaves the plan when this one joins. */
  recommendations: readonly Activity[];
}

/** A card's "Add to plan" / "In the plan" button, for the measures that may join the plan. */
export function PlanToggle({ activity, plan, recommendations }: PlanToggleProps) {
  const { t } = useTranslation('results');
  if (!planEligible(activity)) return null;
  const inPlan = plan.measures.includes(activity.name);
  // Built on the measures at the click, which may already hold an unsaved change (use-plan.ts).
  const change = (measures: readonly ActivityType[]) =>
    measures.includes(activity.name)
      ? withoutMeasure(measures, activity.name)
      : withMeasure(measures, activity, recommendations);
  return (
    <button
      type="button"
      className={`he-button ${inPlan ? '' : 'he-button--secondary '}rd-plan__action`}
      aria-pressed={inPlan}
      data-testid="plan-toggle"
      onClick={() => plan.keep(change)}
    >
      {inPlan ? t('plan.inPlan') : t('plan.add')}
    </button>
  );
}
