import type { Page } from '@playwright/test';

/** Every page the remotes own, as the shell mounts them, with the heading each must show. */
export const REMOTE_ROUTES = [
  { remote: 'mfe_flow', path: '/', heading: 'Find your home' },
  { remote: 'mfe_flow', path: '/flow/property/42/questions', heading: 'About your home' },
  { remote: 'mfe_flow', path: '/flow/add-property', heading: 'Add a property' },
  { remote: 'mfe_flow', path: '/flow/contact', heading: 'Contact details' },
  { remote: 'mfe_flow', path: '/sign', heading: 'Sign in with BankID' },
  { remote: 'mfe_results', path: '/property/42/building/primary/results-dashboard', heading: "Your home's energy results" },
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

export const REMOTE_PACKAGES = { mfe_flow: 'mfe-flow', mfe_results: 'mfe-results', mfe_console: 'mfe-console', mfe_admin: 'mfe-admin' } as const;
export type RemoteName = keyof typeof REMOTE_PACKAGES;

/** Collects console errors and failed requests so a test can assert the page ran clean (CSP included). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

export async function registry(page: Page): Promise<{ remotes: { name: string; package: string; version: string; entry: string }[] }> {
  const res = await page.request.get('/api/mfe/registry');
  return res.json();
}
