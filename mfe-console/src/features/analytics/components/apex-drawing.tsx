import { useEffect, useRef } from 'react';
import ApexCharts from 'apexcharts/core';
import type { ApexOptions } from 'apexcharts';

interface DrawingProps {
  type: NonNullable<ApexOptions['chart']>['type'];
  height: number;
  series: ApexOptions['series'];
  options: ApexOptions;
  /** Called once the chart has drawn (or redrawn): the next chart of the page may take its turn (chart-turns.ts). */
  onDrawn: () => void;
}

/**
 * One apexcharts chart in its element. The options are read (apexcharts merges them into its defaults) in the task
 * the chart mounts in and the chart is drawn after the next frame, so neither task holds up input for the whole first
 * draw, and the page's style and layout (with the chart library's stylesheet, just arrived) are done in that frame, not
 * inside the draw's label measuring. The chart is drawn again only when what it shows changes (the options without
 * their functions: the formatters follow the locale, which the translated names in the options follow too), not on
 * every render of its page.
 */
export function ApexDrawing({ type, height, series, options, onDrawn }: DrawingProps) {
  const element = useRef<HTMLDivElement>(null);
  const config: ApexOptions = { ...options, chart: { ...options.chart, type, height, width: '100%' }, series };
  const latest = useRef({ config, onDrawn });
  const shown = JSON.stringify(config);
  const drawnBefore = useRef(false);
  // Before the drawing's effect (effects run in order): a redraw reads this render's options with their formatters.
  useEffect(() => {
    latest.current = { config, onDrawn };
  });
  useEffect(() => {
    if (!element.current) return undefined;
    const chart = new ApexCharts(element.current, latest.current.config);
    let drawing = false;
    const render = () => {
      drawing = true;
      void chart.render();
      latest.current.onDrawn();
    };
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A redraw (new figures) replaces the old drawing at once, so no frame shows the chart empty.
    if (drawnBefore.current) render();
    else frame = requestAnimationFrame(() => (timer = setTimeout(render, 0)));
    drawnBefore.current = true;
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      if (drawing) chart.destroy();
    };
  }, [shown]);
  return <div ref={element} />;
}
