import { ANALYTICS_PAGES, analyticsApiPath, periodFor, periodFromSearch } from '../console/analytics-period';

const QUESTIONS = /^\/flow\/property\/(\d+)\/questions\/?$/;
const ORGANISATION = /^\/console\/org\/([a-z0-9][a-z0-9-]*)(?:\/([a-z_-]+))?\/?$/i;
const isAnalyticsPage = (page: string): page is (typeof ANALYTICS_PAGES)[number] =>
  (ANALYTICS_PAGES as readonly string[]).includes(page);

/**
 * The API answers a page waits for before its main content, by address: the BFF names them in the page's HTML as
 * preloads (bff/src/web/page-hints.ts), so they load with the page instead of after its code. Each is the exact URL
 * the page's RTK Query endpoint asks for (shared/src/api/property-api.ts, mfe-console's analytics and organisation
 * APIs), so the browser hands the preloaded answer to that request and nothing is fetched twice.
 */
export function pageDataPaths(pathname: string, search: URLSearchParams, today = new Date()): string[] {
  const questions = pathname.match(QUESTIONS);
  if (questions) {
    const id = Number(questions[1]);
    return Number.isSafeInteger(id) && id > 0 ? ['/api/flow/questions', `/api/flow/property/${id}/answers`] : [];
  }
  const organisation = pathname.match(ORGANISATION);
  if (!organisation) return [];
  const [, org, page] = organisation;
  const details = `/api/console/org/${org}/details`;
  if (!page) return [details, `/api/console/org/${org}/overview`];
  if (!isAnalyticsPage(page)) return [details];
  const period = periodFor(periodFromSearch(search), today);
  return [details, `/api/${analyticsApiPath(page, { org, ...period })}`];
}
