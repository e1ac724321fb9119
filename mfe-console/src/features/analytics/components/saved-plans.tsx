import { useTranslation } from 'react-i18next';
import type { PlanAnalytics, ResolvedPeriod } from '@home-energy/shared';
import { bucketLabel } from '../lib/labels';
import { DataTable } from './data-table';
import { KeyFigures } from './key-figures';
import { LabelsNowAfter, labelsNowAfterRows } from './labels-now-after';
import type { Format } from '@home-energy/shared';

/**
 * The renovation plans homeowners saved: how many, label now → after the plan, their money and the measures planned.
 */
export function SavedPlans({
  plans,
  period,
  fileName,
  format,
}: {
  plans: PlanAnalytics;
  period: ResolvedPeriod;
  fileName: string;
  format: Format;
}) {
  const { t } = useTranslation('console');
  const heading = t('analytics.transition.plans.heading');
  const labelsTitle = t('analytics.transition.plans.labels');
  const measuresTitle = t('analytics.transition.plans.measures');
  const count = (value: number) => format.number(value);
  return (
    <section className="he-section cn-panel" aria-labelledby="cn-saved-plans" data-testid="saved-plans">
      <h2 id="cn-saved-plans">{heading}</h2>
      {plans.homes === 0 ? (
        <p className="he-muted" data-testid="saved-plans-empty">
          {t('analytics.transition.plans.empty')}
        </p>
      ) : (
        <>
          <KeyFigures
            items={[
              { label: t('analytics.transition.plans.homes'), value: count(plans.homes), testId: 'figure-plan-homes' },
              {
                label: t('analytics.transition.plans.investment'),
                value: format.kr(plans.investmentKr),
                testId: 'figure-plan-investment',
                note: t('analytics.transition.plans.subsidies', { amount: format.kr(plans.subsidiesKr) }),
              },
              {
                label: t('analytics.transition.plans.savings'),
                value: format.kr(plans.savingsKrPerYear),
                testId: 'figure-plan-savings',
                note: format.kwh(plans.savingsKwhPerYear),
              },
            ]}
          />
          <LabelsNowAfter
            testId="chart-plan-labels"
            title={labelsTitle}
            afterName={t('analytics.transition.plans.after')}
            rows={labelsNowAfterRows(plans.now, plans.after)}
            fileName={`${fileName}_plan_labels`}
            period={period}
            count={count}
          />
          <DataTable
            caption={measuresTitle}
            fileName={`${fileName}_plan_measures`}
            period={period}
            rows={plans.measures}
            columns={[
              {
                key: 'measure',
                label: t('analytics.transition.plans.measure'),
                value: (r) => r.key,
                show: (r) => bucketLabel(t, 'activities', r.key),
              },
              {
                key: 'plans',
                label: t('analytics.transition.plans.count'),
                value: (r) => r.count,
                show: (r) => count(r.count),
                numeric: true,
              },
            ]}
          />
          <p className="he-muted cn-note">{t('analytics.transition.plans.note')}</p>
        </>
      )}
    </section>
  );
}
