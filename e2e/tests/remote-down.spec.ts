// One remote failing in each way a release or a server can (down, refusing, hanging, missing, corrupt, the wrong
// content): its part of the page says so with "Try again" as soon as the failure is known (within the load deadline
// for a server that does not answer), in English and Swedish; the other remotes keep working, and "Try again" loads
// it once it is back.
import { expect, test, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import { REMOTE_FILE_TIMEOUT_MS } from '@home-energy/shared/mfe/load-timeout';
import { allAtOnce, REMOTE_PACKAGES, signInStaff, SUPER_ADMIN, type RemoteName, type StorageState } from './support';

type Language = 'en' | 'sv';

const HOME_OF: Record<RemoteName, { path: string; heading: Record<Language, string> }> = {
  mfe_flow: { path: '/', heading: { en: 'Find your home', sv: 'Hitta ditt hem' } },
  mfe_results: {
    path: '/property/7/building/primary/results-dashboard',
    heading: { en: "Your home's energy results", sv: 'Ditt hems energiresultat' },
  },
  mfe_console: { path: '/console/org/demo-energi/properties', heading: { en: 'Properties', sv: 'Fastigheter' } },
  mfe_admin: { path: '/console/admin/releases', heading: { en: 'Releases', sv: 'Versioner' } },
};

const UNAVAILABLE: Record<Language, { locale: string; title: string; retry: string; startPage: RegExp }> = {
  en: {
    locale: 'en-US',
    title: 'This part of the service is unavailable right now',
    retry: 'Try again',
    startPage: /start page/i,
  },
  sv: {
    locale: 'sv-SE',
    title: 'Den här delen av tjänsten är inte tillgänglig just nu',
    retry: 'Försök igen',
    startPage: /startsida/i,
  },
};

// How soon the message shows once the shell could know: at once for an answer that is final (a user notices a wait
// from about a second; 2 s leaves room for a busy test machine), and within the load deadline for no answer at all.
const FINAL_SHOWN_WITHIN_MS = 2_000;
const HANG_SHOWN_WITHIN_MS = REMOTE_FILE_TIMEOUT_MS + 2_000;

const SYNTAX_ERROR = /SyntaxError|Unexpected/;

/** What goes wrong with the file (`answer` undefined: the server never answers), and the page error it may cause. */
const BREAKAGES: {
  name: string;
  file: string;
  answer?: (route: Route) => Promise<void>;
  pageError: RegExp | null;
  remotes?: RemoteName[];
}[] = [
  {
    name: 'its manifest answers 503',
    file: 'mf-manifest.json',
    answer: (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
    pageError: null,
  },
  {
    name: 'its server refuses the connection',
    file: 'mf-manifest.json',
    answer: (route) => route.abort('connectionrefused'),
    pageError: null,
  },
  {
    name: 'remoteEntry.js answers 404',
    file: 'remoteEntry.js',
    answer: (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    pageError: null,
  },
  {
    name: 'remoteEntry.js is corrupt (a syntax error)',
    file: 'remoteEntry.js',
    answer: (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/javascript',
        body: 'var mfe = {{ this is not javascript',
      }),
    pageError: SYNTAX_ERROR,
  },
  {
    name: 'remoteEntry.js is the wrong content (an HTML page)',
    file: 'remoteEntry.js',
    // Without nosniff (a proxy's error page) the browser runs the HTML as script.
    answer: (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Oops</title><p>Maintenance</p>',
      }),
    pageError: /SyntaxError: Unexpected token '<'/,
  },
  {
    name: 'its exposed App chunk answers 404',
    file: '__federation_expose_App.*.js',
    answer: (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    pageError: null,
  },
  // No answer at all: the same deadline whichever remote, so one remote each (the languages alternate).
  {
    name: 'its manifest never answers',
    file: 'mf-manifest.json',
    pageError: null,
    remotes: ['mfe_results'],
  },
  {
    name: 'remoteEntry.js never answers',
    file: 'remoteEntry.js',
    pageError: null,
    remotes: ['mfe_flow'],
  },
  {
    name: 'its exposed App chunk never answers',
    file: '__federation_expose_App.*.js',
    pageError: null,
    remotes: ['mfe_console'],
  },
];

/** Records, in the page, when the message replaced everything else (the static first paint included). */
async function recordWhenUnavailableShown(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-remote-unavailable] h2') || document.getElementById('first-paint')) return;
      (window as unknown as { unavailableShownAt: number }).unavailableShownAt = Date.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** When the message was shown and when the shell started rendering (boot.ts marks it), as wall-clock times. */
function shownAndRenderStart(page: Page): Promise<{ shownAt: number; renderAt: number }> {
  return page.evaluate(() => {
    const render = performance.getEntriesByName('boot:render')[0]!;
    return {
      shownAt: (window as unknown as { unavailableShownAt: number }).unavailableShownAt,
      renderAt: performance.timeOrigin + render.startTime,
    };
  });
}

/** Goes to `path` through the app's own navigation, as a link does: the shell stays, the page's remote is loaded. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** One remote, broken one way, in a browser of its own: what a person sees, then "Try again" once it is fixed. */
async function expectUnavailableThenBack(browser: Browser, signedIn: StorageState, breakage: Case): Promise<void> {
  const context = await browser.newContext({ locale: UNAVAILABLE[breakage.lang].locale, storageState: signedIn });
  try {
    await unavailableThenBack(context, breakage);
  } finally {
    await context.close();
  }
}

async function unavailableThenBack(
  context: BrowserContext,
  { breakage, breakageIndex, broken, lang }: Case,
): Promise<void> {
  const pkg = REMOTE_PACKAGES[broken];
  const texts = UNAVAILABLE[lang];
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
  await recordWhenUnavailableShown(page);
  let outage = true;
  let firstFailureAt = 0;
  let hits = 0;
  const held: Route[] = [];
  await page.route(`**/mfe/${pkg}/*/${breakage.file}`, (route) => {
    if (!outage) return route.continue();
    firstFailureAt ||= Date.now();
    hits += 1;
    if (breakage.answer) return breakage.answer(route);
    held.push(route);
  });

  // The other remotes work while this one is down (their pages never load its files, whatever is wrong with
  // them: once is enough). The first page loaded, the others reached from it as a person moves on.
  if (breakageIndex === 0) {
    const others = (Object.keys(HOME_OF) as RemoteName[]).filter((other) => other !== broken);
    for (const [i, other] of others.entries()) {
      if (i === 0) await page.goto(HOME_OF[other].path);
      else await navigateInApp(page, HOME_OF[other].path);
      await expect(
        page.locator(`[data-remote="${other}"]`).getByRole('heading', { level: 1, name: HOME_OF[other].heading[lang] }),
      ).toBeVisible();
    }
  }

  firstFailureAt = 0;
  hits = 0;
  // Not 'load': a held remote entry is a script the load event would wait for.
  await page.goto(HOME_OF[broken].path, { waitUntil: 'domcontentloaded' });
  const fallback = page.locator(`[data-remote-unavailable="${broken}"]`);
  await expect(fallback.getByRole('heading', { name: texts.title })).toBeVisible({
    timeout: HANG_SHOWN_WITHIN_MS + 5_000,
  });
  expect(firstFailureAt, 'the broken file was asked for').toBeGreaterThan(0);
  // Once by each loader (the early preload, the boot's preload, the slot), never again: no retries.
  expect(hits, 'requests for the broken file').toBeLessThanOrEqual(3);
  // Measured from the later of the failure and the shell's first render: before that the shell shows nothing.
  const { shownAt, renderAt } = await shownAndRenderStart(page);
  const waited = shownAt - Math.max(firstFailureAt, renderAt);
  expect(waited, 'ms from the failure to the message').toBeLessThanOrEqual(
    breakage.answer ? FINAL_SHOWN_WITHIN_MS : HANG_SHOWN_WITHIN_MS,
  );
  await expect(page.getByRole('link', { name: texts.startPage })).toBeVisible();

  // Fixed on the server: "Try again" loads it without a page reload. A request that never got an answer ends
  // now, as it does when a stuck server restarts (the remote's webpack would wait for a chunk up to 120 s).
  outage = false;
  await Promise.all(held.map((route) => route.abort('connectionreset').catch(() => undefined)));
  await page.evaluate(() => Object.assign(window, { beforeTryAgain: true }));
  await fallback.getByRole('button', { name: texts.retry }).click();
  await expect(
    page.locator(`[data-remote="${broken}"]`).getByRole('heading', { level: 1, name: HOME_OF[broken].heading[lang] }),
  ).toBeVisible();
  expect(await page.evaluate(() => 'beforeTryAgain' in window), 'the same page, not reloaded').toBe(true);

  const unexpected = pageErrors.filter((e) => !(breakage.pageError && breakage.pageError.test(e)));
  expect(unexpected, unexpected.join('\n')).toEqual([]);
  if (breakage.pageError) expect(pageErrors.length).toBeGreaterThan(0);
}

interface Case {
  breakage: (typeof BREAKAGES)[number];
  breakageIndex: number;
  broken: RemoteName;
  lang: Language;
}

/** Each breakage with each remote it is tried on, in both languages in turn (each remote in both too). */
const CASES: Case[] = BREAKAGES.flatMap((breakage, breakageIndex) =>
  (breakage.remotes ?? (Object.keys(REMOTE_PACKAGES) as RemoteName[])).map((broken, remoteIndex) => ({
    breakage,
    breakageIndex,
    broken,
    lang: (breakageIndex + remoteIndex) % 2 === 0 ? ('en' as const) : ('sv' as const),
  })),
);
const caseName = ({ breakage, broken, lang }: Case) => `${REMOTE_PACKAGES[broken]} (${lang}): ${breakage.name}`;

test.describe('a remote down, missing or corrupt: its part says so at once, the rest works', () => {
  // The super admin, who may open every remote's page, signed in once for all the tests (each its own browser).
  let superAdmin: StorageState;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await signInStaff(await context.newPage(), SUPER_ADMIN);
    superAdmin = await context.storageState();
    await context.close();
  });

  for (const c of CASES.filter((c) => c.breakage.answer))
    test(caseName(c), ({ browser }) => expectUnavailableThenBack(browser, superAdmin, c));

  // A server that never answers: the message comes at the load deadline, the same whichever file. The three wait for
  // it together, each in its own browser.
  const hanging = CASES.filter((c) => !c.breakage.answer);
  test(`no answer at all: ${hanging.map(caseName).join('; ')}`, async ({ browser }) => {
    await allAtOnce(hanging, caseName, (c) => expectUnavailableThenBack(browser, superAdmin, c));
  });

  test('the shell boots and says so when the registry itself is down', async ({ page }) => {
    let outage = true;
    await page.route('**/api/mfe/registry', (route) =>
      outage ? route.fulfill({ status: 503, body: 'down' }) : route.continue(),
    );
    await page.goto('/');
    await expect(page.getByRole('link', { name: /start page/i })).toBeVisible();
    const fallback = page.locator('[data-remote-unavailable="mfe_flow"]');
    await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible();
    outage = false;
    await fallback.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find your home' })).toBeVisible();
  });
});
