import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';

const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}/simulator/`;

/** The person's phone: the BankID test app (the simulator's page) scans the QR and approves. */
async function approveOnOtherDevice(page: Page, phone: Page, personalNumber = '198507099805', name = 'Karin Karlsson') {
  const qr = page.getByRole('img', { name: /QR code for BankID/ });
  await expect(qr).toBeVisible();
  const first = await qr.getAttribute('src');
  // The QR is animated: a new code every second.
  await expect.poll(async () => qr.getAttribute('src'), { timeout: 5000 }).not.toBe(first);
  // What the camera would read: the same payload the page draws, from the same session.
  const status = await (await page.request.get('/api/flow/user/sign')).json();
  expect(status.qrData).toMatch(/^bankid\.[0-9a-f-]{36}\.\d+\.[0-9a-f]{64}$/);

  await phone.goto(`${SIMULATOR}?refresh=off`);
  await phone.getByLabel(/QR code content/).fill(status.qrData);
  await phone.getByRole('button', { name: 'Scan QR' }).click();
  const order = phone.locator('form', { has: phone.getByRole('button', { name: 'Approve' }) }).first();
  await order.getByLabel('Personal number (12 digits)').fill(personalNumber);
  await order.getByLabel('Name').fill(name);
  await order.getByRole('button', { name: 'Approve' }).click();
}

test.describe('homeowner BankID sign-in', () => {
  test('signs in with another device and lands on the page they came from', async ({ page, context }) => {
    await page.goto('/property/42/building/primary/results-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: "Your home's energy results" })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/sign\?redirect=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in with BankID' })).toBeVisible();
    await expect(page.getByText('Do you want to use BankID on this device or another device?')).toBeVisible();
    await page.getByRole('button', { name: 'BankID on another device' }).click();
    await expect(page.getByRole('status')).toContainText('Start your BankID app.');

    const phone = await context.browser()!.newPage(); // a different device: its own browser context
    await approveOnOtherDevice(page, phone);
    await expect(page).toHaveURL(/\/property\/42\/building\/primary\/results-dashboard$/, { timeout: 15_000 });
    await expect(page.getByText('Karin Karlsson')).toBeVisible();
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user).toMatchObject({
      kind: 'homeowner',
      name: 'Karin Karlsson',
      personalNumberMasked: '19850709-****',
    });
    await phone.close();
  });

  test('a protected page sends an anonymous visitor to /sign and back after signing in', async ({ page, context }) => {
    await page.goto('/flow/profile');
    await expect(page).toHaveURL(/\/sign\?redirect=%2Fflow%2Fprofile/);
    await page.getByRole('button', { name: 'BankID on another device' }).click();
    const phone = await context.browser()!.newPage();
    await approveOnOtherDevice(page, phone, '197705054444', 'Olle Olsson');
    await expect(page).toHaveURL(/\/flow\/profile$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'My homes' })).toBeVisible();
    await expect(page.getByRole('main').getByText('19770505-****')).toBeVisible();
    await phone.close();
  });

  test('a cancel in the BankID app is shown with its message and a way to try again', async ({ page, context }) => {
    await page.goto('/sign');
    await page.getByRole('button', { name: 'BankID on another device' }).click();
    await expect(page.getByRole('img', { name: /QR code for BankID/ })).toBeVisible();
    const phone = await context.browser()!.newPage();
    await phone.goto(`${SIMULATOR}?refresh=off`);
    await phone.getByRole('button', { name: 'Cancel in app' }).first().click();
    await expect(page.getByRole('alert')).toContainText('The action was cancelled.', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'BankID on another device' })).toBeVisible();
    await phone.close();
  });
});
