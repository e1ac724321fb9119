import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import { seriousAccessibilityViolations, signInHomeowner } from './support';

const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;

interface Suggestion {
  id: number;
  name: string;
  street: string;
  postal_code: string;
  postal_city: string;
}

/** Demo-register addresses to work with, found the way the page finds them. */
async function addresses(page: Page, prefix: string): Promise<Suggestion[]> {
  const res = await page.request.get(`/api/flow/property-search/suggestions?q=${encodeURIComponent(prefix)}`);
  expect(res.ok()).toBe(true);
  const { suggestions } = await res.json();
  expect(suggestions.length).toBeGreaterThan(1);
  return suggestions;
}

test.describe('the homeowner flow', () => {
  test('a new user goes from an address to the results dashboard of that house', async ({ page }) => {
    const [home] = await addresses(page, 'S');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const search = page.getByRole('combobox', { name: 'Street address' });
    await search.pressSequentially(home!.street.slice(0, 6), { delay: 40 });
    const option = page
      .getByRole('option', { name: new RegExp(home!.street.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first();
    await expect(option).toBeVisible();
    // Keyboard: down to the wanted suggestion, Enter.
    for (let i = 0; i < 10; i += 1) {
      await search.press('ArrowDown');
      const active = page.locator('[role="option"][aria-selected="true"]');
      if (((await active.textContent()) ?? '').startsWith(home!.street)) break;
    }
    await search.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: home!.street })).toBeVisible();

    // No street-view key in e2e: the picture call answers 204 and the generic picture shows, without a message.
    const picture = page.getByRole('img', { name: `The house at ${home!.name}` });
    await expect(picture).toHaveAttribute('data-fallback', 'true');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByRole('button', { name: 'Start with this home' }).click();
    await expect(page).toHaveURL(new RegExp(`/flow/property/${home!.id}/questions$`));
    await expect(page.getByRole('heading', { level: 1, name: 'About your home' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The register filled in the year and area; go through every step.
    await expect(page.getByLabel('When was the house built?')).not.toHaveValue('');
    // "Step k of n" says where the page is: the last step has "See the results" instead of "Next", and a step's
    // buttons are only read once the page has moved to it.
    const progress = page.locator('#questions-progress');
    for (let step = 0; step < 12; step += 1) {
      const [current, total] = ((await progress.textContent()) ?? '').match(/\d+/g)!.map(Number);
      if (current === total) {
        await page.getByRole('button', { name: 'See the results' }).click();
        break;
      }
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(progress).toHaveText(new RegExp(`^Step ${current! + 1} of \\d+$`));
    }
    await expect(page).toHaveURL(new RegExp(`/property/${home!.id}/building/primary/results-dashboard$`), {
      timeout: 15_000,
    });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const recommendations = await page.request.get(`/api/flow/property/${home!.id}/building/primary/recommendations`);
    expect(recommendations.ok()).toBe(true);
    expect((await recommendations.json()).recommendations.length).toBeGreaterThan(0);
  });

  test('the picture falls back silently when the image call fails', async ({ page }) => {
    const [home] = await addresses(page, 'B');
    await page.route('**/api/flow/property-search/google-streetview**', (route) =>
      route.fulfill({ status: 500, body: 'boom' }),
    );
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Street address' }).fill(home!.street);
    await page.getByRole('option').filter({ hasText: home!.street }).first().click();
    const picture = page.getByRole('img', { name: /^The house at / });
    await expect(picture).toHaveAttribute('data-fallback', 'true');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('reloading in the middle of the questions keeps the answers and the step', async ({ page }) => {
    const [, home] = await addresses(page, 'S');
    await page.goto(`/flow/property/${home!.id}/questions`);
    await expect(page.getByRole('heading', { level: 1, name: 'About your home' })).toBeVisible();
    // Forward with Next to the step that asks about the attic (its place depends on the brand's question set).
    const attic = page.getByLabel('How thick is the attic insulation?');
    const progress = page.locator('#questions-progress');
    let step = 1;
    while (!(await attic.isVisible())) {
      expect(step, 'the attic question is asked on some step').toBeLessThan(12);
      await page.getByRole('button', { name: 'Next' }).click();
      step += 1;
      await expect(progress).toHaveText(new RegExp(`^Step ${step} of \\d+$`));
    }
    await expect(page).toHaveURL(new RegExp(`step=${step}$`));
    // Typed and left alone: saved shortly after, without pressing Next.
    const saved = page.waitForResponse(
      (res) => res.url().endsWith(`/api/flow/property/${home!.id}/answer`) && res.ok(),
    );
    await attic.fill('150');
    await saved;
    await page.reload();
    await expect(progress).toHaveText(new RegExp(`^Step ${step} of \\d+$`));
    await expect(page.getByLabel('How thick is the attic insulation?')).toHaveValue('150');
  });

  test('a signed-in homeowner adds a second property with the mini-flow', async ({ page }) => {
    const found = await addresses(page, 'K');
    await signInHomeowner(page, SIMULATOR, '197002023344', 'Mini Flodin');
    // The first home, through the questions' building call.
    const first = await page.request.post(`/api/flow/property/${found[0]!.id}/building`, { data: {} });
    expect(first.ok()).toBe(true);
    const second = found[1]!;

    await page.goto('/flow/add-property');
    await expect(page.getByRole('heading', { level: 1, name: 'Add a property' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Without all three fields nothing happens.
    await page.getByLabel('Street address').fill(second.street);
    await page.getByLabel('Street address').press('Enter');
    await expect(page).toHaveURL(/\/flow\/add-property$/);
    await page.getByLabel('Postal code').fill(`${second.postal_code.slice(0, 3)} ${second.postal_code.slice(3)}`);
    await page.getByLabel('City').fill(second.postal_city);
    await page.getByRole('button', { name: 'Add the home' }).click();
    await expect(page).toHaveURL(new RegExp(`/property/${second.id}/building/primary/results-dashboard$`));

    const profile = await (await page.request.get('/api/flow/user/profile')).json();
    expect(profile.properties.map((p: { id: number; relations: string[] }) => [p.id, p.relations])).toEqual([
      [found[0]!.id, ['flow_added']],
      [second.id, ['miniflow_added']],
    ]);
    expect(profile.selectedPropertyId).toBe(second.id);
  });
});
