import path from 'node:path';
import { pagesFile } from '@home-energy/shared/build/pages';
import { routePatterns } from '@home-energy/shared/mfe/page-routes';
import { vitalsViewSchema } from '@home-energy/shared/mfe/vitals';
import { pagesFileSchema, type PagesFile } from '../../releases/pages-file';
import { releasePatterns } from '../routes';

// Each remote's pages file as its build writes it (its src/app/routes.json and frames).
const pagesOf = (pkg: string): PagesFile =>
  pagesFileSchema.parse(
    pagesFile(pkg, require(path.resolve(__dirname, '..', '..', '..', '..', '..', pkg, 'pages.cjs'))),
  );
const REMOTE_PACKAGES = ['mfe-flow', 'mfe-results', 'mfe-console', 'mfe-admin'] as const;

test("every page pattern of every remote's route table is one a speed report may name", () => {
  for (const pkg of REMOTE_PACKAGES) {
    const patterns = [...routePatterns(pagesOf(pkg))];
    expect(patterns.length).toBeGreaterThan(0);
    for (const route of patterns) {
      const view = { route, remote: pkg, version: '1.0.0', navigation: 'load', usable: 1 };
      expect([route, vitalsViewSchema.safeParse(view).success]).toEqual([route, true]);
    }
  }
  expect(routePatterns(pagesOf('mfe-console')).has('/console/org/:org/property_lookup')).toBe(true);
  expect(routePatterns(pagesOf('mfe-flow')).has('/flow/property/:propertyId/questions')).toBe(true);
  expect(routePatterns(pagesOf('mfe-admin')).has('/admin')).toBe(true);
});

test("a release's patterns are its own table's, worked out once per pages file; none without one", async () => {
  const files: Record<string, PagesFile | null> = {
    'mfe-console/1.0.0': pagesOf('mfe-console'),
    'mfe-console/0.9.0': { ...pagesOf('mfe-console'), routes: [{ index: true, page: 'sign-in' }] },
    'mfe-console/0.1.0': null,
  };
  // As web/release-pages.ts' reader: the same pages file for a version on every read.
  const patternsOf = releasePatterns(async (remote, version) => files[`${remote}/${version}`] ?? null);
  const lookup = '/console/org/:org/property_lookup';
  expect((await patternsOf('mfe-console', '1.0.0')).has(lookup)).toBe(true);
  expect(await patternsOf('mfe-console', '1.0.0')).toBe(await patternsOf('mfe-console', '1.0.0'));
  expect((await patternsOf('mfe-console', '0.9.0')).has(lookup)).toBe(false);
  expect([...(await patternsOf('mfe-console', '0.9.0'))]).toEqual(['/console']);
  expect((await patternsOf('mfe-console', '0.1.0')).size).toBe(0);
});
