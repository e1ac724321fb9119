import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInStaff, SUPER_ADMIN, watchConsole } from './support';

/** Creates a console user in Demo Energi from the super admin's user management; the one-time password shown. */
async function createUser(page: Page, name: string, email: string): Promise<string> {
  await page.goto('/console/admin/user-management');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Organisation', { exact: true }).selectOption('demo-energi');
  await page.getByLabel('Role', { exact: true }).selectOption('staff');
  await page.getByRole('button', { name: 'Create user' }).click();
  return (await page.getByTestId('one-time-password-value').textContent())!.trim();
}

/** Signs in through the console's sign-in form, in a browser context of its own. */
async function signInWithForm(
  browser: Browser,
  email: string,
  password: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/console');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return { page, close: () => context.close() };
}

async function fillNewPassword(page: Page, password: string) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
}

test.describe('mail in the demo', () => {
  test('a super admin reads the invitation in the Outbox; its link sets the password once', async ({
    page,
    browser,
  }) => {
    const problems = watchConsole(page);
    const email = `inbjuden-${Date.now().toString(36)}@energi.demo.test`;
    await signInStaff(page, SUPER_ADMIN);
    await createUser(page, 'Inbjuden Person', email);

    // The Outbox, from the super admin's navigation: newest first, the invitation on top.
    await page.getByRole('link', { name: 'Outbox' }).click();
    await expect(page).toHaveURL(/\/console\/admin\/outbox$/);
    const mails = page.getByRole('table', { name: 'Mails in the outbox' });
    const first = mails.getByRole('row').nth(1);
    await expect(first).toContainText(email);
    // In the inviting admin's language until the new user signs in: the console here is in English.
    await first.getByRole('link', { name: 'Your console account at Home Energy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your console account at Home Energy' })).toBeVisible();
    const text = (await page.getByTestId('outbox-mail-text').textContent())!;
    const link = /http:\/\/localhost:\d+(\/console\/set-password#token=[\w-]+)/.exec(text)?.[1];
    expect(link).toBeTruthy();

    // The new user opens the link, chooses a password and signs in with it.
    const invitee = await browser.newContext();
    const inviteePage = await invitee.newPage();
    await inviteePage.goto(link!);
    await expect(inviteePage.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
    await fillNewPassword(inviteePage, 'inbjudens-eget-lösenord');
    await inviteePage.getByRole('button', { name: 'Save password' }).click();
    await expect(inviteePage.getByRole('heading', { level: 1, name: 'Password saved' })).toBeVisible();
    await inviteePage.getByRole('link', { name: 'Sign in' }).click();
    await inviteePage.getByLabel('Email').fill(email);
    await inviteePage.getByLabel('Password').fill('inbjudens-eget-lösenord');
    await inviteePage.getByRole('button', { name: 'Sign in' }).click();
    await expect(inviteePage).toHaveURL(/\/console\/org\/demo-energi$/);

    // The same link a second time: the page says it was used as it opens, with no form to fill in first.
    await inviteePage.goto(link!);
    await expect(inviteePage.getByRole('heading', { level: 1, name: 'This link has already been used' })).toBeVisible();
    await expect(inviteePage.getByRole('alert')).toHaveText(/^Each link works once\./);
    await expect(inviteePage.getByLabel('New password', { exact: true })).toHaveCount(0);
    await expect(inviteePage.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/console/forgot-password',
    );
    await invitee.close();
    // In Swedish too, for a visitor whose browser asks for it.
    const swedish = await browser.newContext({ locale: 'sv-SE' });
    const swedishPage = await swedish.newPage();
    await swedishPage.goto(link!);
    await expect(swedishPage.getByRole('heading', { level: 1, name: 'Länken har redan använts' })).toBeVisible();
    await expect(swedishPage.getByLabel('Nytt lösenord', { exact: true })).toHaveCount(0);
    await expect(swedishPage.getByRole('link', { name: 'Be om en ny länk' })).toBeVisible();
    await swedish.close();
    expect(problems.filter((p) => !p.includes('status of 4'))).toEqual([]);
  });

  test('a link that was never sent says so as its page opens, with no form', async ({ page }) => {
    await page.goto(`/console/set-password#token=${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(/^It is not a link we sent\./);
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });

  test('a new user signing in with the one-time password must choose a password first; it then works no more', async ({
    page,
    browser,
  }) => {
    const email = `engang-${Date.now().toString(36)}@energi.demo.test`;
    await signInStaff(page, SUPER_ADMIN);
    const oneTime = await createUser(page, 'Eng Ång', email);

    const { page: userPage, close } = await signInWithForm(browser, email, oneTime);
    await expect(userPage).toHaveURL(/\/console\/choose-password$/);
    await expect(userPage.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();

    // Nothing else in the console until then: its pages come back here, its API says why.
    await userPage.goto('/console/org/demo-energi/account');
    await expect(userPage).toHaveURL(/\/console\/choose-password$/);
    const refused = await userPage.request.get('/api/console/org/demo-energi/account');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toBe('password_change_required');

    await fillNewPassword(userPage, 'mitt-eget-lösenord');
    await userPage.getByRole('button', { name: 'Save and continue' }).click();
    await expect(userPage).toHaveURL(/\/console\/org\/demo-energi$/);
    await close();

    // The one-time password a second time: refused.
    const again = await signInWithForm(browser, email, oneTime);
    await expect(again.page.getByRole('alert')).toContainText('Wrong email or password.');
    await again.close();
  });
});
