import { memo, startTransition, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import {
  Loading,
  NotFoundPage,
  useGetAnswersQuery,
  useGetInformationQuery,
  useGetRecommendationsQuery,
  useMarkUsable,
  type BuildingError,
  type InformationResponse,
  type RecommendationsResponse,
  useFormat,
} from '@home-energy/shared';
import { BuildingErrors } from '../components/building-errors';
import { NoResults } from '../components/no-results';
import { EnergyInputs } from '../../inputs/components/energy-inputs';
import { InformationPanel } from '../../inputs/components/information-panel';
import { PlanPanel } from '../../plan/components/plan-panel';
import { PlanToggle } from '../../plan/components/plan-toggle';
import { LabelPanel } from '../../label/components/label-panel';
import { PrintButton } from '../components/print-button';
import { PropertySwitcher } from '../components/property-switcher';
import { RecommendationsSection } from '../../recommendations/components/recommendations-section';
import { offersInstallers } from '../../recommendations/lib/group-recommendations';
import { pickLabels } from '../../label/lib/labels';
import { useFinancing } from '../../financing/lib/use-financing';
import { usePropertySwitch } from '../lib/use-property-switch';
import { withoutMeasure } from '../../plan/lib/plan';
import { usePlan, type PlanControl } from '../../plan/lib/use-plan';
import { questionsPath } from '@home-energy/shared/mfe/pages';
import { InstallerRequest } from '../../installers/components/installer-request';
import { statusOf } from '../../../lib/error-status';

/** The answers' address, a 404 and whether it is still to come, compared field by field. */
const addressOf = (answers: {
  currentData?: unknown;
  error?: unknown;
  isLoading: boolean;
  isUninitialized: boolean;
}) => ({
  name: (answers.currentData as { property?: { name?: string } } | undefined)?.property?.name ?? null,
  unknown: statusOf(answers.error) === 404,
  pending: answers.isLoading || answers.isUninitialized,
});

/**
 * /property/{id}/building/primary/results-dashboard: the label, the information, the recommendations and their money.
 */
export function ResultsDashboardPage() {
  const { id: idParam, building } = useParams();
  const id = Number(idParam);
  if (building !== 'primary' || !Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  // A new property is a new page: its data, open details and messages start afresh (docs/product.md §4 property
  // change).
  return <Dashboard key={id} id={id} />;
}

function Dashboard({ id }: { id: number }) {
  const { t } = useTranslation('results');
  const options = { refetchOnMountOrArgChange: true } as const;
  const recommendations = useGetRecommendationsQuery(id, options);
  const information = useGetInformationQuery(id, options);
  const { loan, provider, changeLoanType } = useFinancing(id);
  const plan = usePlan(id, loan.settings);
  const property = useGetAnswersQuery(id, { ...options, selectFromResult: addressOf });
  const switcher = usePropertySwitch(id);
  const format = useFormat();
  // Each answer that arrives (RTK Query's store) re-renders this component at once; the content below the header
  // follows in a deferred render React splits into short tasks, so no answer blocks the page for one long task
  // (docs/performance.md "Performance").
  const recs = recommendations.currentData;
  const info = information.currentData;
  const updating = recommendations.isFetching || information.isFetching;
  const view = useDeferredValue(
    useMemo<DashboardView>(
      () => ({ id, recs, info, updating, plan, format }),
      [id, recs, info, updating, plan, format],
    ),
  );

  const financing = useMemo(() => ({ loan, provider, changeLoanType }), [loan, provider, changeLoanType]);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  const name = property.name ?? switcher.properties?.find((p) => p.id === id)?.name ?? null;
  const header = (ready: boolean) => (
    <header className="rd-header">
      <div>
        {/* The line is there before the address arrives, so the title below it does not move when it does. */}
        <p className="rd-eyebrow" aria-hidden={name ? undefined : true}>
          {name ?? '\u00a0'}
        </p>
        <h1 id="rd-title">{t('title')}</h1>
      </div>
      <div className="rd-actions">
        {switcher.properties && switcher.properties.length > 0 ? (
          <PropertySwitcher properties={switcher.properties} currentId={id} onChoose={switcher.choose} />
        ) : null}
        {recs && info ? <PrintButton ready={ready} /> : null}
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
    // Busy until the answers tell an unknown property from one never answered for: the card's text depends on it.
    return (
      <div className="rd-dashboard" aria-busy={property.pending || undefined}>
        {header(false)}
        {refusedNotice}
        <NoResults propertyId={id} unknownProperty={property.unknown} />
      </div>
    );
  }

  if (recommendations.isError || information.isError) {
    return (
      <div className="rd-dashboard">
        {header(false)}
        <section className="he-card rd-error" role="alert">
          <h2>{t('error.heading')}</h2>
          <p>{t('error.text')}</p>
          <button
            type="button"
            className="he-button"
            onClick={() => void Promise.all([recommendations.refetch(), information.refetch()])}
          >
            {t('error.retry')}
          </button>
        </section>
      </div>
    );
  }

  return <DashboardContent view={view} financing={financing} header={header} refusedNotice={refusedNotice} />;
}

/** What the content below the header is drawn from: one render's data and controls, handed on together. */
interface DashboardView {
  id: number;
  recs: RecommendationsResponse | undefined;
  info: InformationResponse | undefined;
  updating: boolean;
  plan: PlanControl;
  format: ReturnType<typeof useFormat>;
}

/**
 * The loan settings are not deferred: the sliders and the loan-type choice are controlled by them, and a deferred value
 * would hand a slider its previous position between two key presses.
 */
type Financing = ReturnType<typeof useFinancing>;

interface DashboardContentProps {
  view: DashboardView;
  financing: Financing;
  header: (ready: boolean) => ReactNode;
  refusedNotice: ReactNode;
}

/** The header at once; below it the label, the figures and then the measures, from the deferred view. */
function DashboardContent({ view, financing, header, refusedNotice }: DashboardContentProps) {
  const measures = useMeasuresAfterTop(view);
  // Usable once the measures are on the page: what a homeowner opens the dashboard for.
  useMarkUsable(measures !== undefined);
  return (
    <div className="rd-dashboard" aria-busy={view.recs && view.info ? undefined : true}>
      {header(measures !== undefined)}
      {refusedNotice}
      <DashboardBody view={view} financing={financing} measures={measures} />
    </div>
  );
}

/**
 * The measures (cards, charts, loan settings) wait until the plan has answered too, and render in a transition after
 * the label and the figures are on screen: the top is not held back by the cards' render.
 */
function useMeasuresAfterTop({ recs, info, plan }: DashboardView): RecommendationsResponse | undefined {
  const ready = recs !== undefined && info !== undefined && plan.settled;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (ready) startTransition(() => setShown(true));
  }, [ready]);
  return ready && shown ? recs : undefined;
}

// Re-rendered only when the deferred view, the financing or the measures change: an answer's urgent render stops at
// the header.
const DashboardBody = memo(function DashboardBody({
  view,
  financing,
  measures,
}: {
  view: DashboardView;
  financing: Financing;
  measures: RecommendationsResponse | undefined;
}) {
  const { t } = useTranslation('results');
  const { id, recs, info, plan, format } = view;
  const { loan, provider, changeLoanType } = financing;
  if (!recs || !info) return <Loading label={t('loading')} />;

  const labels = pickLabels(info.information);
  const missing = [...recs.errors, ...info.errors].find((error: BuildingError) => error.code === 'missing_answers');
  const energy = info.information.find((item) => item.type === 'energy_use');

  return (
    <>
      <p className="rd-updating" role="status" aria-live="polite">
        {view.updating ? t('updating') : ''}
      </p>
      {missing ? (
        <p className="rd-notice" data-testid="missing-answers">
          {t('missingAnswers', {
            keys: (missing.keys ?? []).map((key) => t(`answerKeys.${key}`, { defaultValue: key })).join(', '),
          })}{' '}
          <Link to={questionsPath(id)}>{t('answerQuestions')}</Link>
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
            onLoanTypeChange={changeLoanType}
            currentClass={labels.current?.energy_class ?? labels.issued?.energy_class ?? null}
            provider={provider}
            renderActions={(activity) => (
              <>
                <PlanToggle activity={activity} plan={plan} recommendations={measures.recommendations} />
                {offersInstallers(activity) ? <InstallerRequest propertyId={id} activity={activity} /> : null}
              </>
            )}
          />
          <aside className="rd-aside">
            <PlanPanel
              plan={plan.result}
              outdated={plan.outdated}
              suggestions={plan.suggestions}
              settings={loan.settings}
              format={format}
              saving={plan.saving}
              error={plan.error}
              onRemove={(name) => plan.keep((measures) => withoutMeasure(measures, name))}
              onAdopt={(measures) => plan.keep(() => [...measures])}
              onClear={() => plan.keep(() => [])}
            />
            <EnergyInputs
              propertyId={id}
              byCarrier={energy?.type === 'energy_use' ? energy.value.by_carrier : null}
              year={new Date().getFullYear()}
            />
          </aside>
        </div>
      ) : (
        <Loading label={t('loading')} />
      )}
    </>
  );
});
