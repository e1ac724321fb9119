import { useEffect } from 'react';
import type { ChartProps } from '../features/analytics/components/chart';

/**
 * apexcharts needs a real layout engine; in jsdom the lazy chart module is replaced by this stand-in, which shows
 * what the chart was given (type, categories, series) so tests can check what would be drawn. The real charts run in
 * the e2e suite (e2e/tests/console.spec.ts).
 */
export default function ChartStandIn({ type, categories, series, onDrawn }: ChartProps & { onDrawn: () => void }) {
  useEffect(() => onDrawn(), [onDrawn]);
  return (
    <div data-testid="chart-data" data-type={type}>
      <span data-testid="chart-categories">{categories.join('|')}</span>
      {series.map((s) => (
        <span key={s.name} data-testid="chart-series">{`${s.name}: ${s.data.join(',')}`}</span>
      ))}
    </div>
  );
}
