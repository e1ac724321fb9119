import type { Format, Grain, SeriesPoint } from '@home-energy/shared';

/** A series point's name on the axis and in tables: the day, the week's first day, or the month. */
export function periodLabel(point: SeriesPoint, grain: Grain, format: Format): string {
  if (grain === 'month') return point.period.slice(0, 7);
  return format.day(point.period);
}

/** Bars while each can be told apart (a month of days); a filled line beyond that. */
export function seriesType(points: number): 'bar' | 'area' {
  return points > 31 ? 'area' : 'bar';
}
