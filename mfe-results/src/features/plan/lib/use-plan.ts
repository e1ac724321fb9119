import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import {
  propertyApi,
  useGetPlanQuery,
  useGetPlanSuggestionsQuery,
  useSavePlanMutation,
  type ActivityType,
  type AppDispatch,
  type LoanSettings,
} from '@home-energy/shared';
import { measureTextKey } from '@home-energy/shared/energy/measure-names';
import { planLoanOf, planRefusalOf } from './plan';
import { andList } from '../../../lib/and-list';

/** A change to the plan, made to the measures as the homeowner last saw them (not as the server last answered). */
export type PlanChange = (measures: readonly ActivityType[]) => ActivityType[];

/**
 * The homeowner's kept plan and the engine's suggestions for the property, and the way to change (save) the plan.
 * Changes show at once and are saved one after another, each built on the one before: a second click while the first
 * is being saved is neither lost nor lets an older list overwrite a newer one.
 */
export function usePlan(id: number, settings: LoanSettings) {
  const { t, i18n } = useTranslation('results');
  const dispatch = useDispatch<AppDispatch>();
  const options = { refetchOnMountOrArgChange: true } as const;
  const plan = useGetPlanQuery(id, options);
  const suggestions = useGetPlanSuggestionsQuery(id, options);
  const [savePlan] = useSavePlanMutation();
  const [error, setError] = useState<string | null>(null);
  // The measures changed on screen but not yet saved (null: what the server last answered is shown).
  const [pending, setPending] = useState<ActivityType[] | null>(null);
  const [saving, setSaving] = useState(false);
  const kept = useMemo<ActivityType[]>(() => plan.currentData?.plan?.measures ?? [], [plan.currentData]);
  const measures = pending ?? kept;
  // Read by changes made before the next render (two clicks in a row); `unsaved` is what the save loop sends next.
  const shown = useRef(measures);
  const unsaved = useRef<ActivityType[] | null>(null);
  const running = useRef(false);
  const loan = useRef(planLoanOf(settings));
  useLayoutEffect(() => {
    shown.current = measures;
    loan.current = planLoanOf(settings);
  }, [measures, settings]);

  const saveInTurn = useCallback(async () => {
    running.current = true;
    setSaving(true);
    try {
      while (unsaved.current) {
        const next = unsaved.current;
        unsaved.current = null;
        const answer = await savePlan({ id, measures: next, loan: loan.current }).unwrap();
        // The answer is the plan read back: into the cache now, in the same render as leaving the unsaved list.
        if (!unsaved.current) {
          dispatch(propertyApi.util.upsertQueryEntries([{ endpointName: 'getPlan', arg: id, value: answer }]));
          setPending(null);
        }
      }
    } catch (refusal: unknown) {
      // The kept plan stays as it was and is shown again; later changes built on the refused one are dropped.
      unsaved.current = null;
      setPending(null);
      // The engine's reason in the homeowner's words, the measures by their names (its own message names keys).
      const reason = planRefusalOf(refusal);
      const measures = andList(
        (reason?.measures ?? []).map((key) => t(measureTextKey(key))),
        i18n.language,
      );
      const message = reason ? t(`plan.refusals.${reason.code}`, { measures }) : t('plan.refusals.other');
      setError(t('plan.refused', { message }));
    } finally {
      running.current = false;
      setSaving(false);
    }
  }, [id, savePlan, dispatch, t, i18n]);

  const keep = useCallback(
    (change: PlanChange) => {
      const next = change(shown.current);
      shown.current = next;
      unsaved.current = next;
      setError(null);
      setPending(next);
      if (!running.current) void saveInTurn();
    },
    [saveInTurn],
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
      saving,
      error,
      keep,
    }),
    [planData, suggestionsData, measures, settled, saving, error, keep],
  );
}

export type PlanControl = ReturnType<typeof usePlan>;
