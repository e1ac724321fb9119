import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import { signInHomeowner } from './support';

const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;
const PHONE = { width: 390, height: 844 };

/** Two register homes with answers in this homeowner's profile, as the flow leaves them. */
async function twoHomes(page: Page): Promise<{ id: number; name: string }[]> {
  const res = await page.request.get('/api/flow/property-search/suggestions?q=Sankt');
  const homes = ((await res.json()) as { suggestions: { id: number; name: string }[] }).suggestions.slice(0, 2);
  for (const home of homes) {
    const saved = await page.request.post(`/api/flow/property/${home.id}/building`, {
      data: { occupants: 3, indoor_temperature: 21 },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return homes;
}

test('sign-in in the demo: "Open in the test app" opens the simulator at this order, Approve signs in', async ({
  page,
  context,
}) => {
  await page.goto('/flow/profile');
  await expect(page).toHaveURL(/\/sign\?redirect=/);
  await page.getByRole('button', { name: 'BankID on another device' }).click();
  const [testApp] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /Open in the test app/ }).click(),
  ]);
  await testApp.waitForLoadState();
  const orderRef = new URL(testApp.url()).hash.replace('#order-', '');
  expect(orderRef).not.toBe('');
  const order = testApp.locator(`article#order-${orderRef}`);
  await expect(order).toBeVisible();
  await order.getByLabel('Personal number (12 digits)').fill('198203034444');
  await order.getByLabel('Name').fill('Maja Månsson');
  await order.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/flow\/profile$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'My homes' })).toBeVisible();
  await testApp.close();
});

test('removing a home asks first, and Undo brings it back with its answers', async ({ page }) => {
  await signInHomeowner(page, SIMULATOR, '198304045555', 'Nils Nilsson');
  const [first, second] = await twoHomes(page);
  await page.goto('/flow/profile');
  const homes = page.getByRole('main').getByRole('list').first();
  await expect(homes.getByRole('listitem')).toHaveCount(2);
  const card = homes.getByRole('listitem').filter({ hasText: first!.name.split(',')[0]! });
  await expect(card.getByRole('img', { name: /Energy class [A-G]/ })).toBeVisible();
  await expect(card.getByRole('link').first()).toHaveAttribute(
    'href',
    `/property/${first!.id}/building/primary/results-dashboard`,
  );

  await card.getByRole('button', { name: `Remove ${first!.name} from my homes` }).click();
  await card.getByRole('button', { name: 'Keep it' }).click();
  await expect(homes.getByRole('listitem')).toHaveCount(2);
  await card.getByRole('button', { name: `Remove ${first!.name} from my homes` }).click();
  await card.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(homes.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'was removed from your homes' })).toBeVisible();

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(homes.getByRole('listitem')).toHaveCount(2);
  const answers = await (await page.request.get(`/api/flow/property/${first!.id}/answers`)).json();
  expect(answers.answers.occupants).toBe(3);
  expect(second).toBeTruthy();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE });
  test('My homes, the sign-in and the dashboard fit the screen, the header menu opens with the keyboard', async ({
    page,
  }) => {
    await signInHomeowner(page, SIMULATOR, '198405056666', 'Olga Olofsson');
    const [home] = await twoHomes(page);
    for (const path of ['/flow/profile', '/sign', `/property/${home!.id}/building/primary/results-dashboard`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My homes' }),
      ).toBeVisible();
      await page.keyboard.press('Enter');
    }
    // The release list waits behind "About this version" instead of taking three lines.
    await expect(page.getByTestId('releases')).toBeHidden();
    await page.getByText('About this version').click();
    await expect(page.getByTestId('releases')).toBeVisible();
  });
});
