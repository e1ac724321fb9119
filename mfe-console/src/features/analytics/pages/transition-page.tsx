import { useTranslation } from 'react-i18next';
import { ENERGY_CLASSES, useFormat } from '@home-energy/shared';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { useGetTransitionAnalyticsQuery } from '../api/analytics-api';
import { AnalyticsFrame } from '../components/analytics-frame';
import { Chart } from '../components/chart';
import { DataTable } from '../components/data-table';
import { KeyFigures } from '../components/key-figures';
import { SavedPlans } from '../components/saved-plans';
import { usePeriod } from '../components/period-filter';
import { bucketLabel } from '../lib/labels';

/**
 * /console/org/:org/transition: the label distribution now and after the recommended measures, and the plans homeowners
 * saved.
 */
export function TransitionPage() {
  const { t } = useTranslation('console');
  const format = useFormat();
  const { organisation } = useOrganisationContext();
  const { period } = usePeriod();
  const query = useGetTransitionAnalyticsQuery(
    { org: organisation.slug, ...period },
    { refetchOnMountOrArgChange: true },
  );
  const count = (value: number) => format.number(value);

  return (
    <AnalyticsFrame page="transition" query={query} isEmpty={(d) => d.homes === 0}>
      {(data) => {
        const keys = data.now.map((r) => r.key);
        const after = new Map(data.after.map((r) => [r.key, r.count]));
        const rows = data.now.map((r) => ({ key: r.key, now: r.count, after: after.get(r.key) ?? 0 }));
        const title = t('analytics.transition.distribution');
        const movesTitle = t('analytics.transition.moves');
        const classes = [...ENERGY_CLASSES, 'unknown'].filter(
          (c) => keys.includes(c) || data.after.some((r) => r.key === c),
        );
        const moveCount = (from: string, to: string) =>
          data.moves.find((m) => m.from === from && m.to === to)?.count ?? 0;
        return (
          <>
            <KeyFigures
              items={[
                { label: t('analytics.homes'), value: count(data.homes) },
                {
                  label: t('analytics.transition.improved'),
                  value: count(data.improved),
                  testId: 'figure-improved',
                  note: format.percent(data.homes ? (data.improved / data.homes) * 100 : 0, { maxDecimals: 1 }),
                },
              ]}
            />
            <section className="he-section cn-panel" aria-label={title}>
              <Chart
                testId="chart-transition"
                title={title}
                type="bar"
                categories={rows.map((r) => bucketLabel(t, 'labels', r.key))}
                series={[
                  { name: t('analytics.transition.now'), data: rows.map((r) => r.now) },
                  { name: t('analytics.transition.after'), data: rows.map((r) => r.after) },
                ]}
                colors={['#9aa3a0', '#0f6e4f']}
                format={count}
              />
              <DataTable
                captionHidden
                caption={title}
                fileName={`${organisation.slug}_transition`}
                period={data.period}
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
                    label: t('analytics.transition.after'),
                    value: (r) => r.after,
                    show: (r) => count(r.after),
                    numeric: true,
                  },
                ]}
              />
              <p className="he-muted cn-note">{t('analytics.transition.note')}</p>
            </section>
            <section className="he-section cn-panel" aria-label={movesTitle}>
              <DataTable
                caption={movesTitle}
                fileName={`${organisation.slug}_transition_moves`}
                period={data.period}
                rows={classes.map((from) => ({ from, counts: classes.map((to) => moveCount(from, to)) }))}
                columns={[
                  {
                    key: 'from',
                    label: t('analytics.transition.fromTo'),
                    value: (r) => r.from,
                    show: (r) => bucketLabel(t, 'labels', r.from),
                  },
                  ...classes.map((to, i) => ({
                    key: to,
                    label: bucketLabel(t, 'labels', to),
                    value: (r: { counts: number[] }) => r.counts[i] ?? 0,
                    show: (r: { counts: number[] }) => ((r.counts[i] ?? 0) > 0 ? count(r.counts[i]!) : '·'),
                    numeric: true,
                  })),
                ]}
              />
            </section>
            <SavedPlans plans={data.plans} period={data.period} fileName={organisation.slug} format={format} />
          </>
        );
      }}
    </AnalyticsFrame>
  );
}
