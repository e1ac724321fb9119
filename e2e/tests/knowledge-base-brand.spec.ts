import { expect, test, type Browser, type Page } from '@playwright/test';
import { measureCardsToShow } from '@home-energy/shared/energy/measure-cards';
import type { Activity as EngineActivity } from '@home-energy/shared/schemas/energy';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import { seriousAccessibilityViolations, signInHomeowner, signInStaff, SUPER_ADMIN, watchConsole } from './support';

const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;

interface Activity {
  name: string;
  category: string;
  kwh_saved_bought: number;
  savings: { energyCostSavings: number };
}

const accentOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--he-accent').trim());
const softAccentOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--he-accent-soft').trim());

/** A homeowner's browser that arrived through a brand's link and answered for a home (the results are computed). */
async function homeownerOf(browser: Browser, brand: string, propertyId: number) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto(`/?owner=${brand}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
  const res = await page.request.post(`/api/flow/property/${propertyId}/building`, { data: { occupants: 3 } });
  expect(res.status(), await res.text()).toBe(200);
  return { context, page, recommendations: (await res.json()).recommendations as Activity[] };
}

test.describe('knowledge base and brand for homeowners', () => {
  test('a console message shows on a recommendation card of a homeowner of that brand, not of another', async ({
    page,
    browser,
  }) => {
    const problems = watchConsole(page);
    const suggestions = (await (await page.request.get('/api/flow/property-search/suggestions?q=Sankt')).json())
      .suggestions as { id: number }[];
    const home = suggestions[0]!;
    const bank = await homeownerOf(browser, 'demo-bank', home.id);
    // Among the cards the dashboard shows (the engine's "heat pump" is shown as its pump type).
    const card = measureCardsToShow(bank.recommendations as unknown as EngineActivity[]).find(
      (a) => a.category !== 'package' && a.kwh_saved_bought > 0 && a.savings.energyCostSavings > 0,
    );
    expect(card, 'a recommendation with savings').toBeTruthy();

    await signInStaff(page, SUPER_ADMIN);
    await page.goto('/console/org/demo-bank/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await page.getByRole('button', { name: 'New message' }).click();
    const title = `Bank grant ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Slug', { exact: true }).fill(`bank-grant-${Date.now()}`);
    await page.getByLabel('Key', { exact: true }).fill('results.recommendation');
    await page.getByLabel('Type', { exact: true }).fill('subsidy');
    await page.getByLabel('Recommendation', { exact: true }).selectOption(card!.name);
    await page.getByLabel('Content', { exact: true }).fill('Demo Bank lends for this measure at a green rate.');
    // The preview is the homeowners' own component.
    await expect(page.getByTestId('message-preview').getByRole('region', { name: `Tip: ${title}` })).toContainText(
      'Demo Bank lends for this measure at a green rate.',
    );
    await page.getByRole('button', { name: 'Save message' }).click();
    await expect(page.getByText(`“${title}” is created.`)).toBeVisible();

    await bank.page.goto(`/property/${home.id}/building/primary/results-dashboard`);
    const shown = bank.page.locator(`[data-activity="${card!.name}"]`).getByRole('region', { name: `Tip: ${title}` });
    await expect(shown).toBeVisible();
    await expect(shown).toContainText('Demo Bank lends for this measure at a green rate.');
    expect(await seriousAccessibilityViolations(bank.page, `[data-activity="${card!.name}"]`)).toEqual([]);

    const energi = await homeownerOf(browser, 'demo-energi', home.id);
    await energi.page.goto(`/property/${home.id}/building/primary/results-dashboard`);
    const otherCard = energi.page.locator(`[data-activity="${card!.name}"]`);
    await expect(otherCard).toBeVisible();
    await expect(otherCard.getByRole('region', { name: `Tip: ${title}` })).toHaveCount(0);
    await bank.context.close();
    await energi.context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('a brand saved in the console reaches a signed-in homeowner: header name and accent colour', async ({
    page,
    browser,
  }, testInfo) => {
    const original = (await (await page.request.get('/api/flow/brand-config?owner=demo-installer')).json()).config;
    const homeowner = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const flow = await homeowner.newPage();
    await flow.goto('/?owner=demo-installer');
    await expect(flow.getByRole('banner').getByRole('link', { name: `${original.name} – start page` })).toBeVisible();
    await signInHomeowner(flow, SIMULATOR, '197204151307', 'Ingrid Installatör');
    // The brand now comes with the sign-in (the homeowner's organisation), not from the link's cookie.
    await homeowner.clearCookies({ name: 'owner' });
    await flow.goto('/');
    await expect(flow.getByRole('banner').getByRole('link', { name: `${original.name} – start page` })).toBeVisible();
    const softBefore = await softAccentOf(flow);

    await signInStaff(page, SUPER_ADMIN);
    await page.goto('/console/org/demo-installer/configuration');
    await page.getByLabel('Brand name', { exact: true }).fill('Installation Nord');
    await page.getByRole('textbox', { name: 'Accent', exact: true }).fill('#1d4f91');
    await page.getByRole('textbox', { name: 'Accent, soft', exact: true }).fill('');
    await page.getByRole('textbox', { name: 'Accent, dark', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save brand' }).click();
    await expect(page.getByText('The brand is saved.')).toBeVisible();

    try {
      // The homeowner's next page load (its next brand-config request) has the new brand; no sign-in again.
      await flow.reload();
      await expect(
        flow.getByRole('banner').getByRole('link', { name: 'Installation Nord – start page' }),
      ).toBeVisible();
      await expect.poll(() => accentOf(flow)).toBe('#1d4f91');
      // The soft accent follows the new accent instead of keeping the old brand's.
      const softAfter = await softAccentOf(flow);
      expect(softAfter).toMatch(/^#[0-9a-f]{6}$/);
      expect(softAfter).not.toBe(softBefore);
      await expect(flow.getByRole('link', { name: 'My homes' })).toBeVisible();
    } finally {
      const restored = await page.request.put('/api/console/org/demo-installer/configuration/brand', {
        data: original,
        headers: { Origin: testInfo.project.use.baseURL! },
      });
      expect(restored.status(), await restored.text()).toBe(200);
      await homeowner.close();
    }
  });
});
