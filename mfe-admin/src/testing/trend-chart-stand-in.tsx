import type { TrendChartProps } from '../features/speed/components/speed-trend-chart';

/**
 * apexcharts needs a real layout engine; in jsdom the lazy chart module is replaced by this stand-in, which shows what
 * the chart was given (days, series, budget line) so tests can check what would be drawn.
 */
export default function TrendChartStandIn({ categories, series, budget }: TrendChartProps) {
  return (
    <div data-testid="trend-chart">
      <span data-testid="trend-chart-days">{categories.join('|')}</span>
      {series.map((s) => (
        <span key={s.name} data-testid="trend-chart-series">{`${s.name}: ${s.data.join(',')}`}</span>
      ))}
      <span data-testid="trend-chart-budget">{`${budget.label} (${budget.value})`}</span>
    </div>
  );
}
