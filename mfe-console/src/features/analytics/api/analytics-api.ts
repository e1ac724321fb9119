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
import { analyticsApiPath } from '@home-energy/shared/console/analytics-path';

export interface AnalyticsArgs extends AnalyticsPeriod {
  org: string;
}

/** GET /api/console/org/{org}/analytics/*: each analytics page's figures for a period (pre-aggregated by the BFF). */
const analyticsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPropertiesAnalytics: build.query<PropertiesAnalytics, AnalyticsArgs>({
      query: (args) => analyticsApiPath('properties', args),
    }),
    getActivitiesAnalytics: build.query<ActivitiesAnalytics, AnalyticsArgs>({
      query: (args) => analyticsApiPath('activities', args),
    }),
    getUsersAnalytics: build.query<UsersAnalytics, AnalyticsArgs>({
      query: (args) => analyticsApiPath('users', args),
    }),
    getTransitionAnalytics: build.query<TransitionAnalytics, AnalyticsArgs>({
      query: (args) => analyticsApiPath('transition', args),
    }),
    getPortfolioAnalytics: build.query<PortfolioAnalytics, AnalyticsArgs>({
      query: (args) => analyticsApiPath('portfolio', args),
    }),
    getOverview: build.query<ConsoleOverview, string>({
      query: (org) => `console/org/${encodeURIComponent(org)}/overview`,
    }),
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
