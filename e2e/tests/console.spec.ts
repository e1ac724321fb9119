import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatDateTime } from '@home-energy/shared/format/date';
import { expectChartDrawn, seriousAccessibilityViolations, signInStaff, watchConsole } from './support';

interface Suggestion {
  id: number;
  name: string;
}

/** Register addresses, found the way the address search finds them. */
async function findHomes(page: Page, prefix: string): Promise<Suggestion[]> {
  const res = await page.request.get(`/api/flow/property-search/suggestions?q=${encodeURIComponent(prefix)}`);
  expect(res.ok()).toBe(true);
  const { suggestions } = (await res.json()) as { suggestions: Suggestion[] };
  expect(suggestions.length).toBeGreaterThan(2);
  return suggestions;
}

/** A homeowner's browser going through the flow of a brand: the answers saved and the results computed. */
async function homeThroughFlow(browser: Browser, brand: string, id: number, answers: Record<string, unknown>) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const res = await context.request.post(`/api/flow/property/${id}/building?owner=${brand}`, { data: answers });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

test.describe('the organisation console', () => {
  test('an org admin sees analytics charts over homes made through the flow, and exports a table as CSV', async ({
    page,
    browser,
  }, testInfo) => {
    const problems = watchConsole(page);
    const homes = await findHomes(page, 'Sankt');
    // Three homeowners of demo-energi answer for their homes now (one heated with oil, one with district heating).
    const contexts = [
      await homeThroughFlow(browser, 'demo-energi', homes[0]!.id, { occupants: 2, primary_heating_systems: ['oil'] }),
      await homeThroughFlow(browser, 'demo-energi', homes[1]!.id, {
        occupants: 4,
        primary_heating_systems: ['district_heating'],
      }),
      await homeThroughFlow(browser, 'demo-energi', homes[2]!.id, { occupants: 1 }),
    ];
    // The first of them keeps the cheapest plan the engine suggests: the transition page counts it.
    const suggested = await (
      await contexts[0]!.request.get(`/api/flow/property/${homes[0]!.id}/plan/suggestions?owner=demo-energi`)
    ).json();
    expect(suggested.suggestions.length).toBeGreaterThan(0);
    const saved = await contexts[0]!.request.post(`/api/flow/property/${homes[0]!.id}/plan?owner=demo-energi`, {
      data: { measures: suggested.suggestions.at(-1).measures },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await Promise.all(contexts.map((c) => c.close()));

    await signInStaff(page, 'admin@energi.demo.test');
    const expected = await (await page.request.get('/api/console/org/demo-energi/analytics/properties')).json();
    expect(expected.total).toBeGreaterThanOrEqual(3);
    expect(expected.byHeating.map((h: { key: string }) => h.key)).toEqual(
      expect.arrayContaining(['oil', 'district_heating']),
    );

    await page.goto('/console/org/demo-energi');
    // The top bar: the admin's groups; Analytics opens its first page.
    const topBar = page.getByRole('navigation', { name: 'Sections' });
    await expect(topBar.getByRole('link')).toHaveText(['Analytics', 'Flow', 'Account']);
    await topBar.getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/console\/org\/demo-energi\/properties$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
    await page.getByLabel('Period', { exact: true }).selectOption('all');
    await expect(page).toHaveURL(/\?period=all$/);
    await expect(page.getByTestId('figure-total')).toContainText(String(expected.total));
    for (const chart of ['chart-series', 'chart-labels', 'chart-buildingTypes', 'chart-yearBands', 'chart-heating']) {
      await expectChartDrawn(page.getByTestId(chart));
    }
    await expect(
      page.getByRole('table', { name: 'By main heating' }).getByRole('rowheader', { name: 'Oil boiler' }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('console-properties-desktop.png'), fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The CSV of the label table: a header, one row per class, the counts the page shows.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV – By energy label' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^demo-energi_properties_labels_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = fs
      .readFileSync((await file.path())!, 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('Energy label,Homes,Share');
    const rows = csv.slice(1).map((line) => line.split(','));
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(['A', 'B', 'C', 'D', 'E', 'F', 'G']));
    expect(rows.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(expected.total);

    // Activities and transition draw their charts from the same homes.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Activities', exact: true })
      .click();
    await expectChartDrawn(page.getByTestId('chart-activities'));
    await expect(page.getByTestId('figure-recommended')).not.toHaveText(/Recommended0$/);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Transition', exact: true })
      .click();
    await expectChartDrawn(page.getByTestId('chart-transition'));
    const plans = page.getByRole('region', { name: 'Plans homeowners saved' });
    await expect(plans.getByTestId('figure-plan-homes')).not.toHaveText(/plan0$/);
    await expectChartDrawn(plans.getByTestId('chart-plan-labels'));
    await expect(plans.getByRole('table', { name: 'Measures most planned' }).getByRole('row')).not.toHaveCount(1);

    // On a phone: one column, nothing wider than the screen, the side navigation behind Menu.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/console/org/demo-energi/properties?period=all');
    await expectChartDrawn(page.getByTestId('chart-labels'));
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeHidden();
    await page.getByRole('button', { name: 'Console pages' }).click();
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
    // Nothing of the console reaches past the screen's edge (every console page: phone-widths.spec.ts).
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll('[data-remote="mfe_console"] *')]
        .filter(
          (e) =>
            e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 &&
            !e.parentElement?.closest('.he-table-wrap'),
        )
        .map((e) => e.className),
    );
    expect(wider).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('console-properties-mobile.png'), fullPage: true });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('a staff member without platform_analytics does not see analytics', async ({ page }) => {
    await signInStaff(page, 'staff@installer.demo.test');
    await page.goto('/console/org/demo-installer');
    const nav = page.getByRole('navigation', { name: 'Console' });
    // Installers keep the properties overview (docs/product.md §6 installerOnly), nothing else of analytics.
    await expect(nav.getByRole('link', { name: 'Properties', exact: true })).toBeVisible();
    for (const item of ['Activities', 'Users', 'Transition', 'Portfolio', 'Configuration', 'Validation']) {
      await expect(nav.getByRole('link', { name: item, exact: true })).toHaveCount(0);
    }
    await page.goto('/console/org/demo-installer/activities');
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
    expect((await page.request.get('/api/console/org/demo-installer/analytics/activities')).status()).toBe(403);
    expect((await page.request.get('/api/console/org/demo-energi/analytics/properties')).status()).toBe(404);
  });

  test('an org admin edits a question text and the accent colour; a homeowner of that brand sees both', async ({
    page,
    browser,
  }, testInfo) => {
    await signInStaff(page, 'admin@bank.demo.test');
    await page.goto('/console/org/demo-bank/configuration');
    await expect(page.getByRole('heading', { level: 1, name: 'Configuration' })).toBeVisible();
    const question = page.locator('li[data-key="construction_year"]');
    await question.locator('summary').click();
    await question.getByLabel('Question (English)').fill('Which year was your house finished?');
    await page.getByRole('button', { name: 'Save question set' }).click();
    await expect(page.getByText('The question set is saved. The flow asks it from now on.')).toBeVisible();

    const accent = page.getByRole('textbox', { name: 'Accent', exact: true });
    await accent.fill('#b00b69');
    await expect(page.getByTestId('brand-preview').locator('.cn-preview__button')).toHaveCSS(
      'background-color',
      'rgb(176, 11, 105)',
    );
    await page.screenshot({ path: testInfo.outputPath('console-configuration.png'), fullPage: false });
    await page.getByRole('button', { name: 'Save brand' }).click();
    await expect(page.getByText('The brand is saved.')).toBeVisible();

    // A homeowner arriving through the bank's link, in a browser of their own.
    const homeowner = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const flow = await homeowner.newPage();
    const [home] = await findHomes(flow, 'K');
    await flow.goto('/?owner=demo-bank');
    await expect(flow.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
    await expect
      .poll(() =>
        flow.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--he-accent').trim()),
      )
      .toBe('#b00b69');
    await flow.goto(`/flow/property/${home!.id}/questions`);
    await expect(flow.getByLabel('Which year was your house finished?')).toBeVisible();
    await homeowner.close();
  });

  test('validation approves an uploaded certificate and the homeowner’s results show the issued label', async ({
    page,
    browser,
  }) => {
    const homes = await findHomes(page, 'B');
    const home = homes[homes.length - 1]!;
    const homeowner = await homeThroughFlow(browser, 'demo-energi', home.id, { occupants: 3 });
    const pdf = Buffer.from('%PDF-1.4\n% energideklaration e2e\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const upload = await homeowner.request.post(`/api/flow/property/${home.id}/document`, {
      multipart: {
        energy_class: 'B',
        issued_at: '2025-06-02',
        file: { name: 'energideklaration.pdf', mimeType: 'application/pdf', buffer: pdf },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    // Listed and downloaded under the server's name, never the uploader's.
    const served = `document-${(await upload.json()).document.id}.pdf`;

    await signInStaff(page, 'staff@energi.demo.test');
    await page.goto('/console/org/demo-energi/validation');
    await expect(page.getByRole('heading', { level: 1, name: 'Validation' })).toBeVisible();
    const item = page
      .locator('li.cn-queue-item')
      .filter({ has: page.getByRole('heading', { level: 2, name: home.name }) });
    await expect(item.getByRole('link', { name: `Open ${served}` })).toBeVisible();
    const file = await page.request.get(
      (await item.getByRole('link', { name: `Open ${served}` }).getAttribute('href'))!,
    );
    expect(Buffer.compare(await file.body(), pdf)).toBe(0);
    // RFC 6266 lets a token filename go unquoted (express's res.attachment does so).
    expect(/^attachment; filename="?([^";]+)"?$/.exec(file.headers()['content-disposition'])?.[1]).toBe(served);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await item.getByRole('button', { name: 'Approve as issued label' }).click();
    await expect(page.getByText("Approved: the home's issued label is now B.")).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: home.name })).toHaveCount(0);

    const results = await homeowner.newPage();
    await results.goto(`/property/${home.id}/building/primary/results-dashboard`);
    await expect(results.getByTestId('epc-label')).toBeVisible();
    await expect(results.getByTestId('issued-label')).toContainText('Issued certificate: class B');
    await expect(results.getByTestId('issued-label')).toContainText('Issued 2 Jun 2025');
    await homeowner.close();
  });
});

/** A remote's texts in one language, from its locale file. */
const remoteTexts = (remote: 'mfe-console' | 'mfe-flow', lng: 'en' | 'sv') =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(__dirname, '..', '..', remote, 'locales', lng, `${remote.replace('mfe-', '')}.json`),
      'utf8',
    ),
  );
const consoleTexts = (lng: 'en' | 'sv') => remoteTexts('mfe-console', lng);

// The e2e product loads the demo journeys as `npm start` does: a demo brand's transition page shows the plans its
// homeowners saved, the count the API answers the page with.
for (const lng of ['en', 'sv'] as const) {
  test.describe(`the demo brand's saved plans, in ${lng === 'sv' ? 'Swedish' : 'English'}`, () => {
    test.use({ locale: lng === 'sv' ? 'sv-SE' : 'en-GB' });
    const texts = consoleTexts(lng).analytics.transition.plans;

    test("Demo Bank's transition page shows the demo homeowners' saved plans", async ({ page }) => {
      const problems = watchConsole(page);
      await signInStaff(page, 'admin@bank.demo.test');
      const answer = page.waitForResponse(
        (r) => r.url().includes('/api/console/org/demo-bank/analytics/transition') && r.status() === 200,
      );
      await page.goto('/console/org/demo-bank/transition');
      const { plans } = (await (await answer).json()) as { plans: { homes: number } };
      expect(plans.homes).toBeGreaterThan(0);
      const region = page.getByRole('region', { name: texts.heading });
      const homes = region.getByTestId('figure-plan-homes');
      await expect(homes.getByRole('term')).toHaveText(texts.homes);
      await expect(homes.getByRole('definition')).toHaveText(
        new Intl.NumberFormat(lng === 'sv' ? 'sv-SE' : 'en-GB').format(plans.homes),
      );
      await expect(region.getByRole('table', { name: texts.measures }).getByRole('row')).not.toHaveCount(1);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });

  // docs/privacy.md "Who saw my data": an organisation admin sees each time their staff were shown a homeowner's
  // personal data; and an organisation's own privacy text is part of the notice its homeowners read.
  test.describe(`personal data in the console, in ${lng === 'sv' ? 'Swedish' : 'English'}`, () => {
    const locale = lng === 'sv' ? 'sv-SE' : 'en-GB';
    test.use({ locale });
    const texts = consoleTexts(lng);

    test('an organisation admin sees that their staff opened the installer requests, with role, page and time', async ({
      page,
      browser,
    }, testInfo) => {
      const words = texts.dataAccess;
      await signInStaff(page, 'admin@installer.demo.test');
      const api = '/api/console/org/demo-installer/data-access?reason=lead_list';
      const before = (await (await page.request.get(api)).json()).total as number;

      // Their staff open the requests: the demo homeowners' names and contact details are on the page.
      const staff = await (await browser.newContext({ baseURL: testInfo.project.use.baseURL })).newPage();
      await signInStaff(staff, 'staff@installer.demo.test');
      const listed = staff.waitForResponse(
        (r) => r.url().includes('/api/console/org/demo-installer/installer-requests') && r.status() === 200,
      );
      await staff.goto('/console/org/demo-installer/requests');
      expect(((await (await listed).json()).requests as unknown[]).length).toBeGreaterThan(0);
      await staff.context().close();
      const log = await (await page.request.get(api)).json();
      expect(log.total).toBeGreaterThan(before);
      const newest = log.entries[0] as { at: string; staff: string; homeowner: string };
      expect(newest.staff).toBe('staff@installer.demo.test');

      await page.goto('/console/org/demo-installer/data-access');
      await expect(page.getByRole('heading', { level: 1, name: texts.pages['data-access'].title })).toBeVisible();
      await page.getByLabel(words.reason, { exact: true }).selectOption({ label: words.reasons.lead_list });
      await expect(page).toHaveURL(/reason=lead_list/);
      const at = formatDateTime(newest.at, lng);
      // Swedish time in words, never the API's ISO time.
      expect(at).toMatch(lng === 'sv' ? /^\d{4}-\d\d-\d\d \d\d:\d\d CES?T$/ : /^\d{1,2} \w+ \d{4}, \d\d:\d\d CES?T$/);
      await expect(page.getByRole('table').getByRole('row').nth(1).getByRole('cell')).toHaveText([
        at,
        'staff@installer.demo.test',
        words.roles.staff,
        words.reasons.lead_list,
        newest.homeowner,
      ]);
    });

    test("an organisation admin's own privacy text is in the privacy notice of their brand, then taken back", async ({
      page,
      browser,
    }, testInfo) => {
      const brand = texts.configuration.brand;
      // Unique to this run: what an earlier run left in the field is never the same text, so Save is enabled.
      const run = new Date().toISOString();
      const own =
        lng === 'sv'
          ? `Demo Bank tar emot dina uppgifter när du ansöker om lån (${run}). Skriv till dataskydd@bank.example.se.`
          : `Demo Bank receives your details when you apply for a loan (${run}). Write to dataskydd@bank.example.se.`;
      await signInStaff(page, 'admin@bank.demo.test');
      await page.goto('/console/org/demo-bank/configuration');
      const field = page.getByRole('group', { name: brand.privacy }).getByLabel(brand.privacyText[lng]);
      await expect(field).toBeVisible();
      const earlier = await field.inputValue();
      const save = async (text: string) => {
        await field.fill(text);
        const saved = page.waitForResponse(
          (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/console/org/demo-bank/configuration/brand'),
        );
        await page.getByRole('button', { name: brand.save }).click();
        expect((await saved).status()).toBe(200);
        // The first save's message may still be shown beside the second's.
        await expect(page.getByText(brand.saved).first()).toBeVisible();
      };
      await save(own);

      // A homeowner of the bank's brand reads the notice in a browser of their own.
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale });
      await context.addCookies([{ name: 'owner', value: 'demo-bank', url: testInfo.project.use.baseURL! }]);
      const notice = await context.newPage();
      await notice.goto('/privacy');
      const section = notice.getByRole('region', { name: remoteTexts('mfe-flow', lng).privacy.brandText });
      await expect(section).toContainText(own);
      await context.close();

      await save(earlier);
      const after = await page.request.get(`/api/flow/privacy-notice?lng=${lng}&owner=demo-bank`);
      expect((await after.json()).brand_text ?? '').toBe(earlier);
    });
  });
}
