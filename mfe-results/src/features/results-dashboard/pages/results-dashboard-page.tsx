import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import {
  defaultLoanSettings,
  Loading,
  NotFoundPage,
  useGetAnswersQuery,
  useGetBrandConfigQuery,
  useGetInformationQuery,
  useGetPlanQuery,
  useGetPlanSuggestionsQuery,
  useGetRecommendationsQuery,
  useRecordInteractionMutation,
  useSavePlanMutation,
  type Activity,
  type ActivityType,
  type BuildingError,
  type LoanType,
  useFormat,
} from '@home-energy/shared';
import { BuildingErrors } from '../components/building-errors';
import { EnergyInputs } from '../../inputs/components/energy-inputs';
import { InformationPanel } from '../../inputs/components/information-panel';
import { PlanPanel } from '../../plan/components/plan-panel';
import { LabelPanel } from '../../label/components/label-panel';
import { PrintButton } from '../components/print-button';
import { PropertySwitcher } from '../components/property-switcher';
import { RecommendationsSection } from '../../recommendations/components/recommendations-section';
import { offersInstallers } from '../../recommendations/lib/group-recommendations';
import { pickLabels } from '../../label/lib/labels';
import { useLoanSettings } from '../../financing/lib/loan-settings';
import { usePropertySwitch } from '../lib/use-property-switch';
import { planEligible, planLoanOf, withMeasure, withoutMeasure } from '../../plan/lib/plan';
import { InstallerRequest } from '../../installers/components/installer-request';

const statusOf = (error: unknown): number | string | undefined =>
  error && typeof error === 'object' && 'status' in error ? (error as { status: number | string }).status : undefined;

/** /property/{id}/building/primary/results-dashboard: the label, the information, the recommendations and their money. */
export function ResultsDashboardPage() {
  const { id: idParam, building } = useParams();
  const id = Number(idParam);
  if (building !== 'primary' || !Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  // A new property is a new page: its data, open details and messages start afresh (docs/product.md §4 property change).
  return <Dashboard key={id} id={id} />;
}

/** The brand's first financial provider (brand config), asked for the way the shell's theme asks (same cache entry). */
function useBrandLender() {
  const { search } = useLocation();
  const owner = new URLSearchParams(search).get('owner')?.toLowerCase() || undefined;
  const { data } = useGetBrandConfigQuery(owner);
  return data?.config.financial_providers?.[0] ?? null;
}

function Dashboard({ id }: { id: number }) {
  const { t } = useTranslation('results');
  const options = { refetchOnMountOrArgChange: true } as const;
  const recommendations = useGetRecommendationsQuery(id, options);
  const information = useGetInformationQuery(id, options);
  const plan = useGetPlanQuery(id, options);
  const suggestions = useGetPlanSuggestionsQuery(id, options);
  // The plan panel renders with the measures (docs/performance.md "Performance"): they wait until the plan has answered too.
  const planSettled = (plan.currentData !== undefined || plan.isError) && (suggestions.currentData !== undefined || suggestions.isError);
  // The measures (cards, charts, loan settings) render after the label and the figures at the top, in a deferred
  // render React splits into short tasks: the answers' arrival does not block the page for one long task.
  const measures = useDeferredValue(recommendations.currentData && information.currentData && planSettled ? recommendations.currentData : undefined);
  const property = useGetAnswersQuery(id, options);
  const switcher = usePropertySwitch(id);
  const provider = useBrandLender();
  const loan = useLoanSettings();
  const [recordInteraction] = useRecordInteractionMutation();
  const { applyDefaults } = loan;
  const [savePlan, planSave] = useSavePlanMutation();
  const [planError, setPlanError] = useState<string | null>(null);
  const format = useFormat();
  const planMeasures: ActivityType[] = plan.currentData?.plan?.measures ?? [];

  function keepPlan(next: ActivityType[]) {
    setPlanError(null);
    savePlan({ id, measures: next, loan: planLoanOf(loan.settings) })
      .unwrap()
      .catch((error: unknown) => {
        const message = (error as { data?: { message?: string } } | undefined)?.data?.message ?? '';
        setPlanError(t('plan.refused', { message }));
      });
  }

  function planAction(activity: Activity) {
    if (!planEligible(activity)) return null;
    const inPlan = planMeasures.includes(activity.name);
    return (
      <button
        type="button"
        className={`he-button ${inPlan ? '' : 'he-button--secondary '}rd-plan__action`}
        aria-pressed={inPlan}
        data-testid="plan-toggle"
        disabled={planSave.isLoading}
        onClick={() => keepPlan(inPlan ? withoutMeasure(planMeasures, activity.name) : withMeasure(planMeasures, activity, measures?.recommendations ?? []))}
      >
        {inPlan ? t('plan.inPlan') : t('plan.add')}
      </button>
    );
  }

  // The brand's lender sets the private loan's default rate (and its slider limits) once its config has arrived.
  useEffect(() => {
    if (provider) applyDefaults({ privateLoanInterest: defaultLoanSettings('Private', provider).privateLoanInterest });
  }, [provider, applyDefaults]);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  function onLoanTypeChange(loanType: LoanType) {
    if (loanType === loan.settings.loanType) return;
    loan.setLoanType(loanType);
    // docs/product.md §4: every change is recorded; a lost interaction must not disturb the homeowner.
    void recordInteraction({ action: 'loan_type.change', object: loanType, property_id: id })
      .unwrap()
      .catch(() => undefined);
  }

  const name = (property.currentData as { property?: { name?: string } } | undefined)?.property?.name ?? switcher.properties?.find((p) => p.id === id)?.name ?? null;
  const header = (
    <header className="rd-header">
      <div>
        {/* The line is there before the address arrives, so the title below it does not move when it does. */}
        <p className="rd-eyebrow" aria-hidden={name ? undefined : true}>
          {name ?? '\u00a0'}
        </p>
        <h1 id="rd-title">{t('title')}</h1>
      </div>
      <div className="rd-actions">
        {switcher.properties && switcher.properties.length > 0 ? <PropertySwitcher properties={switcher.properties} currentId={id} onChoose={switcher.choose} /> : null}
        {recommendations.currentData && information.currentData ? <PrintButton ready={measures !== undefined} /> : null}
      </div>
    </header>
  );
  const refusedNotice = switcher.refused ? (
    <p className="rd-notice" role="alert">
      {t('switcher.notYours')}
    </p>
  ) : null;

  const readErrors = [recommendations.error, information.error].map(statusOf);
  if (readErrors.includes(404)) {
    const unknownProperty = statusOf(property.error) === 404;
    return (
      <div className="rd-dashboard">
        {header}
        {refusedNotice}
        <section className="he-card rd-start" data-testid="no-profile">
          <h2>{t(unknownProperty ? 'start.unknownHeading' : 'start.heading')}</h2>
          <p>{t(unknownProperty ? 'start.unknownText' : 'start.text')}</p>
          <p className="rd-start__links">
            <Link className="he-button" to="/">
              {t('start.link')}
            </Link>
            {!unknownProperty ? (
              <Link className="he-button he-button--secondary" to={`/flow/property/${id}/questions`}>
                {t('start.questions')}
              </Link>
            ) : null}
          </p>
        </section>
      </div>
    );
  }

  if (recommendations.isError || information.isError) {
    return (
      <div className="rd-dashboard">
        {header}
        <section className="he-card rd-error" role="alert">
          <h2>{t('error.heading')}</h2>
          <p>{t('error.text')}</p>
          <button type="button" className="he-button" onClick={() => void Promise.all([recommendations.refetch(), information.refetch()])}>
            {t('error.retry')}
          </button>
        </section>
      </div>
    );
  }

  const recs = recommendations.currentData;
  const info = information.currentData;
  if (!recs || !info) {
    return (
      <div className="rd-dashboard" aria-busy="true">
        {header}
        {refusedNotice}
        <Loading label={t('loading')} />
      </div>
    );
  }

  const labels = pickLabels(info.information);
  const missing = [...recs.errors, ...info.errors].find((error: BuildingError) => error.code === 'missing_answers');
  const energy = info.information.find((item) => item.type === 'energy_use');
  const updating = recommendations.isFetching || information.isFetching;

  return (
    <div className="rd-dashboard">
      {header}
      {refusedNotice}
      <p className="rd-updating" role="status" aria-live="polite">
        {updating ? t('updating') : ''}
      </p>
      {missing ? (
        <p className="rd-notice" data-testid="missing-answers">
          {t('missingAnswers', { keys: (missing.keys ?? []).map((key) => t(`answerKeys.${key}`, { defaultValue: key })).join(', ') })}{' '}
          <Link to={`/flow/property/${id}/questions`}>{t('answerQuestions')}</Link>
        </p>
      ) : null}
      <BuildingErrors errors={[...recs.errors, ...info.errors]} />
      <div className="rd-top">
        <LabelPanel labels={labels} />
        <InformationPanel information={info.information} />
      </div>
      {measures ? (
        <div className="rd-main">
          <RecommendationsSection
            recommendations={measures.recommendations}
            loan={loan}
            onLoanTypeChange={onLoanTypeChange}
            currentClass={labels.current?.energy_class ?? labels.issued?.energy_class ?? null}
            provider={provider}
            renderActions={(activity) => (
              <>
                {planAction(activity)}
                {offersInstallers(activity) ? <InstallerRequest propertyId={id} activity={activity} /> : null}
              </>
            )}
          />
          <aside className="rd-aside">
            <PlanPanel
              plan={plan.currentData?.plan ?? null}
              outdated={plan.currentData?.errors.find((e) => e.code === 'plan_outdated')?.message ?? null}
              suggestions={suggestions.currentData?.suggestions ?? []}
              settings={loan.settings}
              format={format}
              saving={planSave.isLoading}
              error={planError}
              onRemove={(name) => keepPlan(withoutMeasure(planMeasures, name))}
              onAdopt={keepPlan}
              onClear={() => keepPlan([])}
            />
            <EnergyInputs propertyId={id} byCarrier={energy?.type === 'energy_use' ? energy.value.by_carrier : null} year={new Date().getFullYear()} />
          </aside>
        </div>
      ) : (
        <Loading label={t('loading')} />
      )}
    </div>
  );
}
