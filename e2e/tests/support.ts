import { expect, type Locator, type Page } from '@playwright/test';
import { REMOTES, type RemoteName, type RemotePackage } from '@home-energy/shared/remotes';

/** Every page the remotes own, as the shell mounts them, with the heading each must show. */
export const REMOTE_ROUTES = [
  { remote: 'mfe_flow', path: '/', heading: 'Find your home' },
  { remote: 'mfe_flow', path: '/flow/property/42/questions', heading: 'About your home' },
  { remote: 'mfe_flow', path: '/flow/add-property', heading: 'Add a property', homeowner: true },
  { remote: 'mfe_flow', path: '/flow/contact', heading: 'Contact details', homeowner: true },
  { remote: 'mfe_flow', path: '/sign', heading: 'Sign in with BankID' },
  { remote: 'mfe_flow', path: '/flow/account-deleted', heading: 'Your account has been deleted' },
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
  { remote: 'mfe_admin', path: '/console/admin', heading: 'Organisations' },
  { remote: 'mfe_admin', path: '/console/admin/organisations/demo-energi', heading: 'Organisation' },
  { remote: 'mfe_admin', path: '/console/admin/user-management', heading: 'User management' },
  { remote: 'mfe_admin', path: '/console/admin/releases', heading: 'Releases' },
  { remote: 'mfe_admin', path: '/console/admin/audit', heading: 'Audit log' },
  { remote: 'mfe_admin', path: '/console/admin/outbox', heading: 'Outbox' },
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
