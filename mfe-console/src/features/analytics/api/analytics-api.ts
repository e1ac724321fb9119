import {
  baseApi,
  type ActivitiesAnalytics,
  type AnalyticsPeriod,
  type ConsoleOverview,
  type PortfolioAnalytics,
  type PropertiesAnalytics,
  type TransitionAnalytics,
  type UsersAnalytics,
} from '@home-energy/shared';

export interface AnalyticsArgs extends AnalyticsPeriod {
  org: string;
}

function url(page: string, { org, from, to }: AnalyticsArgs): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  const search = params.toString();
  return `console/org/${encodeURIComponent(org)}/analytics/${page}${search ? `?${search}` : ''}`;
}

/** GET /api/console/org/{org}/analytics/*: each analytics page's figures for a period (pre-aggregated by the BFF). */
const analyticsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPropertiesAnalytics: build.query<PropertiesAnalytics, AnalyticsArgs>({ query: (args) => url('properties', args) }),
    getActivitiesAnalytics: build.query<ActivitiesAnalytics, AnalyticsArgs>({ query: (args) => url('activities', args) }),
    getUsersAnalytics: build.query<UsersAnalytics, AnalyticsArgs>({ query: (args) => url('users', args) }),
    getTransitionAnalytics: build.query<TransitionAnalytics, AnalyticsArgs>({ query: (args) => url('transition', args) }),
    getPortfolioAnalytics: build.query<PortfolioAnalytics, AnalyticsArgs>({ query: (args) => url('portfolio', args) }),
    getOverview: build.query<ConsoleOverview, string>({ query: (org) => `console/org/${encodeURIComponent(org)}/overview` }),
  }),
});

export const {
  useGetPropertiesAnalyticsQuery,
  useGetActivitiesAnalyticsQuery,
  useGetUsersAnalyticsQuery,
  useGetTransitionAnalyticsQuery,
  useGetPortfolioAnalyticsQuery,
  useGetOverviewQuery,
} = analyticsApi;
