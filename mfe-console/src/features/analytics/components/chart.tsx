import { lazy, Suspense } from 'react';
import { Loading } from '@home-energy/shared';

export interface ChartProps {
  type: 'bar' | 'line' | 'area' | 'donut';
  categories: string[];
  series: { name: string; data: number[] }[];
  horizontal?: boolean;
  stacked?: boolean;
  /** One colour per category (a single series), e.g. the label colours A–G. */
  distributed?: boolean;
  colors?: string[];
  height?: number;
  /** Numbers on axes and in tooltips (spec §9 formatting). */
  format: (value: number) => string;
}

const ApexChart = lazy(() => import('./apex-chart'));

/**
 * A chart with its title; the figures are also in the table beside it (the chart itself is hidden from screen readers,
 * the table is what they read and what the CSV holds).
 */
export function Chart({ title, testId, ...props }: ChartProps & { title: string; testId: string }) {
  return (
    <figure className="cn-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      {/* inert: the chart's own focusable parts (donut slices, legend) stay out of the tab order as well. */}
      <div aria-hidden="true" inert className="cn-chart__canvas">
        <Suspense fallback={<Loading />}>
          <ApexChart {...props} />
        </Suspense>
      </div>
    </figure>
  );
}
