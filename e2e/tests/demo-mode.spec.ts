import { expect, test } from '@playwright/test';

// The e2e product runs as `npm start` does, in demo mode: every page must say so, in the visitor's language,
// without taking clicks from the page under it.

for (const { locale, badge, note } of [
  { locale: 'en-US', badge: 'Demo', note: /Demo mode: test data and a BankID simulator/ },
  { locale: 'sv-SE', badge: 'Demo', note: /Demoläge: testdata och en BankID-simulator/ },
]) {
  test.describe(`demo mark (${locale})`, () => {
    test.use({ locale });

    test('is shown on the homeowner pages and the console', async ({ page }) => {
      for (const path of ['/', '/console']) {
        await page.goto(path);
        const mark = page.getByRole('note').filter({ hasText: note });
        await expect(mark).toBeVisible();
        await expect(mark).toContainText(badge);
        expect(await mark.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
      }
    });
  });
}
