import { useTranslation } from 'react-i18next';
import type { Co2Factor, PortfolioTotals } from '@home-energy/shared';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { useGetPortfolioAnalyticsQuery } from '../api/analytics-api';
import { AnalyticsFrame } from '../components/analytics-frame';
import { Chart } from '../components/chart';
import { DataTable } from '../components/data-table';
import { KeyFigures } from '../components/key-figures';
import { usePeriod } from '../components/period-filter';
import { bucketLabel } from '../lib/labels';
import { useFormat } from '@home-energy/shared';

/** The factors come in kg per kWh; the table says them in grams, as its text does. */
const gramsPerKwh = (factor: Co2Factor) => Math.round(factor.kgPerKwh * 10_000) / 10;

const reduction = (totals: PortfolioTotals) => (totals.now > 0 ? ((totals.now - totals.after) / totals.now) * 100 : 0);

/**
 * /console/org/:org/portfolio (super admins): the organisation's homes' energy, cost and CO₂ now and their potential.
 */
export function PortfolioPage() {
  const { t, i18n } = useTranslation('console');
  const format = useFormat();
  // A factor's source in the page's language, by its carrier; the BFF's own (English) words for a carrier without.
  const sourceOf = (factor: Co2Factor) => {
    const key = `analytics.portfolio.sources.${factor.carrier}`;
    return i18n.exists(key, { ns: 'console' }) ? t(key) : factor.source;
  };
  const { organisation } = useOrganisationContext();
  const { period } = usePeriod();
  const query = useGetPortfolioAnalyticsQuery(
    { org: organisation.slug, ...period },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <AnalyticsFrame page="portfolio" query={query} isEmpty={(d) => d.homes === 0}>
      {(data) => {
        const totals = [
          {
            key: 'energy',
            label: t('analytics.portfolio.energy'),
            totals: data.energyKwh,
            show: (v: number) => format.kwh(v),
          },
          { key: 'cost', label: t('analytics.portfolio.cost'), totals: data.costKr, show: (v: number) => format.kr(v) },
          {
            key: 'co2',
            label: t('analytics.portfolio.co2'),
            totals: data.co2Kg,
            show: (v: number) => format.tonnes(v),
          },
        ];
        const carrierTitle = t('analytics.portfolio.byCarrier');
        return (
          <>
            <KeyFigures
              items={[
                { label: t('analytics.portfolio.homes'), value: format.number(data.homes) },
                ...totals.map((row) => ({
                  label: row.label,
                  value: row.show(row.totals.now),
                  after: row.show(row.totals.after),
                  testId: `figure-${row.key}`,
                  note: t('analytics.portfolio.less', {
                    percent: format.percent(reduction(row.totals), { maxDecimals: 1 }),
                  }),
                })),
              ]}
            />
            <section className="he-section cn-panel" aria-label={t('analytics.portfolio.totals')}>
              <DataTable
                caption={t('analytics.portfolio.totals')}
                fileName={`${organisation.slug}_portfolio`}
                period={data.period}
                rows={totals}
                columns={[
                  { key: 'measure', label: t('analytics.columns.measure'), value: (r) => r.key, show: (r) => r.label },
                  {
                    key: 'now',
                    label: t('analytics.portfolio.now'),
                    value: (r) => r.totals.now,
                    show: (r) => r.show(r.totals.now),
                    numeric: true,
                  },
                  {
                    key: 'after',
                    label: t('analytics.portfolio.potential'),
                    value: (r) => r.totals.after,
                    show: (r) => r.show(r.totals.after),
                    numeric: true,
                  },
                  {
                    key: 'reduction',
                    label: t('analytics.portfolio.reduction'),
                    value: (r) => Math.round(reduction(r.totals) * 10) / 10,
                    show: (r) => format.percent(reduction(r.totals), { maxDecimals: 1 }),
                    numeric: true,
                  },
                ]}
              />
            </section>
            <section className="he-section cn-panel" aria-label={carrierTitle}>
              <Chart
                testId="chart-carriers"
                title={carrierTitle}
                type="bar"
                horizontal
                categories={data.byCarrier.map((c) => bucketLabel(t, 'carriers', c.carrier))}
                series={[
                  { name: t('analytics.portfolio.now'), data: data.byCarrier.map((c) => c.nowKwh) },
                  { name: t('analytics.portfolio.potential'), data: data.byCarrier.map((c) => c.afterKwh) },
                ]}
                colors={['#9aa3a0', '#0f6e4f']}
                format={(v) => format.kwh(v)}
              />
              <DataTable
                captionHidden
                caption={carrierTitle}
                fileName={`${organisation.slug}_portfolio_carriers`}
                period={data.period}
                rows={data.byCarrier}
                columns={[
                  {
                    key: 'carrier',
                    label: t('analytics.columns.carrier'),
                    value: (c) => c.carrier,
                    show: (c) => bucketLabel(t, 'carriers', c.carrier),
                  },
                  {
                    key: 'nowKwh',
                    label: t('analytics.portfolio.nowKwh'),
                    value: (c) => c.nowKwh,
                    show: (c) => format.kwh(c.nowKwh),
                    numeric: true,
                  },
                  {
                    key: 'afterKwh',
                    label: t('analytics.portfolio.afterKwh'),
                    value: (c) => c.afterKwh,
                    show: (c) => format.kwh(c.afterKwh),
                    numeric: true,
                  },
                  {
                    key: 'nowCo2',
                    label: t('analytics.portfolio.nowCo2'),
                    value: (c) => c.nowCo2Kg,
                    show: (c) => format.tonnes(c.nowCo2Kg),
                    numeric: true,
                  },
                  {
                    key: 'afterCo2',
                    label: t('analytics.portfolio.afterCo2'),
                    value: (c) => c.afterCo2Kg,
                    show: (c) => format.tonnes(c.afterCo2Kg),
                    numeric: true,
                  },
                ]}
              />
            </section>
            <section className="he-section cn-panel" aria-labelledby="co2-factors-title">
              <h2 id="co2-factors-title" className="cn-panel__title">
                {t('analytics.portfolio.factors')}
              </h2>
              <p className="he-muted">{t('analytics.portfolio.factorsIntro')}</p>
              <DataTable
                captionHidden
                caption={t('analytics.portfolio.factors')}
                fileName="co2_factors"
                period={data.period}
                rows={data.co2Factors}
                columns={[
                  {
                    key: 'carrier',
                    label: t('analytics.columns.carrier'),
                    value: (f) => f.carrier,
                    show: (f) => bucketLabel(t, 'carriers', f.carrier),
                  },
                  {
                    key: 'factor',
                    label: t('analytics.portfolio.factor'),
                    value: gramsPerKwh,
                    show: (f) => format.number(gramsPerKwh(f), { maxDecimals: 0 }) + ' g/kWh',
                    numeric: true,
                  },
                  {
                    key: 'estimate',
                    label: t('analytics.portfolio.estimate'),
                    value: (f) => (f.estimate ? 'estimate' : 'sourced'),
                    show: (f) =>
                      f.estimate ? t('analytics.portfolio.isEstimate') : t('analytics.portfolio.isSourced'),
                  },
                  { key: 'source', label: t('analytics.portfolio.source'), value: sourceOf, wide: true },
                ]}
              />
            </section>
          </>
        );
      }}
    </AnalyticsFrame>
  );
}
