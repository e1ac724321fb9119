import { lazy, Suspense, useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clampToRange,
  financeMeasure,
  KnowledgeMessages,
  loanSliderLimits,
  Loading,
  type Activity,
  type EnergyClass,
  type LoanProvider,
  type LoanSettings,
  type Format,
} from '@home-energy/shared';
import { isFree } from '@home-energy/shared/energy/measure-cards';
import { doesNotPayBack } from '../lib/group-recommendations';
import { ActivityMessages } from './activity-messages';
import { RepaymentText } from './repayment-text';
import { cardAnchor } from './best-next-steps';
import { EpcBadge } from '../../label/components/epc-badge';
import { HowWeCalculated } from '../../label/components/how-we-calculated';
import { LenderDiscounts } from '../../financing/components/lender-discounts';
import { LoanSliders } from '../../financing/components/loan-sliders';

const FinanceCharts = lazy(() => import('../../financing/components/finance-charts'));

export interface RecommendationCardProps {
  /** The measure's card (shared measureCardsToShow): `best_heat_pump` tags the pump type the engine found best. */
  activity: Activity & { best_heat_pump?: boolean };
  settings: LoanSettings;
  onSettingsChange: (changes: Partial<Omit<LoanSettings, 'loanType'>>) => void;
  open: boolean;
  onToggle: () => void;
  /** The home's class today (for lenders that reward a step up). */
  currentClass: EnergyClass | null;
  provider?: LoanProvider | null;
  format: Format;
  /** Rendered at the foot of the card (installer requests go here). */
  actions?: ReactNode;
}

/** The settings as they apply to this measure: every slider value inside this measure's limits. */
function settingsFor(activity: Activity, settings: LoanSettings, provider?: LoanProvider | null) {
  const limits = loanSliderLimits({
    loanType: settings.loanType,
    investmentCost: activity.investment_cost * settings.multiplier,
    homeValuation: settings.homeValuation,
    homeLoan: settings.homeLoan,
    provider,
  });
  const homeLoan = clampToRange(settings.homeLoan, limits.homeLoan);
  const effective: LoanSettings = {
    ...settings,
    homeValuation: clampToRange(settings.homeValuation, limits.homeValuation),
    homeLoan,
    homeLoanInterest: clampToRange(settings.homeLoanInterest, limits.homeLoanInterest),
    privateLoanInterest: clampToRange(settings.privateLoanInterest, limits.privateLoanInterest),
    loanTerm: limits.loanTerm ? clampToRange(settings.loanTerm, limits.loanTerm) : 0,
  };
  // The home loan moved inside its limit changes the mortgage room, so the limits are read again with it.
  return {
    effective,
    limits: loanSliderLimits({
      ...effective,
      investmentCost: activity.investment_cost * settings.multiplier,
      provider,
    }),
  };
}

function Figure({
  term,
  children,
  testId,
  negative,
}: {
  term: string;
  children: ReactNode;
  testId?: string;
  negative?: boolean;
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId} data-negative={negative || undefined}>
        {children}
      </dd>
    </div>
  );
}

/**
 * One recommendation: what it saves and costs, its messages and the knowledge base's, and (opened) its financing,
 * discounts and charts.
 */
export function RecommendationCard({
  activity,
  settings,
  onSettingsChange,
  open,
  onToggle,
  currentClass,
  provider,
  format,
  actions,
}: RecommendationCardProps) {
  const { t } = useTranslation('results');
  const uid = useId();
  const detailsId = `${uid}-details`;
  const { effective, limits } = useMemo(
    () => settingsFor(activity, settings, provider),
    [activity, settings, provider],
  );
  const financing = useMemo(
    () =>
      financeMeasure(
        {
          investmentCost: activity.investment_cost,
          investmentCostSpan: activity.investment_cost_span,
          yearlySavings: activity.savings.energyCostSavings,
          lifeSpan: activity.life_span,
        },
        effective,
      ),
    [activity, effective],
  );
  const completed = activity.completion_status === 'completed';
  const proposed = activity.available && !completed;
  // Nothing to invest, nothing to borrow or pay back: the card says "no cost" and offers no financing.
  const free = isFree(activity);
  const financeable = proposed && !free;
  const range = financing.investmentCostRange;
  const years = (value: number | null) =>
    value === null ? t('figures.never') : t('units.years', { count: value, formatted: format.years(value) });

  return (
    <article
      id={cardAnchor(activity)}
      className="rd-rec"
      data-activity={activity.name}
      data-completed={completed || undefined}
      data-available={activity.available}
      aria-labelledby={`${uid}-title`}
    >
      <header className="rd-rec__head">
        <h4 id={`${uid}-title`}>{t(`energy:measures.${activity.name}`)}</h4>
        <div className="rd-rec__badges">
          {activity.best_heat_pump ? (
            <span className="he-badge rd-best-pump" data-testid="best-heat-pump">
              {t('figures.bestHeatPump')}
            </span>
          ) : null}
          {completed ? <span className="he-badge rd-done">{t('status.completed')}</span> : null}
          {activity.completion_status === 'upgrade_available' ? (
            <span className="he-badge">{t('status.upgrade_available')}</span>
          ) : null}
          {!activity.available ? <span className="he-badge rd-unavailable">{t('status.unavailable')}</span> : null}
          {doesNotPayBack(activity) ? (
            <span className="he-badge rd-no-payback" data-testid="no-payback">
              {t('figures.noPayback')}
            </span>
          ) : null}
          {activity.epc_label.energy_class ? (
            <span className="rd-rec__after">
              {t('figures.classAfter')} <EpcBadge energyClass={activity.epc_label.energy_class} size="sm" />
            </span>
          ) : null}
        </div>
      </header>

      <dl className="rd-figures">
        <Figure term={t('figures.savesPerYear')} testId="saves">
          <span className="rd-num">{format.kwh(activity.kwh_saved_bought)}</span> ·{' '}
          <span className="rd-num">{format.kr(activity.savings.energyCostSavings)}</span>
        </Figure>
        {/* Exported power is sold, not saved: shown apart from the kWh saved (its income is in the kronor). */}
        {activity.kwh_sold > 0 ? (
          <Figure term={t('figures.sold')} testId="sold">
            {t('figures.soldValue', { kwh: format.kwh(activity.kwh_sold) })}
          </Figure>
        ) : null}
        <Figure term={t('figures.investment')} testId="investment">
          {range.high === 0 ? (
            t('figures.noCost')
          ) : (
            <>
              <span className="rd-num">{format.number(range.low)}</span>–
              <span className="rd-num">{format.kr(range.high)}</span>
            </>
          )}
        </Figure>
        <Figure term={t('figures.lifeSpan')}>{years(financing.lifeSpan)}</Figure>
        {proposed ? (
          <Figure term={t('figures.repayment')} testId="repayment">
            <RepaymentText financing={financing} format={format} />
          </Figure>
        ) : null}
      </dl>

      {activity.subsidies.length > 0 ? (
        <div className="rd-subsidies">
          <h5>{t('figures.subsidies')}</h5>
          <ul>
            {activity.subsidies.map((subsidy) => (
              <li key={subsidy.type}>
                {t(`subsidies.${subsidy.type}`)}: <strong>{format.kr(subsidy.amount)}</strong>
              </li>
            ))}
          </ul>
          <p className="rd-muted rd-small">{t('figures.subsidiesNote')}</p>
        </div>
      ) : null}

      <ActivityMessages messages={activity.messages} />
      <KnowledgeMessages activity={activity.name} />
      {/* The best heat pump's card is the engine's "heat pump" too: a message written for heat pumps in general. */}
      {activity.best_heat_pump ? <KnowledgeMessages activity="heat_pump" /> : null}
      <HowWeCalculated subject={activity.name} />

      {financeable ? (
        <>
          <button
            type="button"
            className="he-button he-button--secondary rd-rec__toggle rd-controls"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={onToggle}
          >
            {t(open ? 'figures.hideDetails' : 'figures.showDetails')}
          </button>
          <div id={detailsId} className="rd-rec__details" data-open={open}>
            <h5>{t('figures.financingHeading', { loanType: t(`financing.loanTypes.${financing.loanType}`) })}</h5>
            <dl className="rd-figures rd-figures--finance" data-testid="financing">
              <Figure term={t('figures.loan')} testId="loan">
                {financing.loanAmount > 0
                  ? t('figures.loanText', {
                      amount: format.kr(financing.loanAmount),
                      rate: format.percent(financing.interestRate),
                      years: financing.loanTerm,
                    })
                  : t('figures.paidInCash')}
              </Figure>
              {financing.loanAmount > 0 && financing.cashPayment > 0 ? (
                <Figure term={t('figures.cashPart')} testId="cash-part">
                  {format.kr(financing.cashPayment)}
                  {financing.exceedsLoanLimit
                    ? ` (${t('figures.aboveLimit', { limit: format.kr(financing.loanLimit ?? 0) })})`
                    : null}
                </Figure>
              ) : null}
              <Figure term={t('figures.amortization')} testId="amortization">
                {financing.yearlyAmortization === null
                  ? t('figures.noLoan')
                  : t('figures.perYear', { amount: format.kr(financing.yearlyAmortization) })}
              </Figure>
              <Figure term={t('figures.interest')} testId="interest">
                {format.kr(financing.interestCost)}
              </Figure>
              <Figure term={t('figures.interestAfterDeduction')} testId="interest-after-deduction">
                {format.kr(financing.interestCostAfterDeduction)}
              </Figure>
              <Figure term={t('figures.repaymentWithout')} testId="repayment-without">
                {years(financing.repaymentYears)}
              </Figure>
              <Figure term={t('figures.repaymentWith')} testId="repayment-with">
                {years(financing.repaymentYearsWithInterest)}
              </Figure>
              <Figure
                term={t('figures.leftToLiveOn', { years: financing.lifeSpan })}
                testId="left-to-live-on"
                negative={financing.totalLeftToLiveOn < 0}
              >
                {format.kr(financing.totalLeftToLiveOn)}
              </Figure>
            </dl>
            {open ? (
              <>
                <LoanSliders
                  idPrefix={uid}
                  settings={effective}
                  limits={limits}
                  borrowed={financing.loanAmount}
                  format={format}
                  onChange={onSettingsChange}
                />
                <LenderDiscounts
                  energyClassAfter={activity.epc_label.energy_class}
                  energyClassBefore={currentClass}
                  mortgageAmount={financing.mortgageAmount}
                  format={format}
                />
                <Suspense fallback={<Loading label={t('charts.loading')} />}>
                  <FinanceCharts financing={financing} />
                </Suspense>
              </>
            ) : null}
          </div>
        </>
      ) : null}
      {actions ? <div className="rd-rec__actions rd-controls">{actions}</div> : null}
    </article>
  );
}
