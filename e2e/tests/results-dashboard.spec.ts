import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { measureCardsToShow } from '@home-energy/shared/energy/measure-cards';
import type { Activity as EngineActivity } from '@home-energy/shared/schemas/energy';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import { seriousAccessibilityViolations, signInHomeowner, watchConsole } from './support';

const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;

interface Activity {
  name: string;
  category: string;
  available: boolean;
  completion_status: string;
  investment_cost: number;
  savings: { energySavings: number; energyCostSavings: number };
  kwh_saved_bought: number;
  kwh_sold: number;
  pays_back: boolean;
  lifetime_value: number;
  needs_installer: boolean;
  choice: string | null;
}
interface Building {
  property: { id: number; name: string };
  recommendations: Activity[];
  information: { type: string; value: { type?: string; energy_class?: string } }[];
  errors: unknown[];
}

/**
 * The cards the dashboard shows, from the API's list (shared/src/energy/measure-cards.ts, the dashboard's own rule):
 * each measure once, the engine's "heat pump" as the pump type with its figures.
 */
const cardsOf = (building: Building): Activity[] =>
  measureCardsToShow(building.recommendations as unknown as EngineActivity[]) as unknown as Activity[];

const dashboard = (id: number) => `/property/${id}/building/primary/results-dashboard`;

interface Texts {
  readonly [key: string]: Texts | string;
}
/** A remote's locale file: the texts the page shows in that language. */
const localeFile = (remote: string, name: string, lng: 'en' | 'sv'): Texts =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', remote, 'locales', lng, `${name}.json`), 'utf8'));
/** One text of a locale file by its dotted key. */
const text = (texts: Texts, key: string): string => {
  const found = key
    .split('.')
    .reduce<Texts | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), texts);
  if (typeof found !== 'string') throw new Error(`no text ${key}`);
  return found;
};

/** Register addresses found the way the address search finds them. */
async function findProperties(request: APIRequestContext, prefix: string): Promise<{ id: number; name: string }[]> {
  const res = await request.get(`/api/flow/property-search/suggestions?q=${encodeURIComponent(prefix)}`);
  expect(res.ok()).toBe(true);
  const { suggestions } = (await res.json()) as { suggestions: { id: number; name: string }[] };
  expect(suggestions.length).toBeGreaterThan(2);
  return suggestions;
}

const findProperty = async (request: APIRequestContext, prefix: string) => (await findProperties(request, prefix))[0];

/** Answers for the property in this browser's session, as the flow saves them; returns the computed building. */
async function createProfile(page: Page, id: number): Promise<Building> {
  const res = await page.request.post(`/api/flow/property/${id}/building`, {
    data: { occupants: 3, indoor_temperature: 21 },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Building;
}

/**
 * The recommendation the test finances: proposed, in a savings list, with a cost and kronor saved, done by an
 * installer.
 */
function financeable(building: Building): Activity {
  const found = cardsOf(building)
    .filter(
      (a) =>
        a.category !== 'package' &&
        a.available &&
        a.completion_status !== 'completed' &&
        a.investment_cost > 0 &&
        a.savings.energyCostSavings > 0,
    )
    .filter((a) => a.kwh_saved_bought >= 0 && a.needs_installer)
    .sort((a, b) => b.savings.energyCostSavings - a.savings.energyCostSavings)[0];
  expect(found, 'a recommendation with a cost and savings').toBeTruthy();
  return found;
}

// The dashboard's rules (mfe-results lib/group-recommendations.ts), restated to check the page against the API's
// answer.
const saves = (a: Activity) => a.kwh_saved_bought > 0 || a.savings.energyCostSavings > 0;
const shown = (a: Activity) => a.completion_status === 'completed' || (a.kwh_saved_bought >= 0 && saves(a));
const proposed = (a: Activity) => a.available && a.completion_status !== 'completed' && saves(a);
const notPaying = (a: Activity) => proposed(a) && !a.pays_back;
const byRank = (a: Activity, b: Activity) =>
  Number(notPaying(a)) - Number(notPaying(b)) ||
  b.savings.energyCostSavings - a.savings.energyCostSavings ||
  b.kwh_saved_bought - a.kwh_saved_bought ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Best next steps: the proposed single measures that pay back, by lifetime value, one per choice, three at most. */
function bestNextSteps(building: Building): string[] {
  const choices = new Set<string>();
  const best: string[] = [];
  const candidates = cardsOf(building)
    .filter((a) => a.category !== 'package' && shown(a) && proposed(a) && a.pays_back)
    .sort((a, b) => b.lifetime_value - a.lifetime_value || byRank(a, b));
  for (const a of candidates) {
    if (best.length === 3) break;
    if (a.choice !== null && choices.has(a.choice)) continue;
    if (a.choice !== null) choices.add(a.choice);
    best.push(a.name);
  }
  return best;
}

test.describe('results dashboard', () => {
  test('label, recommendations, financing that follows the loan type and sliders, and a clean printed report', async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    const property = await findProperty(page.request, 'Sankt');
    const building = await createProfile(page, property.id);
    expect(building.errors).toEqual([]);
    const calculated = building.information.find(
      (i) => i.type === 'epc_label' && i.value.type === 'estimated_calculated',
    );
    expect(calculated?.value.energy_class).toMatch(/^[A-G]$/);
    const chosen = financeable(building);

    await page.goto(dashboard(property.id));
    await expect(page.getByRole('heading', { level: 1, name: "Your home's energy results" })).toBeVisible();
    await expect(page.getByText(property.name, { exact: true })).toBeVisible();

    // The label (estimated from the answers) and the information.
    const label = page.getByTestId('epc-label');
    await expect(label.getByRole('img', { name: `Energy class ${calculated!.value.energy_class}` })).toBeVisible();
    await expect(label.getByText('Estimated from your answers')).toBeVisible();
    await expect(page.getByTestId('information').getByText('Energy cost a year:')).toBeVisible();
    await expect(page.getByTestId('price-area')).toHaveText(/^SE[1-4] \(/);

    // Best next steps first: the three with the most money left over their lifetime.
    const best = page.getByTestId('best-next-steps');
    await expect(best.getByRole('heading', { level: 3, name: 'Best next steps' })).toBeVisible();
    const bestNames = await best
      .locator('[data-best]')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-best')));
    expect(bestNames).toEqual(bestNextSteps(building));
    expect(bestNames.length).toBeGreaterThan(0);

    // The API's list is sorted by yearly kronor saved; the kWh shown never include exported power.
    const kronor = building.recommendations.map((a) => a.savings.energyCostSavings);
    expect(kronor).toEqual([...kronor].sort((a, b) => b - a));
    for (const a of building.recommendations) expect(a.savings.energySavings).toBe(a.kwh_saved_bought);

    // Recommendations in their groups, packages apart; each savings list by kronor, what does not pay back last. The
    // cards come a few per frame: the section is busy until all are there.
    await expect(page.locator('.rd-recs:not([aria-busy])')).toHaveCount(1);
    await expect(page.locator('[data-group]')).toHaveCount(5);
    for (const group of ['reduce_heat_losses', 'reduce_energy_usage', 'use_solar_energy', 'optimisations']) {
      const names = await page
        .locator(`[data-group="${group}"] [data-activity]`)
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-activity')));
      const expected = cardsOf(building)
        .filter((a) => a.category === group && shown(a))
        .sort(byRank)
        .map((a) => a.name);
      expect(names, group).toEqual(expected);
    }
    for (const a of cardsOf(building).filter((x) => x.category !== 'package' && shown(x) && notPaying(x))) {
      await expect(page.locator(`[data-activity="${a.name}"]`).getByTestId('no-payback')).toHaveText(
        'Does not pay back on energy savings alone',
      );
    }
    const lowerTemperature = page.locator('[data-activity="lower_temperature_1_deg_c"]');
    if ((await lowerTemperature.count()) > 0)
      await expect(lowerTemperature.getByRole('button', { name: 'Contact installers' })).toHaveCount(0);
    const card = page.locator(`[data-activity="${chosen.name}"]`);
    await expect(card.getByTestId('saves')).toContainText('kWh');
    await expect(card.getByTestId('repayment')).toHaveText(/years?$/);

    // Details: the charts render (apexcharts, loaded on demand); Cash has no loan chart.
    await card.getByRole('button', { name: 'Show financing and charts' }).click();
    await expect(card.getByTestId('savings-chart').locator('svg').first()).toBeVisible();
    await expect(card.getByTestId('loan').first()).toHaveText('None: paid in cash');
    await expect(card.getByTestId('loan-chart').locator('svg')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('dashboard-desktop.png'), fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A private loan: recorded as an interaction, and the figures and charts change.
    const interaction = page.waitForRequest((r) => r.url().endsWith('/api/flow/interaction') && r.method() === 'POST');
    await page.getByRole('radio', { name: 'Private loan' }).check();
    expect((await interaction).postDataJSON()).toEqual({
      action: 'loan_type.change',
      object: 'Private',
      property_id: property.id,
    });
    await expect(card.getByTestId('loan')).toHaveText(/ at 4\.9 % over 5 years$/);
    await expect(card.getByTestId('repayment')).toHaveText(/with interest\)$/);
    await expect(card.getByTestId('loan-chart').locator('svg').first()).toBeVisible();
    // The brand's lender (demo-energi: Demo Bank) sets the private loan slider to 0–9 %.
    await expect(card.getByRole('slider', { name: 'Private loan interest' })).toHaveAttribute('max', '9');
    const amortizationOver5 = await card.getByTestId('amortization').textContent();
    const interestOver5 = await card.getByTestId('interest').textContent();

    // The loan term slider, moved with the keyboard: 5 → 10 years.
    const term = card.getByRole('slider', { name: 'Loan term' });
    await term.focus();
    for (let i = 0; i < 5; i += 1) await term.press('ArrowRight');
    await expect(term).toHaveAttribute('aria-valuetext', '10 years');
    await expect(card.getByTestId('loan')).toHaveText(/ over 10 years$/);
    await expect(card.getByTestId('amortization')).not.toHaveText(amortizationOver5!);
    await expect(card.getByTestId('interest')).not.toHaveText(interestOver5!);

    // A mortgage: the two demo lenders' green mortgage discounts, from the BFF.
    await page.getByRole('radio', { name: 'Mortgage' }).check();
    await expect(card.getByTestId('loan')).toHaveText(/ at 3\.1 % over 20 years$/);
    await expect(card.locator('[data-lender="demo-bank"]')).toContainText('Demo Bank (demo)');
    await expect(card.locator('[data-lender="demo-bolan"]')).toContainText('Demo Bolån (demo)');

    // Own prices: saved and the results recalculated.
    const prices = page.getByRole('form', { name: 'Your energy prices' });
    await prices.getByLabel('Electricity', { exact: true }).fill('2,50');
    await prices.getByRole('button', { name: 'Save prices and recalculate' }).click();
    await expect(prices.getByText('Saved. The results are recalculated.')).toBeVisible();
    await expect(page.getByTestId('information').getByText('With your own prices.')).toBeVisible();

    // Print: controls and navigation gone; the label, the information and every recommendation's figures stay.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print report' })).toBeHidden();
    await expect(page.getByRole('radio', { name: 'Cash' })).toBeHidden();
    await expect(card.getByRole('slider', { name: 'Loan term' })).toBeHidden();
    await expect(page.getByRole('form', { name: 'Your energy prices' })).toBeHidden();
    await expect(page.locator('.he-topbar')).toBeHidden();
    await expect(card.getByTestId('savings-chart')).toBeHidden();
    await expect(label.getByRole('img', { name: `Energy class ${calculated!.value.energy_class}` })).toBeVisible();
    await expect(page.getByTestId('information')).toBeVisible();
    await expect(page.getByTestId('print-financing')).toHaveText(/^Financing in this report: Mortgage\./);
    const financing = page.getByTestId('financing');
    const count = await financing.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i += 1) await expect(financing.nth(i)).toBeVisible();
    await page.pdf({ path: testInfo.outputPath('dashboard-print.pdf'), format: 'A4' });
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('button', { name: 'Print report' })).toBeVisible();

    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('on a phone: one column, readable, nothing wider than the screen', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const property = await findProperty(page.request, 'Sankt');
    const building = await createProfile(page, property.id);
    await page.goto(dashboard(property.id));
    await expect(page.getByTestId('epc-label')).toBeVisible();
    const chosen = financeable(building);
    const card = page.locator(`[data-activity="${chosen.name}"]`);
    await card.getByRole('button', { name: 'Show financing and charts' }).click();
    await page.getByRole('radio', { name: 'Private loan' }).check();
    await expect(card.getByTestId('loan-chart').locator('svg').first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('dashboard-mobile.png'), fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test('a signed-in homeowner switches between the homes of the profile, and only to those', async ({ page }) => {
    const [first, second, stranger] = await findProperties(page.request, 'Sankt');
    await signInHomeowner(page, SIMULATOR, '198112189876', 'Sara Sandberg');
    await createProfile(page, first.id);
    await createProfile(page, second.id);

    await page.goto(dashboard(first.id));
    await expect(page.locator('.rd-eyebrow')).toHaveText(first.name);
    const switcher = page.getByRole('combobox', { name: 'Property' });
    await expect(switcher).toHaveValue(String(first.id));
    await switcher.selectOption(String(second.id));
    await expect(page).toHaveURL(new RegExp(`${dashboard(second.id)}$`));
    await expect(page.locator('.rd-eyebrow')).toHaveText(second.name);
    await expect(page.getByTestId('epc-label')).toBeVisible();
    await expect(switcher).toHaveValue(String(second.id));
    await expect
      .poll(async () => (await (await page.request.get('/api/flow/user/profile')).json()).selectedPropertyId)
      .toBe(second.id);

    // The query pair to a property that is not in the profile changes nothing.
    await page.goto(`${dashboard(second.id)}?property_id=${stranger.id}&building_id=primary`);
    await expect(page.getByRole('alert')).toHaveText(
      'That property is not in your profile, so the dashboard stays on this one.',
    );
    await expect(page).toHaveURL(new RegExp(`${dashboard(second.id)}$`));
    await expect(page.locator('.rd-eyebrow')).toHaveText(second.name);
  });

  test('a homeowner requests installers for a recommendation, gives contact details, sees the confirmation', async ({
    page,
  }) => {
    const [home] = await findProperties(page.request, 'B');
    await signInHomeowner(page, SIMULATOR, '197712124567', 'Ivar Installatör');
    const building = await createProfile(page, home.id);
    const measure = financeable(building);
    await page.goto(dashboard(home.id));
    const card = page.locator(`[data-activity="${measure.name}"]`);
    await card.getByRole('button', { name: 'Contact installers' }).click();
    await card.getByRole('checkbox', { name: /Värmepumpsteknik Demo AB/ }).check();
    await card.getByRole('button', { name: 'Send request' }).click();
    // No contact details yet: the card asks for them, then sends.
    await card.getByLabel('Email').fill('ivar@example.se');
    await card.getByLabel('Mobile number').fill('070-765 43 21');
    await card.getByRole('button', { name: 'Save and send' }).click();
    await expect(page.getByText('Your request was sent to 1 installer.')).toBeVisible();
    const installers = await (await page.request.get(`/api/flow/property/${home.id}/installers`)).json();
    expect(installers.requests).toEqual([
      expect.objectContaining({ installer: 'varmepumpsteknik-demo', key: measure.name }),
    ]);
    await expect(card.getByText(/requested/)).toBeVisible();
  });

  test('a renovation plan: add two measures, see the label after them, adopt a suggestion, and print it', async ({
    page,
  }) => {
    const property = await findProperty(page.request, 'Sankt');
    const building = await createProfile(page, property.id);
    // Two measures of different choices that the engine proposes (mfe-results lib/plan.ts planEligible).
    const eligible = cardsOf(building).filter(
      (a) => proposed(a) && shown(a) && a.category !== 'package' && a.name !== 'unspecified',
    );
    const [first] = eligible;
    const second = eligible.find((a) => a.name !== first.name && (a.choice === null || a.choice !== first.choice));
    expect(second, 'two measures that can be planned together').toBeTruthy();

    await page.goto(dashboard(property.id));
    const panel = page.getByTestId('plan-panel');
    await expect(panel.getByTestId('plan-empty')).toBeVisible();
    await page.locator(`[data-activity="${first.name}"]`).getByRole('button', { name: 'Add to plan' }).click();
    await page.locator(`[data-activity="${second!.name}"]`).getByRole('button', { name: 'Add to plan' }).click();
    await expect(panel.locator('[data-plan-measure]')).toHaveCount(2);
    const kept = await (await page.request.get(`/api/flow/property/${property.id}/plan`)).json();
    expect(kept.plan.measures.sort()).toEqual([first.name, second!.name].sort());
    await expect(panel.getByTestId('plan-investment')).toContainText('kr');
    // The plan saves less than its measures added up (they interact), never more.
    expect(kept.plan.energy_cost_savings).toBeLessThanOrEqual(
      first.savings.energyCostSavings + second!.savings.energyCostSavings,
    );

    const suggestions = panel.getByTestId('plan-suggestions');
    const adopt = suggestions.getByRole('button', { name: /^Use this plan/ }).first();
    if (await adopt.count()) {
      await adopt.click();
      const { suggestions: list } = await (
        await page.request.get(`/api/flow/property/${property.id}/plan/suggestions`)
      ).json();
      await expect(panel.locator('[data-plan-measure]')).toHaveCount(list[0].measures.length);
    }

    // The printed report has the plan, without its buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: /^Remove/ }).first()).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
  });

  // The same journey in both languages, with every text from the remotes' own locale files.
  for (const lng of ['en', 'sv'] as const) {
    test.describe(`in ${lng === 'sv' ? 'Swedish' : 'English'}`, () => {
      test.use({ locale: lng === 'sv' ? 'sv-SE' : 'en-GB' });
      const results = localeFile('mfe-results', 'results', lng);
      const flow = localeFile('mfe-flow', 'flow', lng);

      test('best next steps, a measure that does not pay back, a plan built and printed, Change to a question', async ({
        page,
      }) => {
        const problems = watchConsole(page);
        // A home where one of the measures shown does not pay back (most do have one: walls, doors).
        let home: { property: { id: number; name: string }; building: Building; notPaying: Activity } | null = null;
        for (const property of await findProperties(page.request, 'Sankt')) {
          const building = await createProfile(page, property.id);
          const found = cardsOf(building).find((a) => a.category !== 'package' && shown(a) && notPaying(a));
          if (found) {
            home = { property, building, notPaying: found };
            break;
          }
        }
        expect(home, 'a home with a measure that does not pay back').toBeTruthy();
        const { property, building, notPaying: unpaid } = home!;

        await page.goto(dashboard(property.id));
        const best = page.getByTestId('best-next-steps');
        await expect(best.getByRole('heading', { level: 3, name: text(results, 'best.heading') })).toBeVisible();
        expect(
          await best.locator('[data-best]').evaluateAll((items) => items.map((i) => i.getAttribute('data-best'))),
        ).toEqual(bestNextSteps(building));
        await expect(page.locator(`[data-activity="${unpaid.name}"]`).getByTestId('no-payback')).toHaveText(
          text(results, 'figures.noPayback'),
        );

        // A plan of two measures of different choices, built with the cards' buttons.
        const eligible = cardsOf(building).filter(
          (a) => proposed(a) && shown(a) && a.category !== 'package' && a.name !== 'unspecified',
        );
        const [first] = eligible;
        const second = eligible.find((a) => a.name !== first.name && (a.choice === null || a.choice !== first.choice))!;
        const panel = page.getByTestId('plan-panel');
        await expect(panel.getByRole('heading', { level: 2, name: text(results, 'plan.heading') })).toBeVisible();
        for (const measure of [first, second])
          await page
            .locator(`[data-activity="${measure.name}"]`)
            .getByRole('button', { name: text(results, 'plan.add') })
            .click();
        await expect(panel.locator('[data-plan-measure]')).toHaveCount(2);
        await expect(panel.getByTestId('plan-investment')).toContainText('kr');

        // Printed: the plan with its label after, money and financing; no buttons.
        await page.emulateMedia({ media: 'print' });
        await expect(panel).toBeVisible();
        for (const testId of [
          'plan-measures',
          'plan-ep',
          'plan-investment',
          'plan-subsidies',
          'plan-savings',
          'plan-financing',
        ])
          await expect(panel.getByTestId(testId)).toBeVisible();
        await expect(
          panel.getByRole('button', { name: new RegExp(`^${text(results, 'plan.remove')}`) }).first(),
        ).toBeHidden();
        await expect(page.getByRole('button', { name: text(results, 'print') })).toBeHidden();
        await page.emulateMedia({ media: 'screen' });

        // How we calculated this → Change the assumed attic insulation → the flow at that question → the new figures.
        const label = page.getByTestId('epc-label');
        await label.getByRole('button', { name: text(results, 'explanation.toggle') }).click();
        const attic = label.getByTestId('assumed-inputs').locator('[data-input="attic_insulation_mm"]');
        await attic.getByRole('link', { name: new RegExp(`^${text(results, 'explanation.change')}`) }).click();
        await expect(page).toHaveURL(
          new RegExp(`/flow/property/${property.id}/questions\\?question=attic_insulation_mm$`),
        );
        const field = page.locator('[data-question="attic_insulation_mm"] input');
        await expect(field).toBeFocused();
        await expect(field).toBeInViewport();
        await field.fill('500');
        await page
          .getByRole('button', { name: text(flow, 'questions.saveAndShow') })
          .or(page.getByRole('button', { name: text(flow, 'questions.finish') }))
          .first()
          .click();
        await expect(page).toHaveURL(new RegExp(`${dashboard(property.id)}$`));
        // Attic insulation at 500 mm is done: its card says so, from the recomputed figures.
        await expect(page.locator('[data-activity="insulation_attic"][data-completed="true"]')).toBeVisible();
        const answers = await (await page.request.get(`/api/flow/property/${property.id}/answers`)).json();
        expect(answers.answers.attic_insulation_mm).toBe(500);
        expect(problems).toEqual([]);
      });
    });
  }

  test('a browser without answers for the property is sent to the address search, not shown an error', async ({
    page,
  }) => {
    const property = await findProperty(page.request, 'Sankt');
    await page.goto(dashboard(property.id));
    await expect(page.getByRole('heading', { level: 1, name: "Your home's energy results" })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: "We don't know this home yet" })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('link', { name: 'Start from the address search' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
