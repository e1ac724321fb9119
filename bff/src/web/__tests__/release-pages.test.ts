import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pagesFile } from '@home-energy/shared/build/pages';
import {
  ACCOUNT_DELETED_PATH,
  CONSOLE_ADMIN_PATH,
  CONSOLE_SIGN_IN_PATH,
  dashboardPath,
  MY_HOMES_PATH,
  organisationPath,
  questionsPath,
  SET_PASSWORD_PATH,
  SIGN_PATH,
} from '@home-energy/shared/mfe/pages';
import { matchPage, type ServedRemote } from '../release-pages';
import { pagesFileSchema } from '../../modules/releases/pages-file';

// The links other packages build (shared/src/mfe/pages.ts) land on a page their remote's own route table declares,
// matched as the shell and then the remote match them: react-router's matchRoutes over the releases' pages files.
const served: ServedRemote[] = ['mfe-flow', 'mfe-results', 'mfe-console', 'mfe-admin'].map((pkg) => ({
  name: pkg.replace('-', '_'),
  package: pkg,
  version: '1.0.0-aaaaaaaaaa',
  pages: pagesFileSchema.parse(
    pagesFile(pkg, require(path.resolve(__dirname, '..', '..', '..', '..', pkg, 'pages.cjs'))),
  ),
}));

const landing = (pathname: string) => {
  const match = matchPage(served, pathname);
  return match && [match.remote.name, match.page?.id ?? null];
};

test('each link lands on the page of the remote that renders it', () => {
  expect(landing(dashboardPath(42))).toEqual(['mfe_results', 'dashboard']);
  expect(landing(questionsPath(42))).toEqual(['mfe_flow', 'questions']);
  expect(landing(MY_HOMES_PATH)).toEqual(['mfe_flow', 'profile']);
  expect(landing(ACCOUNT_DELETED_PATH)).toEqual(['mfe_flow', 'account-deleted']);
  expect(landing(SIGN_PATH)).toEqual(['mfe_flow', 'sign']);
  expect(landing(CONSOLE_SIGN_IN_PATH)).toEqual(['mfe_console', 'sign-in']);
  expect(landing(SET_PASSWORD_PATH)).toEqual(['mfe_console', 'set-password']);
  expect(landing(organisationPath('demo', 'requests'))).toEqual(['mfe_console', 'requests']);
  expect(landing(organisationPath('demo'))).toEqual(['mfe_console', 'home']);
  expect(landing(CONSOLE_ADMIN_PATH)).toEqual(['mfe_admin', 'organisations']);
});

test("a redirect, the BFF's own paths and a page whose params break its rules are no page", () => {
  expect(landing('/admin')).toBeNull();
  expect(landing('/api/flow/questions')).toBeNull();
  expect(landing('/mfe/mfe-flow/1.0.0/mf-manifest.json')).toBeNull();
  expect(landing('/flow/property/0/questions')).toEqual(['mfe_flow', null]);
  expect(landing('/console/org/Demo%20Org/properties')).toEqual(['mfe_console', null]);
  expect(landing('/somewhere/else')).toEqual(['mfe_flow', 'fallback']);
});

test('a path no served release mounts is no page of the app', () => {
  const withoutFlow = served.filter((r) => r.package !== 'mfe-flow');
  expect(matchPage(withoutFlow, '/sign')).toBeNull();
});

test("a page's param rule is a kind the BFF knows, never a release's own pattern (none can slow matching)", () => {
  const console = served.find((r) => r.package === 'mfe-console')!.pages!;
  const withRule = (rule: string) => ({ ...console, pages: { ...console.pages, home: { params: { org: rule } } } });
  expect(pagesFileSchema.safeParse(withRule('slug')).success).toBe(true);
  expect(pagesFileSchema.safeParse(withRule('id')).success).toBe(true);
  const catastrophic = pagesFileSchema.safeParse(withRule('^(a+)+$'));
  expect(catastrophic.success).toBe(false);
  expect(catastrophic.error?.issues[0]?.path).toEqual(['pages', 'home', 'params', 'org']);
  // A slug of 64 characters or more, or a number too long for an id, is no page either.
  expect(landing(`/console/org/${'a'.repeat(64)}/properties`)).toEqual(['mfe_console', null]);
  expect(landing(`/console/org/${'a'.repeat(63)}/properties`)).toEqual(['mfe_console', 'properties']);
  expect(landing('/flow/property/12345678901/questions')).toEqual(['mfe_flow', null]);
});

describe("a page's frames per state (a dashboard with no answers)", () => {
  const results = served.find((remote) => remote.package === 'mfe-results')!.pages!;

  it('are kept in every language for each state its rule answers', () => {
    const dashboard = results.pages.dashboard!;
    expect(dashboard.state).toBe('property-profile');
    expect(Object.keys(dashboard.stateFrames ?? {}).sort()).toEqual(['no-profile', 'no-property']);
    for (const frames of Object.values(dashboard.stateFrames ?? {}))
      expect(Object.keys(frames).sort()).toEqual(['en', 'sv']);
  });

  it('are refused for a state the rule does not answer, or a rule the server does not know', () => {
    const edited = (edit: (page: Record<string, unknown>) => void) => {
      const copy = structuredClone(results) as unknown as { pages: Record<string, Record<string, unknown>> };
      edit(copy.pages.dashboard!);
      return pagesFileSchema.safeParse(copy).success;
    };
    expect(edited(() => undefined)).toBe(true);
    expect(edited((page) => (page.stateFrames = { 'signed-out': page.frame }))).toBe(false);
    expect(edited((page) => (page.state = 'weather'))).toBe(false);
    expect(edited((page) => delete page.state)).toBe(false);
  });

  it("are drawn in every language, for a page that names its rule, or the remote's build stops", () => {
    const declared = require(path.resolve(__dirname, '..', '..', '..', '..', 'mfe-results', 'pages.cjs'));
    const oneLanguage = {
      ...declared,
      frames: (lng: string) => {
        const frames = declared.frames(lng);
        if (lng === 'sv') delete frames.dashboard.states['no-profile'];
        return frames;
      },
    };
    expect(() => pagesFile('mfe-results', oneLanguage)).toThrow(
      /frame "no-profile" of page dashboard .* every language/,
    );
    const routes = path.join(os.tmpdir(), `routes-${process.pid}.json`);
    const table = JSON.parse(fs.readFileSync(declared.routes, 'utf8'));
    delete table.pages.dashboard.state;
    fs.writeFileSync(routes, JSON.stringify(table));
    expect(() => pagesFile('mfe-results', { ...declared, routes })).toThrow(/names no state rule/);
    fs.rmSync(routes);
  });
});
