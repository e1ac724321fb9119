import fs from 'node:fs';
import path from 'node:path';
import { dashboardPath, PUBLISHED_ADDRESSES } from '@home-energy/shared/mfe/pages';
import { makeBuildFixtures } from '../../../../test/fixtures';
import { checkRelease } from '../release-check';

// A page that mails, bookmarks and other remotes link to (shared/src/mfe/pages.ts) cannot move with one release: the
// release check refuses a build whose routes no longer serve one of its remote's published addresses.
const fixtures = makeBuildFixtures();
afterAll(() => fixtures.cleanup());

/** mfe-results' build with these routes and redirects in its pages file. */
function resultsBuild(label: string, routes: object[], redirects: object[] = []): string {
  const dir = fixtures.writeRemote(label);
  const file = path.join(dir, 'pages.json');
  const pages = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, JSON.stringify({ ...pages, mount: ['property/:id/building/:building/*'], routes, redirects }));
  return dir;
}

const DASHBOARD = dashboardPath(1);
const refusal =
  `mfe-results's routes no longer serve ${DASHBOARD}: published addresses that mails, bookmarks and other remotes ` +
  'link to (shared/src/mfe/pages.ts). Keep a route to the page there, or a redirect.';

it('names an address of every remote, and each address once', () => {
  expect(new Set(PUBLISHED_ADDRESSES.map((a) => a.remote))).toEqual(
    new Set(['mfe-flow', 'mfe-results', 'mfe-console', 'mfe-admin']),
  );
  expect(new Set(PUBLISHED_ADDRESSES.map((a) => a.path)).size).toBe(PUBLISHED_ADDRESSES.length);
});

it('takes a release that serves the dashboard at its address', () => {
  const dir = resultsBuild('kept', [
    { path: 'results-dashboard', page: 'dashboard' },
    { path: '*', page: 'not-found' },
  ]);
  expect(checkRelease(dir, 'mfe-results').version).toMatch(/^1\.2\.0-/);
});

it('refuses one that moved the dashboard, naming the address; its not-found page does not count as serving it', () => {
  const moved = [
    { path: 'results', page: 'dashboard' },
    { path: '*', page: 'not-found' },
  ];
  expect(() => checkRelease(resultsBuild('moved', moved), 'mfe-results')).toThrow(refusal);
});

it('takes the moved dashboard while a route to it stays at the published address', () => {
  const dir = resultsBuild('both', [
    { path: 'results', page: 'dashboard' },
    { path: 'results-dashboard', page: 'dashboard' },
  ]);
  expect(checkRelease(dir, 'mfe-results').version).toMatch(/^1\.2\.0-/);
});

it("takes the admin's pages moved to another mount with a redirect from the published one", () => {
  const dir = fixtures.writeRemote('admin-moved', undefined, 'mfe_admin');
  const file = path.join(dir, 'pages.json');
  const pages = JSON.parse(fs.readFileSync(file, 'utf8'));
  const routes = [{ index: true, page: 'organisations' }];
  fs.writeFileSync(file, JSON.stringify({ ...pages, mount: ['console/platform/*'], routes, redirects: [] }));
  expect(() => checkRelease(dir, 'mfe-admin')).toThrow("mfe-admin's routes no longer serve /console/admin:");
  const redirects = [{ path: 'console/admin', to: '/console/platform' }];
  fs.writeFileSync(file, JSON.stringify({ ...pages, mount: ['console/platform/*'], routes, redirects }));
  expect(checkRelease(dir, 'mfe-admin').version).toMatch(/^1\.2\.0-/);
});
