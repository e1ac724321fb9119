import axe from 'axe-core';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { patternsFrom, visibleMenu, type PagePatternOf } from '@home-energy/shared/console/menu-rules';
import { measureCardsToShow } from '@home-energy/shared/energy/measure-cards';
import { organisationPath } from '@home-energy/shared/mfe/pages';
import {
  releaseRouteTable,
  REMOTES,
  type Registry,
  type RemoteName,
  type RemotePackage,
} from '@home-energy/shared/remotes';

/** Every page the remotes own, as the shell mounts them, with the heading each must show. */
export const REMOTE_ROUTES = [
  { remote: 'mfe_flow', path: '/', heading: 'Find your home' },
  { remote: 'mfe_flow', path: '/flow/property/42/questions', heading: 'About your home' },
  { remote: 'mfe_flow', path: '/flow/add-property', heading: 'Add a property', homeowner: true },
  { remote: 'mfe_flow', path: '/flow/contact', heading: 'Contact details', homeowner: true },
  { remote: 'mfe_flow', path: '/sign', heading: 'Sign in with BankID' },
  { remote: 'mfe_flow', path: '/flow/account-deleted', heading: 'Your account has been deleted' },
  { remote: 'mfe_flow', path: '/privacy', heading: 'Privacy notice' },
  {
    remote: 'mfe_results',
    path: '/property/42/building/primary/results-dashboard',
    heading: "Your home's energy results",
    profileOf: 42,
  },
  { remote: 'mfe_console', path: '/console', heading: 'Staff sign-in', signedOut: true },
  { remote: 'mfe_console', path: '/console/org/demo-energi', heading: 'Demo Energi AB' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/properties', heading: 'Properties' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/activities', heading: 'Activities' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/users', heading: 'Users' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/transition', heading: 'Transition' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/portfolio', heading: 'Portfolio' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/property_lookup', heading: 'Property lookup' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/configuration', heading: 'Configuration' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/validation', heading: 'Validation' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/messages', heading: 'Messages' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/account', heading: 'Account' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/org-select', heading: 'Organisations' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/user-management', heading: 'User management' },
  { remote: 'mfe_console', path: '/console/org/demo-energi/data-access', heading: 'Who saw personal data' },
  { remote: 'mfe_admin', path: '/console/admin', heading: 'Organisations' },
  { remote: 'mfe_admin', path: '/console/admin/organisations/demo-energi', heading: 'Organisation' },
  { remote: 'mfe_admin', path: '/console/admin/user-management', heading: 'User management' },
  { remote: 'mfe_admin', path: '/console/admin/releases', heading: 'Releases' },
  { remote: 'mfe_admin', path: '/console/admin/speed', heading: 'Speed' },
  { remote: 'mfe_admin', path: '/console/admin/audit', heading: 'Audit log' },
  { remote: 'mfe_admin', path: '/console/admin/outbox', heading: 'Outbox' },
  { remote: 'mfe_admin', path: '/console/admin/data-requests', heading: 'Data requests' },
] as const;

/** Demo staff accounts (bff/src/seed/demo-staff.ts). */
export const DEMO_PASSWORD = 'energy-demo-2026';
export const SUPER_ADMIN = 'super@demo.test';

/**
 * Signs the page's browser context in as a staff user through the NextAuth protocol (csrf + credentials form),
 * the quick way for tests whose subject is not the sign-in form itself.
 */
export async function signInStaff(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const csrf = await (await page.request.get('/api/auth/csrf')).json();
  const res = await page.request.post('/api/auth/callback/credentials', {
    form: { csrfToken: csrf.csrfToken, email, password, callbackUrl: '/console', json: 'true' },
  });
  if (res.status() !== 200) throw new Error(`sign-in as ${email} answered ${res.status()}`);
}

/**
 * A console chart, drawn: scrolled to first, as a user does, since a chart loads its library and draws only once it
 * comes near the screen (mfe-console's chart.tsx).
 */
export async function expectChartDrawn(chart: Locator): Promise<void> {
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('svg').first()).toBeVisible();
}

export type { RemoteName };
export const REMOTE_PACKAGES = Object.fromEntries(REMOTES.map((r) => [r.name, r.package])) as Record<
  RemoteName,
  RemotePackage
>;

/** Collects console errors and failed requests so a test can assert the page ran clean (CSP included). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

export async function registry(
  page: Page,
): Promise<{ remotes: { name: string; package: string; version: string; entry: string }[] }> {
  const res = await page.request.get('/api/mfe/registry');
  return res.json();
}

/**
 * The phone approves the BankID order of this page's session, found on the simulator by the QR token the session
 * shows (other tests start orders on the same simulator at the same time).
 */
export async function approveBankIdOrderOf(
  page: Page,
  simulatorUrl: string,
  personalNumber = '198507099805',
  name = 'Karin Karlsson',
): Promise<void> {
  const { qrData } = await (await page.request.get('/api/flow/user/sign')).json();
  const qrStartToken = String(qrData).split('.')[1];
  const orders = (await (await page.request.get(`${simulatorUrl}/simulator/api/orders`)).json()).orders as {
    orderRef: string;
    qrStartToken: string;
  }[];
  const order = orders.find((o) => o.qrStartToken === qrStartToken);
  if (!order) throw new Error(`no BankID order for this session's QR token (${qrStartToken}) on the simulator`);
  const approved = await page.request.post(`${simulatorUrl}/simulator/api/orders/${order.orderRef}/approve`, {
    data: { personalNumber, name },
  });
  if (!approved.ok()) throw new Error(`simulator approve answered ${approved.status()}: ${await approved.text()}`);
}

/**
 * Signs the page's browser context in as a homeowner the quick way: starts a BankID order through the BFF, approves it
 * on the simulator's control API (as the person's phone would) and completes the sign-in. The sign-in page itself is
 * covered by homeowner-sign.spec.ts.
 */
export async function signInHomeowner(
  page: Page,
  simulatorUrl: string,
  personalNumber = '198507099805',
  name = 'Karin Karlsson',
): Promise<void> {
  const csrf = (await (await page.request.get('/api/auth/csrf')).json()).csrfToken as string;
  const started = await page.request.post('/api/flow/user/sign', {
    data: { csrfToken: csrf, loginMethod: 'bankid.other_device' },
  });
  if (!started.ok()) throw new Error(`BankID start answered ${started.status()}`);
  await approveBankIdOrderOf(page, simulatorUrl, personalNumber, name);
  await expect
    .poll(async () => (await (await page.request.get('/api/flow/user/sign')).json()).requestStatus)
    .toBe('complete');
  const signedIn = await page.request.post('/api/flow/user/auth', { data: { csrfToken: csrf } });
  if (!signedIn.ok()) throw new Error(`sign-in answered ${signedIn.status()}: ${await signedIn.text()}`);
}

/** The rules of WCAG 2.2 level AA (axe's tags for levels A and AA of WCAG 2.0, 2.1 and 2.2). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * What axe looks for: in the part `include` selects (all the page by default), by the rules of `tags` (all by
 * default), the violations of `impacts` (all by default).
 */
export interface AxeScope {
  include?: string;
  tags?: string[];
  impacts?: ('minor' | 'moderate' | 'serious' | 'critical')[];
}

const AXE_SOURCE: string = axe.source;

/**
 * Every violation axe finds on the page as it is now, one line each naming the rule, its impact and where. Axe runs
 * inside the page (no blank page opened to gather other frames' results: the app has no frames), put there once per
 * document, which a person moving through the app stays in. It reports only the violations: passed and inapplicable
 * rules keep one element each instead of a selector worked out for every element they looked at. Every rule still runs
 * on every element.
 */
export async function axeViolations(page: Page, { include, tags, impacts }: AxeScope = {}): Promise<string[]> {
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')))
    await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ include, tags, impacts }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const { violations } = await axe.run(include ? { include: [include] } : document, {
        ...(tags ? { runOnly: { type: 'tag' as const, values: tags } } : {}),
        resultTypes: ['violations'],
      });
      return violations
        .filter((v) => !impacts || (v.impact && impacts.includes(v.impact)))
        .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    { include, tags, impacts },
  );
}

/** Every WCAG 2.2 AA violation on the page as it is now (or in the part `include` selects). */
export function accessibilityViolations(page: Page, include?: string): Promise<string[]> {
  return axeViolations(page, { include, tags: WCAG_AA_TAGS });
}

/** Serious and critical problems by any of axe's rules (WCAG's and its best practices) on the page as it is now. */
export function seriousAccessibilityViolations(page: Page, include?: string): Promise<string[]> {
  return axeViolations(page, { include, impacts: ['serious', 'critical'] });
}

/**
 * A page of a remote, ready to look at: the app's own page in place of the server's static copy, its heading shown,
 * nothing more on its way; with `charts`, every console chart drawn too (each draws once it comes near the screen).
 */
export async function pageReady(page: Page, { charts = false } = {}): Promise<void> {
  await expect(page.locator('[data-remote] h1').first()).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  if (charts) for (const chart of await page.locator('figure.cn-chart').all()) await expectChartDrawn(chart);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Where the console's menu finds its pages: the route tables of the releases the registry serves this browser. */
export async function servedPagePatterns(request: APIRequestContext): Promise<PagePatternOf> {
  const registry: Registry = await (await request.get('/api/mfe/registry')).json();
  const table = (remote: RemotePackage) => {
    const entry = registry.remotes.find((r) => r.package === remote);
    return entry ? releaseRouteTable(entry) : undefined;
  };
  return patternsFrom({ 'mfe-console': table('mfe-console'), 'mfe-admin': table('mfe-admin') });
}

/** The organisation's home and every console page the navigation rules give the page's signed-in user there. */
export async function consolePages(page: Page, org: string): Promise<string[]> {
  const { user } = await (await page.request.get('/api/auth/session')).json();
  const organisation = await (await page.request.get(`/api/console/org/${org}/details`)).json();
  const context = { user, organisation, impersonating: user.impersonating?.slug ?? null };
  const menu = visibleMenu(context, await servedPagePatterns(page.request));
  return [...new Set([organisationPath(org), ...menu.flatMap((group) => group.items.map((item) => item.href))])];
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A signed-in staff user's cookies, for new browser contexts (the super admin's working in Demo Energi's console). */
export async function staffState(browser: Browser, email: string): Promise<StorageState> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInStaff(page, email);
  if (email === SUPER_ADMIN) {
    const started = await page.request.post('/api/admin/impersonation', { data: { organisation: 'demo-energi' } });
    expect(started.status(), await started.text()).toBe(200);
  }
  const state = await context.storageState();
  await context.close();
  return state;
}

/** What a homeowner's day leaves in the product, and the homeowner's signed-in cookies. */
export interface WorkingDay {
  homeowner: StorageState;
  /** The homeowner's first home: answered, with a saved plan and a request to Demo Installation AB. */
  home: { id: number; name: string };
}

/**
 * A homeowner's day, so the console, the admin pages and My homes have something in them: two homes of Demo Energi
 * answered (one heated with oil), a saved plan, contact details (the confirmation mail lands in the outbox) and a
 * request to Demo Installation AB for one of the first home's measures.
 */
export async function workingDay(
  browser: Browser,
  simulatorUrl: string,
  personalNumber: string,
  name: string,
): Promise<WorkingDay> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const found = await page.request.get('/api/flow/property-search/suggestions?q=Sankt');
  const [first, second] = ((await found.json()) as { suggestions: { id: number; name: string }[] }).suggestions;
  await signInHomeowner(page, simulatorUrl, personalNumber, name);
  let built: { recommendations: unknown[] } | undefined;
  for (const [home, answers] of [
    [first!, { occupants: 3, primary_heating_systems: ['oil'] }],
    [second!, { occupants: 2, primary_heating_systems: ['district_heating'] }],
  ] as const) {
    const res = await page.request.post(`/api/flow/property/${home.id}/building`, { data: answers });
    expect(res.status(), await res.text()).toBe(200);
    built ??= await res.json();
  }
  const suggested = await (await page.request.get(`/api/flow/property/${first!.id}/plan/suggestions`)).json();
  const saved = await page.request.post(`/api/flow/property/${first!.id}/plan`, {
    data: { measures: suggested.suggestions.at(-1).measures },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const email = `${personalNumber}@example.se`;
  const contact = await page.request.post('/api/flow/user/profile/contact', {
    data: { name, email, mobile: '070-111 22 33' },
  });
  expect(contact.status(), await contact.text()).toBe(200);
  const measure = measureOfferedToInstallers(built!.recommendations);
  const requested = await page.request.post(`/api/flow/property/${first!.id}/installer-requests`, {
    data: [{ installer: 'demo-installer', key: measure, selected: true }],
  });
  expect(requested.status(), await requested.text()).toBeLessThan(300);
  const homeowner = await context.storageState();
  await context.close();
  return { homeowner, home: first! };
}

interface InstallerMeasure {
  name: string;
  available: boolean;
  needs_installer: boolean;
  category: string;
  completion_status: string;
  kwh_saved_bought: number;
  savings: { energyCostSavings: number };
}

/**
 * A measure the dashboard offers installers for (mfe-results' offersInstallers; the BFF accepts requests for those
 * only), among the cards it shows (the engine's "heat pump" is shown as its pump type): the first of a building
 * answer's recommendations that is available, needs an installer, is no package, is not done and saves something.
 */
export function measureOfferedToInstallers(recommendations: unknown[]): string {
  const measure = (measureCardsToShow(recommendations as never) as unknown as InstallerMeasure[]).find(
    (a) =>
      a.available &&
      a.needs_installer &&
      a.category !== 'package' &&
      a.completion_status !== 'completed' &&
      (a.kwh_saved_bought > 0 || a.savings.energyCostSavings > 0),
  );
  expect(measure, 'a measure installers are offered for').toBeTruthy();
  return measure!.name;
}

/** Holds a remote's entry (remoteEntry.js) back until `release()`: the server's static page stays up to be measured. */
export async function holdRemoteEntry(page: Page, remote = 'mfe-flow'): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/mfe/${remote}/**/remoteEntry.js`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Drives `journey` for every item at once, each a step named by `name` (for journeys that mostly wait: a BankID order,
 * a server that does not answer), or `atOnce` at a time for journeys that also need the CPU. Fails once all have
 * ended, with every failure's message.
 */
export async function allAtOnce<T>(
  items: T[],
  name: (item: T) => string,
  journey: (item: T) => Promise<void>,
  atOnce = items.length,
) {
  const outcomes: PromiseSettledResult<void>[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) {
      const item = items[i]!;
      [outcomes[i]] = await Promise.allSettled([test.step(name(item), () => journey(item))]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(atOnce, items.length)) }, lane));
  const failed = outcomes.flatMap((outcome, i) =>
    outcome.status === 'rejected' ? [`${name(items[i]!)}: ${(outcome.reason as Error).message}`] : [],
  );
  if (failed.length) throw new Error(failed.join('\n\n'));
}
