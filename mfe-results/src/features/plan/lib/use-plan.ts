import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useGetPlanQuery,
  useGetPlanSuggestionsQuery,
  useSavePlanMutation,
  type ActivityType,
  type LoanSettings,
} from '@home-energy/shared';
import { planLoanOf } from './plan';

/** The homeowner's kept plan and the engine's suggestions for the property, and the way to change (save) the plan. */
export function usePlan(id: number, settings: LoanSettings) {
  const { t } = useTranslation('results');
  const options = { refetchOnMountOrArgChange: true } as const;
  const plan = useGetPlanQuery(id, options);
  const suggestions = useGetPlanSuggestionsQuery(id, options);
  const [savePlan, save] = useSavePlanMutation();
  const [error, setError] = useState<string | null>(null);
  const measures: ActivityType[] = plan.currentData?.plan?.measures ?? [];

  function keep(next: ActivityType[]) {
    setError(null);
    savePlan({ id, measures: next, loan: planLoanOf(settings) })
      .unwrap()
      .catch((refusal: unknown) => {
        const message = (refusal as { data?: { message?: string } } | undefined)?.data?.message ?? '';
        setError(t('plan.refused', { message }));
      });
  }

  return {
    result: plan.currentData?.plan ?? null,
    outdated: plan.currentData?.errors.find((e) => e.code === 'plan_outdated')?.message ?? null,
    suggestions: suggestions.currentData?.suggestions ?? [],
    measures,
    /** Both answers are in (or failed): the measures may render with the plan beside them. */
    settled:
      (plan.currentData !== undefined || plan.isError) &&
      (suggestions.currentData !== undefined || suggestions.isError),
    saving: save.isLoading,
    error,
    keep,
  };
}

export type PlanControl = ReturnType<typeof usePlan>;
