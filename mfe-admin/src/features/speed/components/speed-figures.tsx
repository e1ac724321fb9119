import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VitalMetric } from '@home-energy/shared/mfe/vitals';
import type { SpeedFigures, SpeedMetrics } from '@home-energy/shared/schemas/admin';
import { useSpeedFormat } from '../lib/speed-format';
import { TableScroll } from '@home-energy/shared';

/** The figures of a page in the order the table shows them: ours first, then web-vitals'. */
export const SPEED_METRICS = ['usable', 'lcp', 'inp', 'cls', 'ttfb'] as const satisfies readonly VitalMetric[];

/** Page views behind the figures: each view reports a metric at most once, so the most reported metric counts them. */
export function reportsOf(metrics: SpeedMetrics): number {
  return Math.max(0, ...Object.values(metrics).map((figures) => figures.count));
}

/**
 * One metric's p75 against its budget. Over budget is said in words (for screen readers) and with a sign beside the
 * red figure, not by colour alone; `showBudget` writes the budget under the figure.
 */
export function MetricCell({
  metric,
  figures,
  budget,
  showBudget = true,
}: {
  metric: VitalMetric;
  figures: SpeedFigures | undefined;
  budget: number;
  showBudget?: boolean;
}) {
  const { t } = useTranslation('admin');
  const format = useSpeedFormat();
  if (!figures)
    return (
      <td>
        <span aria-hidden="true" className="he-muted">
          {t('common.none')}
        </span>
        <span className="he-visually-hidden">{t('speed.noFigures')}</span>
      </td>
    );
  const over = figures.p75 > budget;
  return (
    <td className="ad-speed__cell" data-over-budget={over || undefined}>
      <span className={over ? 'ad-speed__over' : undefined}>
        {format.metric(metric, figures.p75)}
        {over ? (
          <>
            <span aria-hidden="true"> ⚠</span>
            <span className="he-visually-hidden">{t('speed.overBudget')}</span>
          </>
        ) : null}
      </span>
      {showBudget ? (
        <div className="ad-speed__budget">{t('speed.budget', { value: format.metric(metric, budget) })}</div>
      ) : null}
    </td>
  );
}

/** A page's p75 per device or per release, against the same budgets as the page's row. */
export function MetricsTable({
  caption,
  rowHeading,
  rows,
  budgets,
}: {
  caption: string;
  rowHeading: string;
  rows: { key: string; label: ReactNode; metrics: SpeedMetrics }[];
  budgets: Record<VitalMetric, number>;
}) {
  const { t } = useTranslation('admin');
  const format = useSpeedFormat();
  return (
    <TableScroll label={caption}>
      <table className="he-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeading}</th>
            {SPEED_METRICS.map((metric) => (
              <th key={metric} scope="col">
                {t(`speed.columns.${metric}`)}
              </th>
            ))}
            <th scope="col">{t('speed.columns.reports')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {SPEED_METRICS.map((metric) => (
                <MetricCell
                  key={metric}
                  metric={metric}
                  figures={row.metrics[metric]}
                  budget={budgets[metric]}
                  showBudget={false}
                />
              ))}
              <td>{format.count(reportsOf(row.metrics))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
