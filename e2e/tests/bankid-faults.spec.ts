// BankID slow or down, as the homeowner sees it on /sign. The simulator's fault switch holds for every session, so this
// spec runs on its own, after the others (playwright.config.ts).
import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT, E2E_BANKID_TIMEOUT_MS } from '../e2e-env.mjs';
import { approveBankIdOrderOf } from './support';

const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;
/** The BFF's RP client gives up after this long (BANKID_TIMEOUT_MS, set by serve.mjs). */
const RP_CLIENT_TIMEOUT_MS: number = E2E_BANKID_TIMEOUT_MS;

/** The simulator's fault switch (POST /simulator/api/faults): the whole set, so `{}` brings BankID back. */
async function bankIdFaults(page: Page, faults: { delayMs?: number; down?: boolean }): Promise<void> {
  const res = await page.request.post(`${SIMULATOR}/simulator/api/faults`, { data: faults });
  expect(res.status(), await res.text()).toBe(200);
}

/** The phone approves the order this page shows (found by its QR token), then the page signs in. */
async function approveThisPagesOrder(page: Page): Promise<void> {
  await expect(page.getByRole('img', { name: /QR code for BankID|QR-kod för BankID/ })).toBeVisible();
  await approveBankIdOrderOf(page, SIMULATOR);
}

/** After a fault the same page must still get the homeowner in, once BankID is back. */
async function signInWorksAgain(
  page: Page,
  tryAgain: string,
  then: 'retries the start' | 'back to the choice',
): Promise<void> {
  await page.getByRole('button', { name: tryAgain }).click();
  // "Try again" after a failed start retries the start itself; after a failed order it goes back to the choice.
  if (then === 'back to the choice')
    await page.getByRole('button', { name: /BankID on another device|BankID på en annan enhet/ }).click();
  await approveThisPagesOrder(page);
  await expect(page.getByRole('heading', { level: 1, name: /Find your home|Hitta ditt hem/ })).toBeVisible({
    timeout: 15_000,
  });
  expect((await (await page.request.get('/api/auth/session')).json()).user).toMatchObject({
    kind: 'homeowner',
    name: 'Karin Karlsson',
  });
}

test.describe('BankID slow or down, as the homeowner sees it on /sign', () => {
  test.afterEach(async ({ page }) => {
    await bankIdFaults(page, {}); // never leave BankID broken for the next test
  });

  test('BankID down: starting says something went wrong at once, Try again works once it is back', async ({ page }) => {
    await bankIdFaults(page, { down: true });
    await page.goto('/sign');
    await page.getByRole('button', { name: 'BankID on another device' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Something went wrong. Please try again.', { timeout: 5_000 });
    await expect(page.getByRole('heading', { level: 2, name: 'Something went wrong' })).toBeVisible();
    // Still down: Try again answers the same, it does not hang.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toContainText('Something went wrong. Please try again.', { timeout: 5_000 });
    // No order was made for this session, so nothing can be left behind.
    expect((await page.request.get('/api/flow/user/sign')).status()).toBe(204);

    await bankIdFaults(page, {});
    await signInWorksAgain(page, 'Try again', 'retries the start');
  });

  test('BankID slow (in Swedish): the start gives up after the RP timeout with a message, no endless spinner', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/sign');
    await page.getByRole('combobox', { name: /Language|Språk/ }).selectOption('sv');
    await bankIdFaults(page, { delayMs: RP_CLIENT_TIMEOUT_MS + 5_000 });
    const startedAt = Date.now();
    await page.getByRole('button', { name: 'BankID på en annan enhet' }).click();
    await expect(page.getByRole('alert')).toContainText('Något gick fel. Försök igen.', {
      timeout: RP_CLIENT_TIMEOUT_MS + 5_000,
    });
    const waitedMs = Date.now() - startedAt;
    test.info().annotations.push({ type: 'slow BankID start answered after', description: `${waitedMs} ms` });
    console.log(`slow BankID: the start answered with a message after ${waitedMs} ms`);
    expect(waitedMs).toBeGreaterThanOrEqual(RP_CLIENT_TIMEOUT_MS - 500);
    expect((await page.request.get('/api/flow/user/sign')).status()).toBe(204);

    await bankIdFaults(page, {});
    await signInWorksAgain(page, 'Försök igen', 'retries the start');
  });

  test('BankID down during an order: the page says it is retrying, Cancel ends it, a new sign-in works', async ({
    page,
  }) => {
    await page.goto('/sign');
    await page.getByRole('button', { name: 'BankID on another device' }).click();
    await expect(page.getByRole('img', { name: /QR code for BankID/ })).toBeVisible();

    await bankIdFaults(page, { down: true });
    await expect(page.getByText('We lost contact with the server. Trying again…')).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'BankID on another device' })).toBeVisible();
    // The abandoned order is over in the BFF, although BankID could not be told: nothing pending to resume.
    const abandoned = await page.request.get('/api/flow/user/sign');
    expect(abandoned.status()).toBe(200);
    expect(await abandoned.json()).toMatchObject({ requestStatus: 'failed', hintCode: 'userCancel' });
    await page.reload();
    await expect(page.getByRole('button', { name: 'BankID on another device' })).toBeVisible();

    await bankIdFaults(page, {});
    await page.getByRole('button', { name: 'BankID on another device' }).click();
    await approveThisPagesOrder(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible({ timeout: 15_000 });
  });

  test('BankID slow during an order: the order ends with a message instead of waiting forever', async ({ page }) => {
    // A collect waits up to two RP timeouts (one retry), then the order is failed with RFA5.
    test.setTimeout(120_000);
    await page.goto('/sign');
    await page.getByRole('button', { name: 'BankID on another device' }).click();
    await expect(page.getByRole('img', { name: /QR code for BankID/ })).toBeVisible();
    await bankIdFaults(page, { delayMs: RP_CLIENT_TIMEOUT_MS + 5_000 });
    await expect(page.getByRole('alert')).toContainText('Something went wrong. Please try again.', {
      timeout: 3 * RP_CLIENT_TIMEOUT_MS + 10_000,
    });
    await expect(page.getByRole('heading', { level: 2, name: 'Sign-in did not complete' })).toBeVisible();
    expect(await (await page.request.get('/api/flow/user/sign')).json()).toMatchObject({ requestStatus: 'failed' });

    await bankIdFaults(page, {});
    await signInWorksAgain(page, 'Try again', 'back to the choice');
  });
});
