// Loaded lazily (React.lazy in speed-trend.tsx): apexcharts stays out of the admin's first chunk and loads when a
// page's details are first opened. The same version and modular entry points as mfe-console's charts.
import { useEffect, useRef } from 'react';
import ApexCharts from 'apexcharts/core';
import 'apexcharts/line';
import 'apexcharts/features/legend';
import 'apexcharts/features/annotations';
// apexcharts' styles as files of this chunk (not injected by the chart, which would restyle the page in its draw).
import 'apexcharts/dist/apexcharts.css';
import 'apexcharts/dist/apexcharts-legend.css';
import type { ApexOptions } from 'apexcharts';

export interface TrendChartProps {
  /** The days, as the page writes them. */
  categories: string[];
  /** p75 per day in ms; null on a day without reports of that metric. */
  series: { name: string; data: (number | null)[] }[];
  /** The usable time's budget, drawn as a line across the chart. */
  budget: { value: number; label: string };
  format: (ms: number) => string;
  height: number;
}

/** A CSS variable as the page sees it (the console's accent is set on the body). */
function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

/** p75 usable time and LCP per day, with the usable budget as a dashed line. */
export default function SpeedTrendChart({ categories, series, budget, format, height }: TrendChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const danger = cssColor('--he-danger', '#b42318');
  const config: ApexOptions = {
    chart: {
      type: 'line',
      height,
      width: '100%',
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      fontFamily: 'inherit',
      parentHeightOffset: 0,
      injectStyleSheet: false,
      // The drawing is hidden from screen readers and keyboards: the table beside it holds the same figures.
      accessibility: { enabled: false },
    },
    series,
    colors: [cssColor('--he-accent', '#2f4db8'), '#b45309'],
    stroke: { curve: 'straight', width: 2 },
    markers: { size: categories.length > 31 ? 0 : 3 },
    dataLabels: { enabled: false },
    legend: { show: true, position: 'bottom' },
    grid: { borderColor: '#e3e8e5', strokeDashArray: 3 },
    tooltip: { enabled: false },
    xaxis: {
      categories,
      labels: { rotate: -45, hideOverlappingLabels: true },
      tickAmount: Math.min(12, categories.length),
      crosshairs: { show: false },
      tooltip: { enabled: false },
    },
    yaxis: { min: 0, labels: { formatter: (value: number) => format(value) } },
    annotations: {
      yaxis: [
        {
          y: budget.value,
          borderColor: danger,
          strokeDashArray: 4,
          label: { text: budget.label, borderColor: danger, style: { color: '#fff', background: danger } },
        },
      ],
    },
  };
  const latest = useRef(config);
  // Drawn again only when what it shows changes (the options without their formatter, which follows the language).
  const shown = JSON.stringify(config);
  useEffect(() => {
    latest.current = config;
  });
  useEffect(() => {
    if (!element.current) return undefined;
    const chart = new ApexCharts(element.current, latest.current);
    void chart.render();
    return () => chart.destroy();
  }, [shown, format]);
  return <div ref={element} />;
}
