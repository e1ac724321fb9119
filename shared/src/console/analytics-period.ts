// The analytics period filter: presets relative to today (UTC days, as the BFF counts) or a custom range, kept in the
// address (?period=30d or ?from=…&to=…) so a view can be shared and survives a reload. The console's filter and the
// BFF's page hints (which preload a page's first analytics answer) read the address through the same functions here.
import { analyticsPeriodSchema, type AnalyticsPeriod } from '../schemas/analytics';
import { calendarDaySchema } from '../schemas/dates';

export const PERIOD_PRESETS = ['30d', '90d', '12m', 'all'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number] | 'custom';
export const DEFAULT_PRESET: PeriodPreset = '12m';

/** A day the API takes (the shared schema: a real day within its bounds); any other value in the address is ignored. */
const isDay = (value: string) => calendarDaySchema.safeParse(value).success;

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function daysBefore(today: Date, days: number): string {
  return utcDay(new Date(today.getTime() - days * 86_400_000));
}

/** What the address asks for: a custom range of its valid days when the API would take it, otherwise a preset. */
export function periodFromSearch(search: URLSearchParams): { preset: PeriodPreset; from?: string; to?: string } {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const range = { from: isDay(from) ? from : undefined, to: isDay(to) ? to : undefined };
  // A range the API would refuse (from after to, too long a span) is ignored like an unreadable day, not sent.
  if ((range.from || range.to) && analyticsPeriodSchema.safeParse(range).success) return { preset: 'custom', ...range };
  const preset = search.get('period');
  return {
    preset: (PERIOD_PRESETS as readonly string[]).includes(preset ?? '') ? (preset as PeriodPreset) : DEFAULT_PRESET,
  };
}

/** The API's period for a preset on a given day (both days included). */
export function periodFor(
  selection: { preset: PeriodPreset; from?: string; to?: string },
  today = new Date(),
): AnalyticsPeriod {
  switch (selection.preset) {
    case '30d':
      return { from: daysBefore(today, 29), to: utcDay(today) };
    case '90d':
      return { from: daysBefore(today, 89), to: utcDay(today) };
    case '12m': {
      const start = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate() + 1));
      return { from: utcDay(start), to: utcDay(today) };
    }
    case 'all':
      return {};
    case 'custom':
      return { from: selection.from, to: selection.to };
  }
}

export { ANALYTICS_PAGES, analyticsApiPath, analyticsQuery, type AnalyticsPage } from './analytics-path';
