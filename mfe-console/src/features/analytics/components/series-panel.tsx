import { useTranslation } from 'react-i18next';
import { useFormat, type Grain, type SeriesPoint } from '@home-energy/shared';
import { periodLabel, seriesType } from '../lib/series';
import { Chart } from './chart';
import { DataTable } from './data-table';

/** One count over the period: its chart and, behind a disclosure, the figures with their CSV export. */
export function SeriesPanel({
  title,
  seriesName,
  testId,
  fileName,
  period,
  points,
}: {
  title: string;
  /** What is counted: the series' name in the chart and the table's value column. */
  seriesName: string;
  testId: string;
  fileName: string;
  period: { from: string; to: string; grain: Grain };
  points: SeriesPoint[];
}) {
  const { t } = useTranslation('console');
  const format = useFormat();
  const count = (value: number) => format.number(value);
  const label = (p: SeriesPoint) => periodLabel(p, period.grain, format);
  return (
    <section className="he-section cn-panel" aria-label={title}>
      <Chart
        testId={testId}
        title={title}
        type={seriesType(points.length)}
        categories={points.map(label)}
        series={[{ name: seriesName, data: points.map((p) => p.value) }]}
        format={count}
      />
      <DataTable
        captionHidden
        caption={title}
        fileName={fileName}
        period={period}
        rows={points}
        collapsed
        columns={[
          { key: 'period', label: t(`analytics.grain.${period.grain}`), value: (p) => p.period, show: label },
          { key: 'value', label: seriesName, value: (p) => p.value, show: (p) => count(p.value), numeric: true },
        ]}
      />
    </section>
  );
}
