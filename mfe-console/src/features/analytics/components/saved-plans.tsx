import { useTranslation } from 'react-i18next';
import type { PlanAnalytics, ResolvedPeriod } from '@home-energy/shared';
import { bucketLabel } from '../lib/labels';
import { Chart } from './chart';
import { DataTable } from './data-table';
import { KeyFigures } from './key-figures';
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
  const after = new Map(plans.after.map((r) => [r.key, r.count]));
  const rows = plans.now.map((r) => ({ key: r.key, now: r.count, after: after.get(r.key) ?? 0 }));
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
          <Chart
            testId="chart-plan-labels"
            title={labelsTitle}
            type="bar"
            categories={rows.map((r) => bucketLabel(t, 'labels', r.key))}
            series={[
              { name: t('analytics.transition.now'), data: rows.map((r) => r.now) },
              { name: t('analytics.transition.plans.after'), data: rows.map((r) => r.after) },
            ]}
            colors={['#9aa3a0', '#0f6e4f']}
            format={count}
          />
          <DataTable
            captionHidden
            caption={labelsTitle}
            fileName={`${fileName}_plan_labels`}
            period={period}
            rows={rows}
            columns={[
              {
                key: 'label',
                label: t('analytics.columns.labels'),
                value: (r) => r.key,
                show: (r) => bucketLabel(t, 'labels', r.key),
              },
              {
                key: 'now',
                label: t('analytics.transition.now'),
                value: (r) => r.now,
                show: (r) => count(r.now),
                numeric: true,
              },
              {
                key: 'after',
                label: t('analytics.transition.plans.after'),
                value: (r) => r.after,
                show: (r) => count(r.after),
                numeric: true,
              },
            ]}
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
