import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './support';

interface Activity {
  name: string;
  available: boolean;
  messages: { id: string; values?: Record<string, number> }[];
}

const dashboard = (id: number) => `/property/${id}/building/primary/results-dashboard`;

/** The share of the space heating the air-to-air card says it covers. */
const airToAirShare = (recommendations: Activity[]) =>
  recommendations
    .find((a) => a.name === 'heat_pump_air' && a.available)!
    .messages.find((m) => m.id === 'air_to_air_partial')!.values!.percent!;

/** A register home heated with direct electricity on two floors, nothing said about its floor plan. */
async function twoStoreyElectricHome(page: Page): Promise<{ id: number; share: number }> {
  const found = await page.request.get(`/api/flow/property-search/suggestions?q=${encodeURIComponent('Sankt')}`);
  expect(found.ok()).toBe(true);
  const { suggestions } = (await found.json()) as { suggestions: { id: number }[] };
  const id = suggestions[0]!.id;
  const res = await page.request.post(`/api/flow/property/${id}/building`, {
    data: { primary_heating_systems: ['electric_direct'], num_floors: 2 },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { recommendations } = (await res.json()) as { recommendations: Activity[] };
  return { id, share: airToAirShare(recommendations) };
}

test.describe('advice by the house it is in (sv)', () => {
  test.use({ locale: 'sv-SE' });

  test('the air-to-air card counts on closed rooms until the homeowner says the plan is open', async ({ page }) => {
    const problems = watchConsole(page);
    const home = await twoStoreyElectricHome(page);
    await page.goto(dashboard(home.id));
    const card = page.locator('[data-activity="heat_pump_air"]');
    await expect(card).toContainText(`täcker en luft/luft-värmepump ungefär ${home.share} % av uppvärmningen`);

    // The explanation says the closed plan is our assumption and why, in Swedish, and links to the question.
    await card.getByRole('button', { name: 'Så har vi räknat' }).click();
    const plan = card.getByTestId('assumed-inputs').locator('[data-input="floor_plan"]');
    await expect(plan).toContainText('Hur öppen är planlösningen?');
    await expect(plan).toContainText(/Vi antog .*Sluten.* eftersom/);
    await plan.getByRole('link').click();

    const question = page.getByRole('group', { name: 'Hur öppen är planlösningen?' });
    await expect(question).toBeVisible();
    const saved = page.waitForResponse(
      (res) => res.url().endsWith(`/api/flow/property/${home.id}/answer`) && res.request().method() !== 'GET',
    );
    await question.getByRole('radio', { name: /^Öppen/ }).check();
    expect((await saved).ok()).toBe(true);

    const after = await page.request.get(`/api/flow/property/${home.id}/building/primary/recommendations`);
    const open = airToAirShare(((await after.json()) as { recommendations: Activity[] }).recommendations);
    expect(open).toBeGreaterThan(home.share);
    await page.goto(dashboard(home.id));
    await expect(card).toContainText(`ungefär ${open} % av uppvärmningen`);
    await card.getByRole('button', { name: 'Så har vi räknat' }).click();
    await expect(card.getByTestId('answered-inputs').locator('[data-input="floor_plan"]')).toContainText('Öppen');
    expect(problems).toEqual([]);
  });
});
