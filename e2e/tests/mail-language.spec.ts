import { expect, test } from '@playwright/test';
import { measureCardsToShow } from '@home-energy/shared/energy/measure-cards';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import { signInHomeowner, signInStaff, SUPER_ADMIN } from './support';

const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;

// A homeowner who switches the site to English gets their mail in English (bff/src/modules/mail/README.md
// "Language"): the first is the link that confirms their new contact email (nothing else goes to an unconfirmed
// address); the super admin reads it in the console's Outbox.
test('a homeowner using the English UI gets an English confirmation, seen in the Outbox', async ({ browser }) => {
  const homeowner = await (await browser.newContext()).newPage();
  const suggestions = await (await homeowner.request.get('/api/flow/property-search/suggestions?q=L')).json();
  const home = (suggestions.suggestions?.[0] ?? suggestions[0]) as { id: number };
  await signInHomeowner(homeowner, SIMULATOR, '197707071234', 'Emma English');
  const built = await homeowner.request.post(`/api/flow/property/${home.id}/building`, { data: { occupants: 2 } });
  expect(built.status(), await built.text()).toBe(200);
  // Among the cards the dashboard shows (the engine's "heat pump" is shown as its pump type).
  const measure = measureCardsToShow((await built.json()).recommendations).find(
    (a: { available: boolean; needs_installer: boolean; category: string }) =>
      a.available && a.needs_installer && a.category !== 'package',
  )!;

  // The site in Swedish first, then switched to English with the header's language choice.
  await homeowner.goto(`/property/${home.id}/building/primary/results-dashboard?lang=sv`);
  await homeowner.getByRole('combobox', { name: 'Språk' }).selectOption('en');
  const card = homeowner.locator(`[data-activity="${measure.name}"]`);
  await card.getByRole('button', { name: 'Contact installers' }).click();
  await card.getByRole('checkbox', { name: /Demo Installation AB/ }).check();
  await card.getByRole('button', { name: 'Send request' }).click();
  await card.getByLabel('Email').fill('emma.english@example.se');
  await card.getByLabel('Mobile number').fill('070-444 55 66');
  await card.getByRole('button', { name: 'Save and send' }).click();
  await expect(homeowner.getByText('Your request was sent to 1 installer.')).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signInStaff(admin, SUPER_ADMIN);
  await admin.goto('/console/admin/outbox');
  const subject = 'Confirm your email address';
  const mails = admin.getByRole('table', { name: 'Mails in the outbox' });
  const row = mails.getByRole('row').filter({ hasText: 'emma.english@example.se' });
  // Only the link: no confirmation of the request went to the address before it was confirmed.
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: subject }).click();
  await expect(admin.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(admin.getByTestId('outbox-mail-text')).toContainText('Hello Emma English,');
  await expect(admin.getByTestId('outbox-mail-text')).toContainText('/flow/confirm-email#token=');
});
