import { useCallback, useMemo, useState } from 'react';
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
  const measures = useMemo<ActivityType[]>(() => plan.currentData?.plan?.measures ?? [], [plan.currentData]);

  const keep = useCallback(
    (next: ActivityType[]) => {
      setError(null);
      savePlan({ id, measures: next, loan: planLoanOf(settings) })
        .unwrap()
        .catch((refusal: unknown) => {
          const message = (refusal as { data?: { message?: string } } | undefined)?.data?.message ?? '';
          setError(t('plan.refused', { message }));
        });
    },
    [id, settings, savePlan, t],
  );

  const planData = plan.currentData;
  const suggestionsData = suggestions.currentData;
  const settled = (planData !== undefined || plan.isError) && (suggestionsData !== undefined || suggestions.isError);
  // The same object while nothing changed: the dashboard's deferred content compares it by reference.
  return useMemo(
    () => ({
      result: planData?.plan ?? null,
      outdated: planData?.errors.find((e) => e.code === 'plan_outdated')?.message ?? null,
      suggestions: suggestionsData?.suggestions ?? [],
      measures,
      /** Both answers are in (or failed): the measures may render with the plan beside them. */
      settled,
      saving: save.isLoading,
      error,
      keep,
    }),
    [planData, suggestionsData, measures, settled, save.isLoading, error, keep],
  );
}

export type PlanControl = ReturnType<typeof usePlan>;
