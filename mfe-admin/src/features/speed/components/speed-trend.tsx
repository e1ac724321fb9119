import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSpeedPage } from '@home-energy/shared/schemas/admin';
import { useSpeedFormat } from '../lib/speed-format';
import { TableScroll } from '@home-energy/shared';

/** The chart library and the chart on it: fetched when a page's details are first opened, never with the page. */
const SpeedTrendChart = lazy(() => import('./speed-trend-chart'));

const CHART_HEIGHT = 240;

/**
 * A page's p75 usable time and LCP per day. The drawing is hidden from screen readers and out of the tab order; the
 * same figures are in the table under it.
 */
export function SpeedTrend({ page }: { page: AdminSpeedPage }) {
  const { t } = useTranslation('admin');
  const format = useSpeedFormat();
  const { trend } = page;
  if (trend.length === 0) return <p className="he-muted">{t('speed.noTrend')}</p>;
  const value = (ms: number | null) => (ms === null ? t('common.none') : format.ms(ms));
  return (
    <figure className="ad-speed-trend">
      <figcaption>{t('speed.trend')}</figcaption>
      {/* The drawing's height is held from the first render, so the table under it does not move when it arrives. */}
      <div aria-hidden="true" inert style={{ minHeight: CHART_HEIGHT }}>
        <Suspense fallback={<div className="ad-speed-trend__skeleton" style={{ height: CHART_HEIGHT }} />}>
          <SpeedTrendChart
            categories={trend.map((d) => format.day(d.day))}
            series={[
              { name: t('speed.series.usable'), data: trend.map((d) => d.usable) },
              { name: t('speed.series.lcp'), data: trend.map((d) => d.lcp) },
            ]}
            budget={{
              value: page.budgets.usable,
              label: t('speed.budgetLine', { value: format.ms(page.budgets.usable) }),
            }}
            format={format.ms}
            height={CHART_HEIGHT}
          />
        </Suspense>
      </div>
      <details className="he-details">
        <summary>{t('speed.trendTable')}</summary>
        <TableScroll label={t('speed.trend')}>
          <table className="he-table">
            <caption className="he-visually-hidden">{t('speed.trend')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('speed.day')}</th>
                <th scope="col">{t('speed.series.usable')}</th>
                <th scope="col">{t('speed.series.lcp')}</th>
                <th scope="col">{t('speed.series.inp')}</th>
              </tr>
            </thead>
            <tbody>
              {trend.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{format.day(d.day)}</th>
                  <td>{value(d.usable)}</td>
                  <td>{value(d.lcp)}</td>
                  <td>{value(d.inp)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
