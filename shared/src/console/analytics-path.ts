// The analytics pages and the API path each asks for, apart from the period rules (analytics-period.ts, which
// re-exports them): those check days with a zod schema, and a remote that only names an analytics path (the console's
// home asks for the overview) then carries no copy of zod in its first chunk.
import type { AnalyticsPeriod } from '../schemas/analytics';

export const ANALYTICS_PAGES = ['properties', 'activities', 'users', 'transition', 'portfolio'] as const;
export type AnalyticsPage = (typeof ANALYTICS_PAGES)[number];

/** The query of an analytics answer for a period, as the console asks for it ('' for all time). */
export function analyticsQuery({ from, to }: AnalyticsPeriod): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params.toString();
}

/** An analytics page's API path under /api, as the console asks for it (the same string preloads must name). */
export function analyticsApiPath(page: AnalyticsPage, { org, ...period }: AnalyticsPeriod & { org: string }): string {
  const search = analyticsQuery(period);
  return `console/org/${encodeURIComponent(org)}/analytics/${page}${search ? `?${search}` : ''}`;
}
