import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import { pageReady, signInStaff, staffState, SUPER_ADMIN, workingDay, type WorkingDay } from './support';

// The demo mark on a phone and a desktop, and the audit log's columns on a desktop. That every page fits a 390 px
// phone, its navigation reachable, is checked by the accessibility walk (accessibility.spec.ts), which has every
// page open already.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

// The pages hold what a day's work leaves: homes answered, a saved plan, an installer request, a mail in the outbox.
let day: WorkingDay;
test.beforeAll(async ({ browser }) => {
  day = await workingDay(browser, `http://127.0.0.1:${E2E_BANKID_PORT}`, '197808081236', 'Vera Vidd');
});

/**
 * The text and controls the demo mark lies over where the page is scrolled now (none may be): every element with text
 * of its own (each line of it) or that takes the keyboard, shown, outside the mark; with `stuckOnly`, only those that
 * stay on screen as the page scrolls (sticky or fixed), which the mark would cover at any scroll position.
 */
async function underDemoMark(page: Page, stuckOnly: boolean): Promise<string[]> {
  return page.evaluate((stuckOnly) => {
    const mark = document.querySelector('.he-demo-mark');
    if (!mark) return ['no demo mark on the page'];
    const m = mark.getBoundingClientRect();
    const over = (r: DOMRect) =>
      r.width > 1 && r.height > 1 && r.left < m.right && r.right > m.left && r.top < m.bottom && r.bottom > m.top;
    // Fixed, or sticky and held at the screen's foot now (a sticky bar in its own place is content like any other).
    const stuck = (el: Element) => {
      for (let e: Element | null = el; e && e !== mark; e = e.parentElement) {
        const { position, bottom } = getComputedStyle(e);
        if (position === 'fixed') return true;
        const held = innerHeight - parseFloat(bottom) - e.getBoundingClientRect().bottom;
        if (position === 'sticky' && bottom !== 'auto' && Math.abs(held) < 1) return true;
      }
      return false;
    };
    const focusable = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const hits: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (mark.contains(el) || !el.checkVisibility({ visibilityProperty: true }) || (stuckOnly && !stuck(el))) continue;
      const name = `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      if (el.matches(focusable) && over(el.getBoundingClientRect())) hits.push(name);
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent!.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some(over)) hits.push(name);
      }
    }
    return [...new Set(hits)];
  }, stuckOnly);
}

// The longest pages: the results, the flow's questions, analytics, configuration (its actions stick to the screen's
// foot), the audit log and the releases.
for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`the demo mark at ${viewport.width} px`, () => {
    test.use({ viewport });
    test('covers no text or control at the foot of the longest pages, nor anything stuck to the screen', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const homeowner = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport,
        storageState: day.homeowner,
      });
      const admin = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport,
        storageState: await staffState(browser, SUPER_ADMIN),
      });
      const pages: [Page, string][] = [
        [await homeowner.newPage(), '/'],
        [homeowner.pages()[0]!, `/flow/property/${day.home.id}/questions`],
        [homeowner.pages()[0]!, `/property/${day.home.id}/building/primary/results-dashboard`],
        [await admin.newPage(), '/console/org/demo-energi/properties?period=all'],
        [admin.pages()[0]!, '/console/org/demo-energi/configuration'],
        [admin.pages()[0]!, '/console/admin/audit'],
        [admin.pages()[0]!, '/console/admin/releases'],
      ];
      for (const [page, path] of pages) {
        await test.step(path, async () => {
          await page.goto(path);
          await pageReady(page, { charts: true });
          await expect(page.locator('.he-demo-mark')).toBeVisible();
          for (const share of [0, 0.5]) {
            await page.evaluate((share) => window.scrollTo(0, document.documentElement.scrollHeight * share), share);
            expect(await underDemoMark(page, true), `${path}, scrolled ${share * 100} %`).toEqual([]);
          }
          // To the foot, again while the page grows as it scrolls (the results draw their parts as they come near).
          await expect
            .poll(() =>
              page.evaluate(() => {
                const { scrollHeight } = document.documentElement;
                window.scrollTo(0, scrollHeight);
                return window.scrollY + window.innerHeight >= scrollHeight - 1;
              }),
            )
            .toBe(true);
          expect(await underDemoMark(page, false), `${path}, at the foot`).toEqual([]);
        });
      }
      await homeowner.close();
      await admin.close();
    });
  });
}

test.describe('the audit log on a desktop', () => {
  test.use({ viewport: DESKTOP });
  test('the target column reads on one or two lines, not a letter a line', async ({ page }) => {
    // Working in Demo Energi (an audited write), as a super admin does.
    await signInStaff(page, SUPER_ADMIN);
    const started = await page.request.post('/api/admin/impersonation', { data: { organisation: 'demo-energi' } });
    expect(started.status()).toBe(200);
    await page.goto('/console/admin/audit');
    const target = page.locator('table code.he-id').first();
    await expect(target).toBeVisible();
    const box = await target.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 18;
      return {
        width: rect.width,
        lines: Math.round(rect.height / lineHeight),
        cell: el.parentElement!.getBoundingClientRect().width,
      };
    });
    expect(box.cell).toBeGreaterThanOrEqual(150);
    expect(box.lines).toBeLessThanOrEqual(2);
  });
});
