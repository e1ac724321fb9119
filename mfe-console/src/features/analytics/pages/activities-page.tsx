import { useTranslation } from 'react-i18next';
import { FUNNEL_STAGES, useFormat } from '@home-energy/shared';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { useGetActivitiesAnalyticsQuery } from '../api/analytics-api';
import { AnalyticsFrame } from '../components/analytics-frame';
import { Chart } from '../components/chart';
import { DataTable } from '../components/data-table';
import { KeyFigures } from '../components/key-figures';
import { usePeriod } from '../components/period-filter';
import { SeriesPanel } from '../components/series-panel';
import { bucketLabel } from '../lib/labels';

/** /console/org/:org/activities: measures recommended and already done, installer requests, and what people did. */
export function ActivitiesPage() {
  const { t } = useTranslation('console');
  const format = useFormat();
  const { organisation } = useOrganisationContext();
  const { period } = usePeriod();
  const query = useGetActivitiesAnalyticsQuery(
    { org: organisation.slug, ...period },
    { refetchOnMountOrArgChange: true },
  );
  const count = (value: number) => format.number(value);

  return (
    <AnalyticsFrame
      page="activities"
      query={query}
      isEmpty={(d) => d.homes === 0 && d.totals.installerRequests === 0 && d.interactions.length === 0}
    >
      {(data) => {
        const rows = data.byActivity.filter((a) => a.recommended + a.completed + a.installerRequests > 0);
        const name = (activity: string) => bucketLabel(t, 'activities', activity);
        const title = t('analytics.activities.byActivity');
        const funnel = FUNNEL_STAGES.map((stage) => ({ stage, count: data.installerFunnel[stage] }));
        return (
          <>
            <KeyFigures
              items={[
                { label: t('analytics.homes'), value: count(data.homes) },
                {
                  label: t('analytics.activities.recommended'),
                  value: count(data.totals.recommended),
                  testId: 'figure-recommended',
                },
                { label: t('analytics.activities.completed'), value: count(data.totals.completed) },
                {
                  label: t('analytics.activities.installerRequests'),
                  value: count(data.totals.installerRequests),
                  testId: 'figure-requests',
                },
              ]}
            />
            <section className="he-section cn-panel" aria-label={title}>
              <Chart
                testId="chart-activities"
                title={title}
                type="bar"
                horizontal
                height={Math.max(260, rows.length * 34)}
                categories={rows.map((r) => name(r.activity))}
                series={[
                  { name: t('analytics.activities.recommended'), data: rows.map((r) => r.recommended) },
                  { name: t('analytics.activities.completed'), data: rows.map((r) => r.completed) },
                  { name: t('analytics.activities.installerRequests'), data: rows.map((r) => r.installerRequests) },
                ]}
                format={count}
              />
              <DataTable
                captionHidden
                caption={title}
                fileName={`${organisation.slug}_activities`}
                period={data.period}
                rows={rows}
                columns={[
                  {
                    key: 'activity',
                    label: t('analytics.columns.activity'),
                    value: (r) => r.activity,
                    show: (r) => name(r.activity),
                  },
                  {
                    key: 'recommended',
                    label: t('analytics.activities.recommended'),
                    value: (r) => r.recommended,
                    show: (r) => count(r.recommended),
                    numeric: true,
                  },
                  {
                    key: 'completed',
                    label: t('analytics.activities.completed'),
                    value: (r) => r.completed,
                    show: (r) => count(r.completed),
                    numeric: true,
                  },
                  {
                    key: 'requests',
                    label: t('analytics.activities.installerRequests'),
                    value: (r) => r.installerRequests,
                    show: (r) => count(r.installerRequests),
                    numeric: true,
                  },
                ]}
              />
            </section>
            <div className="cn-grid">
              <SeriesPanel
                title={t('analytics.activities.requestsSeries')}
                seriesName={t('analytics.activities.installerRequests')}
                testId="chart-requests"
                fileName={`${organisation.slug}_installer_requests`}
                period={data.period}
                points={data.installerRequestsSeries}
              />
              <section className="he-section cn-panel" aria-label={t('analytics.activities.funnel.title')}>
                <Chart
                  testId="chart-funnel"
                  title={t('analytics.activities.funnel.title')}
                  type="bar"
                  categories={funnel.map((f) => t(`analytics.activities.funnel.${f.stage}`))}
                  series={[{ name: t('analytics.activities.funnel.count'), data: funnel.map((f) => f.count) }]}
                  format={count}
                />
                <DataTable
                  captionHidden
                  caption={t('analytics.activities.funnel.title')}
                  fileName={`${organisation.slug}_installer_funnel`}
                  period={data.period}
                  rows={funnel}
                  columns={[
                    {
                      key: 'stage',
                      label: t('analytics.activities.funnel.stage'),
                      value: (f) => f.stage,
                      show: (f) => t(`analytics.activities.funnel.${f.stage}`),
                    },
                    {
                      key: 'count',
                      label: t('analytics.activities.funnel.count'),
                      value: (f) => f.count,
                      show: (f) => count(f.count),
                      numeric: true,
                    },
                  ]}
                />
              </section>
              <section className="he-section cn-panel" aria-label={t('analytics.activities.interactions')}>
                <h2 className="cn-panel__title">{t('analytics.activities.interactions')}</h2>
                {data.interactions.length === 0 ? (
                  <p className="he-muted">{t('analytics.activities.noInteractions')}</p>
                ) : (
                  <DataTable
                    captionHidden
                    caption={t('analytics.activities.interactions')}
                    fileName={`${organisation.slug}_interactions`}
                    period={data.period}
                    rows={data.interactions}
                    columns={[
                      {
                        key: 'action',
                        label: t('analytics.columns.action'),
                        value: (r) => r.key,
                        show: (r) => bucketLabel(t, 'actions', r.key),
                      },
                      {
                        key: 'count',
                        label: t('analytics.count'),
                        value: (r) => r.count,
                        show: (r) => count(r.count),
                        numeric: true,
                      },
                    ]}
                  />
                )}
              </section>
            </div>
          </>
        );
      }}
    </AnalyticsFrame>
  );
}
