// Loaded lazily (React.lazy in chart.tsx): apexcharts stays out of the console's first chunk and loads with the first
// chart that comes near the screen. The same versions and modular entry points as mfe-results.
import 'apexcharts/bar';
// Registers 'area' as well: apexcharts/area is the same file under another name, and bundled twice as two modules.
import 'apexcharts/line';
import 'apexcharts/donut';
import 'apexcharts/features/legend';
// apexcharts' styles as files of this chunk, loaded with it: injected by the first chart instead (injectStyleSheet),
// 50 KB of rules restyled the whole page inside that chart's draw.
import 'apexcharts/dist/apexcharts.css';
import 'apexcharts/dist/apexcharts-legend.css';
import type { ApexOptions } from 'apexcharts';
import { CHART_HEIGHT, type ChartProps } from './chart';
import { ApexDrawing } from './apex-drawing';

/** A CSS variable as the console sees it (its accent is set on the body: [data-theme='console']). */
function cssColor(name: string, fallback: string): string {
  if (typeof window === 'undefined') return fallback;
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

/** The console's palette after its accent: distinct, readable colours for several series and the donut's slices. */
const PALETTE = ['#2f4db8', '#b45309', '#0e7490', '#7c3aed', '#4d7c0f', '#be123c', '#0f6e4f', '#6b7280'];

/** Whole-number ticks for counts: at most 5, never 0.5 of a home. */
function countAxis(
  series: { data: number[] }[],
  stacked?: boolean,
): { min: number; max?: number; tickAmount?: number } {
  const values = stacked
    ? (series[0]?.data.map((_, i) => series.reduce((s, x) => s + (x.data[i] ?? 0), 0)) ?? [])
    : series.flatMap((x) => x.data);
  const top = Math.max(0, ...values);
  if (top >= 5) return { min: 0 };
  return { min: 0, max: Math.max(1, top), tickAmount: Math.max(1, top) };
}

export default function ApexChart({
  type,
  categories,
  series,
  horizontal,
  stacked,
  distributed,
  colors,
  height = CHART_HEIGHT,
  format,
  onDrawn,
}: ChartProps & { onDrawn: () => void }) {
  const accent = cssColor('--he-accent', PALETTE[0]!);
  const palette = colors ?? [accent, ...PALETTE.slice(1)];
  const formatter = (value: number) => format(value);
  const base: ApexOptions = {
    chart: {
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      fontFamily: 'inherit',
      parentHeightOffset: 0,
      injectStyleSheet: false,
      stacked,
      // The drawing is aria-hidden and inert (chart.tsx): readers and keyboards use the table beside it, and no pointer
      // reaches it, so apexcharts' own keyboard navigation and hover tooltips would only add to the first draw.
      accessibility: { enabled: false },
    },
    colors: palette,
    dataLabels: { enabled: false },
    legend: { show: (series.length > 1 || type === 'donut') && !distributed, position: 'bottom' },
    grid: { borderColor: '#e3e8e5', strokeDashArray: 3 },
    tooltip: { enabled: false },
  };
  if (type === 'donut') {
    return (
      <ApexDrawing
        type="donut"
        height={height}
        onDrawn={onDrawn}
        series={series[0]?.data ?? []}
        options={{
          ...base,
          labels: categories,
          plotOptions: { pie: { donut: { size: '58%' } } },
        }}
      />
    );
  }
  const axis = countAxis(series, stacked);
  const options: ApexOptions = {
    ...base,
    stroke: type === 'bar' ? { width: 0 } : { curve: 'straight', width: 2 },
    fill: type === 'area' ? { type: 'solid', opacity: 0.18 } : undefined,
    plotOptions: { bar: { horizontal, distributed, borderRadius: 3, columnWidth: '60%', barHeight: '70%' } },
    xaxis: {
      categories,
      labels: {
        rotate: -45,
        hideOverlappingLabels: true,
        formatter: horizontal ? (value: string) => format(Number(value)) : undefined,
      },
      crosshairs: { show: false },
      tooltip: { enabled: false },
      tickAmount: type === 'bar' ? (horizontal ? axis.tickAmount : undefined) : Math.min(12, categories.length),
      ...(horizontal ? { min: axis.min, max: axis.max } : {}),
    },
    yaxis: horizontal ? {} : { labels: { formatter }, min: axis.min, max: axis.max, tickAmount: axis.tickAmount },
  };
  // Phones: fewer value ticks on a horizontal chart, so the kWh labels do not run into each other.
  options.responsive = horizontal
    ? [{ breakpoint: 600, options: { xaxis: { tickAmount: Math.min(axis.tickAmount ?? 2, 2) } } }]
    : undefined;
  return <ApexDrawing type={type} height={height} series={series} options={options} onDrawn={onDrawn} />;
}
