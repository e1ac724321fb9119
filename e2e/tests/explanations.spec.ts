import { expect, test, type Page } from '@playwright/test';
import { measureCardsToShow } from '@home-energy/shared/energy/measure-cards';
import type { Activity } from '@home-energy/shared/schemas/energy';
import { watchConsole } from './support';

interface Building {
  property: { id: number; name: string };
  recommendations: {
    name: string;
    category: string;
    available: boolean;
    completion_status: string;
    kwh_saved_bought: number;
    savings: { energyCostSavings: number };
  }[];
}

const dashboard = (id: number) => `/property/${id}/building/primary/results-dashboard`;

/**
 * A register address and a profile for it in this browser's session (occupants answered, the rest register or assumed).
 */
async function homeWithAnswers(page: Page): Promise<Building> {
  const found = await page.request.get(`/api/flow/property-search/suggestions?q=${encodeURIComponent('Sankt')}`);
  expect(found.ok()).toBe(true);
  const { suggestions } = (await found.json()) as { suggestions: { id: number }[] };
  const res = await page.request.post(`/api/flow/property/${suggestions[0].id}/building`, { data: { occupants: 3 } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Building;
}

/**
 * A measure shown as a card with savings: the first in the API's order that is proposed, among the cards the dashboard
 * shows (the engine's "heat pump" is shown as its pump type).
 */
const cardMeasure = (building: Building) =>
  measureCardsToShow(building.recommendations as unknown as Activity[]).find(
    (a) => a.category !== 'package' && a.available && a.completion_status !== 'completed' && a.kwh_saved_bought > 0,
  )!;

test.describe('How we calculated this', () => {
  test('opens with the keyboard on the label and a card, fetched only then, with assumed inputs and sources', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const building = await homeWithAnswers(page);
    const measure = cardMeasure(building);
    const explanations: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/explanation')) explanations.push(new URL(r.url()).pathname);
    });
    await page.goto(dashboard(building.property.id));

    const label = page.getByTestId('epc-label');
    const labelToggle = label.getByRole('button', { name: 'How we calculated this' });
    await expect(labelToggle).toHaveAttribute('aria-expanded', 'false');
    expect(explanations).toEqual([]);
    await labelToggle.focus();
    await page.keyboard.press('Enter');
    await expect(label.getByRole('button', { name: 'Hide the calculation' })).toHaveAttribute('aria-expanded', 'true');
    const labelBody = label.getByTestId('explanation');
    await expect(labelBody.getByRole('heading', { name: 'What we assumed (you can change it)' })).toBeVisible();
    await expect(labelBody.getByTestId('assumed-inputs').getByRole('link').first()).toBeVisible();
    await expect(labelBody.getByTestId('constants').locator('cite').first()).toBeVisible();
    await expect(labelBody.locator('[data-range="ep"]')).toContainText('kWh/m²');

    const card = page.locator(`[data-activity="${measure.name}"]`);
    const cardToggle = card.getByRole('button', { name: 'How we calculated this' });
    await cardToggle.focus();
    await page.keyboard.press('Space');
    const cardBody = card.getByTestId('explanation');
    await expect(cardBody.locator('[data-step="kwh_saved_bought"]')).toBeVisible();
    await expect(cardBody.getByTestId('answered-inputs').locator('[data-input="occupants"]')).toContainText('3');
    expect(explanations).toEqual([
      `/api/flow/property/${building.property.id}/building/primary/label/explanation`,
      `/api/flow/property/${building.property.id}/building/primary/recommendations/${measure.name}/explanation`,
    ]);
    await page.keyboard.press('Space');
    await expect(cardToggle).toHaveAttribute('aria-expanded', 'false');
    // No engine text in Swedish on the English page, outside the cited sources and raw table values.
    const text = await card.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('cite, [translate="no"]').forEach((n) => n.remove());
      return copy.textContent ?? '';
    });
    expect(text).not.toMatch(/[åäöÅÄÖ]/);
    expect(problems).toEqual([]);
  });

  test.describe('in Swedish', () => {
    test.use({ locale: 'sv-SE' });

    test('Så har vi räknat opens on the label and on a card', async ({ page }) => {
      const building = await homeWithAnswers(page);
      const measure = cardMeasure(building);
      await page.goto(dashboard(building.property.id));
      const label = page.getByTestId('epc-label');
      await label.getByRole('button', { name: 'Så har vi räknat' }).focus();
      await page.keyboard.press('Enter');
      await expect(
        label.getByTestId('explanation').getByRole('heading', { name: 'Det vi har antagit (du kan ändra det)' }),
      ).toBeVisible();
      await expect(label.getByTestId('explanation').getByText(/^Regler som tillämpas: BBR 29/)).toBeVisible();
      const card = page.locator(`[data-activity="${measure.name}"]`);
      await card.getByRole('button', { name: 'Så har vi räknat' }).focus();
      await page.keyboard.press('Enter');
      await expect(
        card.getByTestId('explanation').getByRole('heading', { name: 'Siffror vi använt och deras källor' }),
      ).toBeVisible();

      // In the homeowner's words: an assumption says why, each figure names its publisher or our basis, and nothing
      // on the page is a code name, a file of ours or an English sentence.
      const labelBody = label.getByTestId('explanation');
      await expect(
        labelBody
          .getByTestId('assumed-inputs')
          .getByText(/Vi antog .* eftersom /)
          .first(),
      ).toBeVisible();
      await expect(card.getByTestId('answered-inputs').locator('[data-input="occupants"]')).toContainText(
        'Hur många bor i huset?',
      );
      await expect(labelBody.locator('[data-constant]').first()).toContainText(/Källa|Källor|Vår uppskattning/);
      for (const body of [labelBody, card.getByTestId('explanation')]) {
        // innerText: the words as read, a line between blocks (textContent runs headings into the next line).
        const text = (await body.innerText()).replace(/\b(kWh|kWp|kW|W\/m²K|m²K\/W|W\/mK)\b/g, ' ');
        expect(text).not.toMatch(/\b[a-z]+[A-Z]\w*|\w_\w|docs\/|\.md\b|§|\[[EDS]\]/);
        expect(text).not.toMatch(/\b(the|and|of|not|our|we|because|source|estimate|assumed|amended)\b/i);
      }
    });
  });
});
