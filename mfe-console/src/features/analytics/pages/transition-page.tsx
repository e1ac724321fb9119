import { useTranslation } from 'react-i18next';
import { ENERGY_CLASSES, useFormat } from '@home-energy/shared';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { useGetTransitionAnalyticsQuery } from '../api/analytics-api';
import { AnalyticsFrame } from '../components/analytics-frame';
import { DataTable } from '../components/data-table';
import { KeyFigures } from '../components/key-figures';
import { LabelsNowAfter, labelsNowAfterRows } from '../components/labels-now-after';
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
              <LabelsNowAfter
                testId="chart-transition"
                title={title}
                afterName={t('analytics.transition.after')}
                rows={labelsNowAfterRows(data.now, data.after)}
                fileName={`${organisation.slug}_transition`}
                period={data.period}
                count={count}
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
