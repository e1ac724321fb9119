import { routePattern, routePatterns } from '../page-routes';
import { vitalsReportSchema } from '../vitals';

const reportOf = (route: string) => ({
  device: 'phone',
  views: [{ route, remote: 'mfe-flow', version: '1', navigation: 'load', usable: 1 }],
});

describe('page patterns of the speed reports', () => {
  it.each([
    '/',
    '/*',
    '/flow/property/:propertyId/questions',
    '/property/:id/building/:building/results-dashboard',
    '/console/org/:org/property_lookup',
    '/console/org/:org/*',
    '/console/admin/outbox/:id',
    `/${Array.from({ length: 8 }, () => 'a'.repeat(19)).join('/')}`,
  ])('a report may name %s (a route table can hold it)', (route) => {
    expect(vitalsReportSchema.safeParse(reportOf(route)).success).toBe(true);
  });

  it.each([
    ['more than eight segments', '/a/b/c/d/e/f/g/h/i'],
    ['longer than 160 characters', `/${Array.from({ length: 5 }, () => 'a'.repeat(32)).join('/')}`],
    ['a splat before the end', '/console/*/org'],
    ['an address', '/flow/anna@example.se'],
    ['a text', '/flow/anna andersson'],
    ['an empty segment', '/flow//profile'],
    ['no leading slash', 'flow/profile'],
  ])('refuses %s', (_, route) => {
    const parsed = vitalsReportSchema.safeParse(reportOf(route));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['views', 0, 'route']);
  });
});

describe('the patterns of a route table', () => {
  const table = {
    mount: ['console/*'],
    redirects: [{ path: 'staff', to: '/console' }],
    routes: [
      { index: true, page: 'sign-in' },
      {
        path: 'org/:org',
        children: [
          { index: true, page: 'home' },
          { path: 'property_lookup', page: 'lookup' },
        ],
      },
      { path: '*', page: 'not-found' },
    ],
  };

  it('joins the mount (without its splat) and the routes below it, as react-router nests them', () => {
    expect(routePattern('property/:id/building/:building/*', ['results-dashboard'])).toBe(
      '/property/:id/building/:building/results-dashboard',
    );
    expect(routePattern('*', [undefined])).toBe('/');
    expect(routePattern('console/*', ['org/:org', undefined])).toBe('/console/org/:org');
  });

  it('holds every route below every mount, and each redirect', () => {
    expect([...routePatterns(table)].sort()).toEqual(
      ['/console', '/console/org/:org', '/console/org/:org/property_lookup', '/console/*', '/staff'].sort(),
    );
  });
});
