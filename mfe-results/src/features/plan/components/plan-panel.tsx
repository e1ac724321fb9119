import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  financeMeasure,
  type ActivityType,
  type LoanSettings,
  type PlanResult,
  type PlanSuggestion,
  type Format,
} from '@home-energy/shared';
import { EpcBadge } from '../../label/components/epc-badge';
import { RepaymentText } from '../../recommendations/components/repayment-text';
import { andList } from '../../../lib/and-list';

export interface PlanPanelProps {
  plan: PlanResult | null;
  /** The kept plan no longer fits the answers (a measure is done now, say): the engine's reason. */
  outdated: string | null;
  suggestions: readonly PlanSuggestion[];
  settings: LoanSettings;
  format: Format;
  saving: boolean;
  /** A refusal of the last change (the BFF's message). */
  error: string | null;
  onRemove: (name: ActivityType) => void;
  onAdopt: (measures: ActivityType[]) => void;
  onClear: () => void;
}

function Row({ term, value, testId }: { term: string; value: ReactNode; testId: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** "Your plan": the label after every measure of the plan together, its totals and financing, and suggested plans. */
export function PlanPanel({
  plan,
  outdated,
  suggestions,
  settings,
  format,
  saving,
  error,
  onRemove,
  onAdopt,
  onClear,
}: PlanPanelProps) {
  const { t, i18n } = useTranslation('results');
  const measures = plan?.measures ?? [];
  // The plan's money under the page's loan settings, by the same rules as each card (shared/src/finance).
  const financing = useMemo(
    () =>
      plan && plan.measures.length > 0
        ? financeMeasure(
            {
              investmentCost: plan.investment_cost,
              investmentCostSpan: plan.investment_cost_span,
              yearlySavings: plan.energy_cost_savings,
              lifeSpan: plan.life_span,
            },
            settings,
          )
        : null,
    [plan, settings],
  );
  const subsidies = plan?.subsidies.reduce((sum, s) => sum + s.amount, 0) ?? 0;
  const names = (list: readonly ActivityType[]) => list.map((name) => t(`energy:measures.${name}`)).join(' + ');
  // The classes one suggested set is the cheapest way to.
  const classList = (classes: readonly string[]) => andList(classes, i18n.language);

  return (
    // Without a plan the panel is left out of the printed report (results.css, print); with one it prints its figures.
    <section
      className={`he-card rd-plan${measures.length === 0 ? ' rd-plan--empty' : ''}`}
      aria-labelledby="rd-plan-title"
      data-testid="plan-panel"
      aria-busy={saving || undefined}
    >
      <h2 id="rd-plan-title">{t('plan.heading')}</h2>
      {error ? (
        <p className="rd-notice" role="alert" data-testid="plan-error">
          {error}
        </p>
      ) : null}
      {outdated ? (
        <p className="rd-notice" data-testid="plan-outdated">
          {t('plan.outdated')}
        </p>
      ) : null}
      {plan === null || measures.length === 0 ? (
        <p className="rd-muted" data-testid="plan-empty">
          {t('plan.empty')}
        </p>
      ) : (
        <>
          <ul className="rd-plan__measures" data-testid="plan-measures">
            {measures.map((name) => (
              <li key={name} data-plan-measure={name}>
                <span>{t(`energy:measures.${name}`)}</span>
                <button
                  type="button"
                  className="he-button he-button--secondary rd-plan__action"
                  onClick={() => onRemove(name)}
                >
                  {t('plan.remove')}
                  <span className="he-visually-hidden"> {t(`energy:measures.${name}`)}</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="rd-plan__label">
            {t('plan.labelAfter')} <EpcBadge energyClass={plan.label_before.energy_class} size="sm" /> →{' '}
            <EpcBadge energyClass={plan.epc_label.energy_class} size="sm" />{' '}
            <span className="rd-muted rd-small" data-testid="plan-ep">
              {t('plan.ep', {
                before: format.number(plan.label_before.ep, { maxDecimals: 1 }),
                after: format.number(plan.epc_label.ep, { maxDecimals: 1 }),
              })}
            </span>
          </p>
          {plan.pays_back ? null : (
            // The engine's verdict over the plan's life span, as each card shows it for its measure.
            <p className="rd-plan__no-payback">
              <span className="he-badge rd-no-payback" data-testid="plan-no-payback">
                {t('figures.noPayback')}
              </span>
            </p>
          )}
          <dl className="rd-figures rd-plan__figures">
            <Row term={t('plan.investment')} value={format.kr(plan.investment_cost)} testId="plan-investment" />
            <Row term={t('plan.subsidies')} value={format.kr(subsidies)} testId="plan-subsidies" />
            <Row
              term={t('plan.savesPerYear')}
              value={t('plan.savesValue', {
                kwh: format.kwh(plan.kwh_saved_bought),
                kr: format.kr(plan.energy_cost_savings),
              })}
              testId="plan-savings"
            />
            {plan.kwh_sold !== 0 ? (
              <Row term={t('plan.sold')} value={format.kwh(plan.kwh_sold)} testId="plan-sold" />
            ) : null}
            <Row
              term={t('plan.co2')}
              value={t('plan.co2Value', { kg: format.number(plan.co2_saved_kg) })}
              testId="plan-co2"
            />
          </dl>
          {financing ? (
            <div className="rd-plan__financing" data-testid="plan-financing">
              <h3>{t('figures.financingHeading', { loanType: t(`financing.loanTypes.${financing.loanType}`) })}</h3>
              <dl className="rd-figures">
                <Row
                  term={t('figures.loan')}
                  value={
                    financing.loanAmount > 0
                      ? t('figures.loanText', {
                          amount: format.kr(financing.loanAmount),
                          rate: format.number(financing.interestRate, { maxDecimals: 2 }),
                          years: financing.loanTerm,
                        })
                      : t('figures.paidInCash')
                  }
                  testId="plan-loan"
                />
                <Row
                  term={t('figures.interestAfterDeduction')}
                  value={format.kr(financing.interestCostAfterDeduction)}
                  testId="plan-interest"
                />
                <Row
                  term={t('figures.repayment')}
                  value={<RepaymentText financing={financing} format={format} />}
                  testId="plan-repayment"
                />
                <Row
                  term={t('figures.leftToLiveOn', { years: financing.lifeSpan })}
                  value={format.kr(financing.totalLeftToLiveOn)}
                  testId="plan-left"
                />
              </dl>
            </div>
          ) : null}
          <button type="button" className="he-button he-button--secondary rd-plan__action" onClick={onClear}>
            {t('plan.clear')}
          </button>
        </>
      )}
      <section className="rd-plan__suggestions" aria-labelledby="rd-plan-suggest" data-testid="plan-suggestions">
        <h3 id="rd-plan-suggest">{t('plan.suggestHeading')}</h3>
        {suggestions.length === 0 ? (
          <p className="rd-muted rd-small">{t('plan.noSuggestions')}</p>
        ) : (
          <ul>
            {suggestions.map((s) => {
              // One line per set of measures: a set that is the cheapest way to several classes names them all.
              const classes = s.energy_classes?.length ? s.energy_classes : [s.energy_class];
              const values = { measures: names(s.measures), cost: format.kr(s.investment_cost) };
              return (
                <li key={s.energy_class} data-suggestion={s.energy_class}>
                  <span>
                    {classes.length > 1
                      ? t('plan.suggestionClasses', { ...values, classes: classList(classes) })
                      : t('plan.suggestion', { ...values, class: s.energy_class })}
                  </span>
                  <button type="button" className="he-button rd-plan__action" onClick={() => onAdopt(s.measures)}>
                    {t('plan.adopt')}
                    <span className="he-visually-hidden"> {t('plan.toReach', { class: classList(classes) })}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </section>
  );
}
