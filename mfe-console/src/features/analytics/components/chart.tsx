import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { takeChartTurn } from './chart-turns';

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
  /** Numbers on axes and in tooltips (docs/product.md §9 formatting). */
  format: (value: number) => string;
}

const ApexChart = lazy(() => import('./apex-chart'));

/** The height of a chart's drawing when its page does not say (apex-chart.tsx draws exactly this high). */
export const CHART_HEIGHT = 260;

/** Whether this chart may draw now (chart-turns.ts), and the call that says it has drawn. */
function useChartTurn(): [boolean, () => void] {
  const [turn, setTurn] = useState(false);
  const done = useRef<() => void>(() => undefined);
  useEffect(() => {
    const finish = takeChartTurn(() => setTurn(true));
    done.current = finish;
    return finish;
  }, []);
  const drawn = useCallback(() => done.current(), []);
  return [turn, drawn];
}

/**
 * Rendered after the drawing: its effect runs once the chart's own has, and the turn it releases (a timer) comes after
 * the timer that draws the chart (apex-drawing.tsx).
 */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(() => onDrawn(), [onDrawn]);
  return null;
}

/**
 * A chart with its title; the figures are also in the table beside it (the chart itself is hidden from screen readers,
 * the table is what they read and what the CSV holds).
 */
export function Chart({
  title,
  testId,
  height = CHART_HEIGHT,
  ...props
}: ChartProps & { title: string; testId: string }) {
  const [turn, drawn] = useChartTurn();
  const skeleton = <div className="cn-chart__skeleton" data-testid="chart-skeleton" style={{ height }} />;
  return (
    <figure className="cn-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      {/* inert: the chart's own focusable parts (donut slices, legend) stay out of the tab order as well. */}
      {/* The drawing's final height is held from the first render: the chart library arrives after the figures on a
          slow network, and a placeholder of another height (a spinner) would push everything below it down then. The
          charts draw one per task (chart-turns.ts); the skeleton holds the place of those still waiting. */}
      <div aria-hidden="true" inert className="cn-chart__canvas" style={{ minHeight: height }}>
        {turn ? (
          <Suspense fallback={skeleton}>
            <ApexChart {...props} height={height} />
            <Drawn onDrawn={drawn} />
          </Suspense>
        ) : (
          skeleton
        )}
      </div>
    </figure>
  );
}
