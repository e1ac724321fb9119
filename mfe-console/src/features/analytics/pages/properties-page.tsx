import { useTranslation } from 'react-i18next';
import type { CountRow } from '@home-energy/shared';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { useGetPropertiesAnalyticsQuery } from '../api/analytics-api';
import { AnalyticsFrame } from '../components/analytics-frame';
import { Chart } from '../components/chart';
import { DataTable } from '../components/data-table';
import { usePeriod } from '../components/period-filter';
import { SeriesPanel } from '../components/series-panel';
import { KeyFigures } from '../components/key-figures';
import { labelColours } from '../lib/colours';
import { bucketLabel } from '../lib/labels';
import { useFormat } from '@home-energy/shared';

type Group = 'labels' | 'buildingTypes' | 'yearBands' | 'heating';

/** /console/org/:org/properties: the homes that came through the brand, by label, building type, age and heating. */
export function PropertiesPage() {
  const { t } = useTranslation('console');
  const format = useFormat();
  const { organisation } = useOrganisationContext();
  const { period } = usePeriod();
  const query = useGetPropertiesAnalyticsQuery(
    { org: organisation.slug, ...period },
    { refetchOnMountOrArgChange: true },
  );
  const count = (value: number) => format.number(value);

  return (
    <AnalyticsFrame page="properties" query={query} isEmpty={(d) => d.total === 0}>
      {(data) => {
        const breakdown = (
          group: Group,
          rows: CountRow[],
          chart: 'bar' | 'donut',
          options: { horizontal?: boolean; colours?: boolean } = {},
        ) => {
          const title = t(`analytics.properties.${group}`);
          const names = rows.map((r) => bucketLabel(t, group, r.key));
          return (
            <section className="he-section cn-panel" aria-label={title}>
              <Chart
                testId={`chart-${group}`}
                title={title}
                type={chart}
                categories={names}
                series={[{ name: t('analytics.homes'), data: rows.map((r) => r.count) }]}
                horizontal={options.horizontal}
                distributed={options.colours}
                colors={options.colours ? labelColours(rows.map((r) => r.key)) : undefined}
                format={count}
              />
              <DataTable
                captionHidden
                caption={title}
                fileName={`${organisation.slug}_properties_${group}`}
                period={data.period}
                rows={rows}
                columns={[
                  {
                    key: 'key',
                    label: t(`analytics.columns.${group}`),
                    value: (r) => r.key,
                    show: (r) => bucketLabel(t, group, r.key),
                  },
                  {
                    key: 'count',
                    label: t('analytics.homes'),
                    value: (r) => r.count,
                    show: (r) => count(r.count),
                    numeric: true,
                  },
                  {
                    key: 'share',
                    label: t('analytics.share'),
                    value: (r) => (data.total ? Math.round((r.count / data.total) * 1000) / 10 : 0),
                    show: (r) => format.percent(data.total ? (r.count / data.total) * 100 : 0, { maxDecimals: 1 }),
                    numeric: true,
                  },
                ]}
              />
            </section>
          );
        };
        return (
          <>
            <KeyFigures
              items={[
                { label: t('analytics.properties.total'), value: count(data.total), testId: 'figure-total' },
                {
                  label: t('analytics.properties.withLabel'),
                  value: count(data.byLabel.filter((r) => r.key !== 'unknown').reduce((s, r) => s + r.count, 0)),
                },
              ]}
            />
            <SeriesPanel
              title={t('analytics.properties.series')}
              seriesName={t('analytics.newHomes')}
              testId="chart-series"
              fileName={`${organisation.slug}_properties_over_time`}
              period={data.period}
              points={data.series}
            />
            <div className="cn-grid">
              {breakdown('labels', data.byLabel, 'bar', { colours: true })}
              {breakdown('buildingTypes', data.byBuildingType, 'donut')}
              {breakdown('yearBands', data.byYearBand, 'bar')}
              {breakdown('heating', data.byHeating, 'bar', { horizontal: true })}
            </div>
          </>
        );
      }}
    </AnalyticsFrame>
  );
}
