import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import { measureOfferedToInstallers, signInHomeowner, signInStaff } from './support';

const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;
const LEADS = '/api/console/org/demo-installer/installer-requests';

type Texts = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const localeFile = (folder: string, name: string, lng: 'en' | 'sv'): Texts =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', folder, 'locales', lng, `${name}.json`), 'utf8'));

/** A measure of the home that installers are offered for. */
async function installerMeasure(page: Page, home: number): Promise<string> {
  const built = await page.request.post(`/api/flow/property/${home}/building`, { data: {} });
  expect(built.status(), await built.text()).toBe(200);
  return measureOfferedToInstallers((await built.json()).recommendations);
}

for (const lng of ['en', 'sv'] as const) {
  test.describe(`privacy in ${lng === 'sv' ? 'Swedish' : 'English'}`, () => {
    test.use({ locale: lng === 'sv' ? 'sv-SE' : 'en-GB' });
    const flow = localeFile('mfe-flow', 'flow', lng);
    const common = localeFile('shared', 'common', lng);
    // My homes' words for who saw the data (shared/src/i18n/privacy.ts).
    const words: Texts = JSON.parse(
      fs.readFileSync(path.resolve(__dirname, '..', '..', 'shared', 'src', 'i18n', 'privacy', `${lng}.json`), 'utf8'),
    );
    const person =
      lng === 'sv'
        ? { number: '197807071233', name: 'Sara Samtycke' }
        : { number: '197908081230', name: 'Peter Privacy' };

    test('the notice is linked from the footer, from /sign before BankID starts and from the contact step', async ({
      page,
    }) => {
      await page.goto('/sign');
      await expect(page.getByRole('button', { name: flow.sign.sameDevice })).toBeVisible();
      const beforeBankId = page.getByTestId('privacy-notice-link');
      await expect(beforeBankId).toHaveAttribute('href', '/privacy');
      await expect(beforeBankId).toContainText(common.privacyLink.text);

      await page.locator('footer').getByRole('link', { name: common.footer.privacy }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: lng === 'sv' ? 'Integritetspolicy' : 'Privacy notice' }),
      ).toBeVisible();
      // How long: from the retention settings, the same the sweep enforces.
      await expect(
        page.getByText(lng === 'sv' ? '24 månader efter din senaste inloggning' : '24 months after your last sign-in', {
          exact: false,
        }),
      ).not.toHaveCount(0);
      await expect(page.getByRole('link', { name: 'privacy@home-energy.invalid' })).toBeVisible();

      await signInHomeowner(page, SIMULATOR, person.number, person.name);
      await page.goto('/flow/contact');
      await expect(page.getByRole('heading', { level: 1, name: flow.contact.title })).toBeVisible();
      await expect(page.getByTestId('privacy-notice-link')).toHaveAttribute('href', '/privacy');
    });

    test('My homes shows who saw the data and withdraws a share; the installer then sees no contact details', async ({
      browser,
    }) => {
      const homeowner = await (await browser.newContext({ locale: lng === 'sv' ? 'sv-SE' : 'en-GB' })).newPage();
      await signInHomeowner(homeowner, SIMULATOR, person.number, person.name);
      const suggestions = await (await homeowner.request.get('/api/flow/property-search/suggestions?q=S')).json();
      const home = (suggestions.suggestions ?? suggestions)[lng === 'sv' ? 1 : 2];
      const measure = await installerMeasure(homeowner, home.id);
      const contact = await homeowner.request.post('/api/flow/user/profile/contact', {
        data: { email: `${lng}-privacy@example.se`, mobile: '070-222 33 44' },
      });
      expect(contact.status(), await contact.text()).toBe(200);
      const sent = await homeowner.request.post(`/api/flow/property/${home.id}/installer-requests`, {
        data: [{ installer: 'demo-installer', key: measure, selected: true }],
      });
      expect(sent.status(), await sent.text()).toBe(201);

      // The installer's staff open their requests: the homeowner's name and mobile are on the page.
      const staff = await (await browser.newContext()).newPage();
      await signInStaff(staff, 'staff@installer.demo.test');
      await staff.goto('/console/org/demo-installer/requests');
      await expect(staff.getByRole('listitem').filter({ hasText: person.name }).first()).toBeVisible();
      const found = await (await staff.request.get(`${LEADS}?q=${encodeURIComponent(person.name)}`)).json();
      const leadId = found.requests[0].id as number;

      await homeowner.goto('/flow/profile');
      const seen = homeowner.getByTestId('access-log');
      await expect(seen.getByRole('heading', { name: flow.privacy.access.title })).toBeVisible();
      await expect(
        seen.getByText(`Demo Installation AB, ${words.access.roles.staff}, ${words.access.reasons.lead_list}`).first(),
      ).toBeVisible();

      const shares = homeowner.getByTestId('consents');
      const share = shares.getByRole('listitem').filter({ hasText: 'Demo Installation AB' }).first();
      await expect(share).toBeVisible();
      await share.getByRole('button', { name: new RegExp(`^${flow.privacy.consents.withdraw}`) }).click();
      await expect(share.getByText(flow.privacy.consents.withdrawnOn.split(' {{')[0], { exact: false })).toBeVisible();

      // The installer's lead keeps its history without the homeowner's name or contact details.
      const lead = await (await staff.request.get(`${LEADS}?status=withdrawn&size=100`)).json();
      expect(lead.requests.find((r: { id: number }) => r.id === leadId).homeowner).toEqual({
        name: null,
        email: null,
        mobile: null,
      });
      await staff.reload();
      await expect(staff.getByRole('listitem').filter({ hasText: person.name })).toHaveCount(0);
    });
  });
}
