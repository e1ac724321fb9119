import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { markUsable } from '@home-energy/shared';
import { useNearScreen, whenIdle } from '../lib/near-screen';
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

/**
 * The chart library and the console's chart on it; one import for every chart (webpack fetches the chunk once). Named:
 * a page whose first view is a chart lists it in routes.json (`chunks`), and its HTML preloads it.
 */
const loadApexChart = () => import(/* webpackChunkName: "chart" */ './apex-chart');
const ApexChart = lazy(loadApexChart);

/** The height of a chart's drawing when its page does not say (apex-chart.tsx draws exactly this high). */
export const CHART_HEIGHT = 260;

/** How long a chart on the screen waits for its page to finish rendering before it loads and draws anyway. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Whether this chart may draw now, and the call that says it has drawn. A chart queues for its turn (chart-turns.ts)
 * only once it is near the screen, the page's own rendering is done and the chart library has loaded: the library
 * (the console's largest chunk) is fetched and run neither on a page whose charts nobody scrolls to nor in the task of
 * the page's first render or of a chart's draw (its script and its styles are added and run in tasks of their own),
 * and the tables beside the charts come first.
 */
function useChartTurn(near: boolean): [boolean, () => void] {
  const [turn, setTurn] = useState(false);
  const done = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!near) return undefined;
    let gone = false;
    let finish: (() => void) | undefined;
    const queue = () => {
      if (gone) return;
      finish = takeChartTurn(() => setTurn(true));
      done.current = finish;
    };
    // A failed load still takes the turn: the chart's own import then tries again, and its error shows as before.
    const cancel = whenIdle(() => void loadApexChart().then(queue, queue), IDLE_TIMEOUT_MS);
    return () => {
      gone = true;
      cancel();
      finish?.();
    };
  }, [near]);
  const drawn = useCallback(() => {
    done.current();
    // The page's first chart on screen makes it usable, unless its tables already did.
    markUsable();
  }, []);
  return [turn, drawn];
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
  const canvas = useRef<HTMLDivElement>(null);
  const [turn, drawn] = useChartTurn(useNearScreen(canvas));
  const skeleton = <div className="cn-chart__skeleton" data-testid="chart-skeleton" style={{ height }} />;
  return (
    <figure className="cn-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      {/* inert: the chart's own focusable parts (donut slices, legend) stay out of the tab order as well. */}
      {/* The drawing's final height is held from the first render: the chart library arrives after the figures on a
          slow network, and a placeholder of another height (a spinner) would push everything below it down then. The
          charts draw one per task (chart-turns.ts); the skeleton holds the place of those still waiting. */}
      <div ref={canvas} aria-hidden="true" inert className="cn-chart__canvas" style={{ minHeight: height }}>
        {turn ? (
          <Suspense fallback={skeleton}>
            <ApexChart {...props} height={height} onDrawn={drawn} />
          </Suspense>
        ) : (
          skeleton
        )}
      </div>
    </figure>
  );
}
