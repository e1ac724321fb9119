import { useEffect, useRef } from 'react';
import ApexCharts from 'apexcharts/core';
import type { ApexOptions } from 'apexcharts';

interface DrawingProps {
  type: NonNullable<ApexOptions['chart']>['type'];
  height: number;
  series: ApexOptions['series'];
  options: ApexOptions;
}

/**
 * One apexcharts chart in its element. The options are read (apexcharts merges them into its defaults) in the task
 * the chart mounts in and the chart is drawn in the next, so neither task holds up input for the whole first draw.
 * The chart is drawn again only when what it shows changes (the options without their functions: the formatters
 * follow the locale, which the translated names in the options follow too), not on every render of its page.
 */
export function ApexDrawing({ type, height, series, options }: DrawingProps) {
  const element = useRef<HTMLDivElement>(null);
  const config: ApexOptions = { ...options, chart: { ...options.chart, type, height, width: '100%' }, series };
  const latest = useRef(config);
  const shown = JSON.stringify(config);
  const drawnBefore = useRef(false);
  // Before the drawing's effect (effects run in order): a redraw reads this render's options with their formatters.
  useEffect(() => {
    latest.current = config;
  });
  useEffect(() => {
    if (!element.current) return undefined;
    const chart = new ApexCharts(element.current, latest.current);
    let drawing = false;
    const render = () => {
      drawing = true;
      void chart.render();
    };
    // A redraw (new figures) replaces the old drawing at once, so no frame shows the chart empty.
    if (drawnBefore.current) render();
    drawnBefore.current = true;
    // A timer queued before chart-turns.ts releases the next chart's turn: this chart draws before that one starts.
    const draw = drawing ? undefined : setTimeout(render, 0);
    return () => {
      clearTimeout(draw);
      if (drawing) chart.destroy();
    };
  }, [shown]);
  return <div ref={element} />;
}
