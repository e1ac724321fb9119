import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { shellFiles, type ShellFilesOptions } from '../static';
import type { ServedRemote } from '../release-pages';
import { pagesFileSchema, type PagesFile } from '../../modules/releases/pages-file';
import { pagesFile } from '@home-energy/shared/build/pages';

// A page a visitor lands on is answered with the shell's first-paint page (its top bar, per language) holding the
// page's frame and CSS from the release of its remote that this visitor is served (its pages.json, as the remote's
// build makes it): a remote's release changes its first paint, the shell's build does not. A staff page's frame is
// only for a session the console answers; every other client route gets the plain index.html.
let shellDist: string;

/** The pages file a remote's build makes from its own pages.cjs; `edit` changes it as a new release of it would. */
function pagesOf(pkg: string, edit?: (pages: PagesFile) => void): PagesFile {
  const declared = require(path.resolve(__dirname, '..', '..', '..', '..', pkg, 'pages.cjs'));
  const pages = pagesFileSchema.parse(pagesFile(pkg, declared));
  edit?.(pages);
  return pages;
}

const REMOTES = ['mfe-flow', 'mfe-results', 'mfe-console', 'mfe-admin'];
let served: ServedRemote[];

function app(staff?: boolean, pageState?: ShellFilesOptions['pageState']) {
  const server = express();
  server.use(
    shellFiles(shellDist, {
      servedRemotes: async () => served,
      ...(staff === undefined ? {} : { consoleSession: async () => staff }),
      pageState,
    }),
  );
  return server;
}

/** The shell's first-paint page (shell/first-paint.cjs) for one top bar and language, as the test reads it back. */
const shellPage = (bar: string, lng: string) =>
  `<!doctype html><html lang="en"><head><title>{{first-paint:title}}</title><style>/*first-paint:css*/</style>` +
  `</head><body><div id="first-paint" data-bar="${bar}.${lng}"><a href="{{first-paint:sign-in}}">Sign in</a>` +
  `{{first-paint:page}}</div><div id="root"></div>`;

beforeEach(() => {
  shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<div id="root"></div>');
  fs.mkdirSync(path.join(shellDist, 'first-paint'));
  for (const bar of ['anonymous', 'homeowner', 'console'])
    for (const lng of ['en', 'sv'])
      fs.writeFileSync(path.join(shellDist, 'first-paint', `${bar}.${lng}.html`), shellPage(bar, lng));
  served = REMOTES.map((pkg) => ({
    name: pkg.replace('-', '_'),
    package: pkg,
    version: '1.0.0-aaaaaaaaaa',
    pages: pagesOf(pkg),
  }));
});

afterEach(() => fs.rmSync(shellDist, { recursive: true, force: true }));

const get = (url: string, languages = 'en', cookie = '') =>
  request(app(true)).get(url).set('Accept', 'text/html').set('Accept-Language', languages).set('Cookie', cookie);

describe("static first paints from the visitor's releases", () => {
  it.each([
    ['/', 'sv-SE,sv;q=0.9,en;q=0.8', 'Hitta ditt hem'],
    ['/', 'en-US,en;q=0.9', 'Find your home'],
    ['/flow', 'sv', 'Hitta ditt hem'],
    ['/', 'de-DE,de;q=0.9,sv;q=0.5', 'Hitta ditt hem'],
    ['/?lang=en', 'sv-SE', 'Find your home'],
    ['/property/42/building/primary/results-dashboard', 'en', 'Your home&#39;s energy results'],
    ['/flow/property/42/questions', 'en', 'About your home'],
    ['/flow/add-property', 'en', 'Add a property'],
    ['/sign', 'en', 'Sign in with BankID'],
    ['/console/org/demo-energi/properties', 'en', 'Properties'],
    ['/console/admin', 'en', 'Organisations'],
    ['/console/admin/releases', 'sv', 'Versioner'],
  ])('GET %s (Accept-Language: %s) shows "%s" with its CSS and title', async (url, languages, heading) => {
    const res = await get(url, languages).expect(200);
    expect(res.text).toContain(`<h1>${heading}</h1>`);
    expect(res.text).not.toContain('{{first-paint:');
    expect(res.text).not.toContain('/*first-paint:css*/');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it("opens with the console's top bar under /console, a sign-in link only for a visitor without session", async () => {
    expect((await get('/console/admin')).text).toContain('data-bar="console.en"');
    expect((await get('/sign')).text).toContain('data-bar="anonymous.en"');
    expect((await get('/sign', 'en', 'he.session=s%3Aany.sig')).text).toContain('data-bar="homeowner.en"');
  });

  it('signs a visitor in from the static bar back to the page they are on, as the app does', async () => {
    const dashboard = '/property/42/building/primary/results-dashboard';
    expect((await get(dashboard)).text).toContain(
      `<a href="/sign?redirect=${encodeURIComponent(dashboard)}">Sign in</a>`,
    );
    expect((await get('/?lang=en')).text).toContain(
      `<a href="/sign?redirect=%2F&amp;asPath=${encodeURIComponent('/?lang=en')}">Sign in</a>`,
    );
    expect((await get('/sign')).text).toContain('<a href="/sign">Sign in</a>');
  });

  it("names the page's remote for the shell's first render", async () => {
    fs.writeFileSync(path.join(shellDist, 'index.html'), '<html><head></head><body><div id="root"></div>');
    expect((await get('/console/admin/releases')).text).toContain('<meta name="he-page-remote" content="mfe_admin">');
    expect((await get('/no-such-page')).text).toContain('<meta name="he-page-remote" content="mfe_flow">');
  });

  it("serves the visitor's release: another release of a remote, another heading, no shell build", async () => {
    const flow = served.find((r) => r.package === 'mfe-flow')!;
    flow.version = '1.0.1-bbbbbbbbbb';
    flow.pages = pagesOf('mfe-flow', (pages) => {
      pages.pages.search!.frame!.en = {
        title: 'Your home, its energy',
        html: '<section class="flow-search"><h1>Your home, its energy</h1></section>',
      };
    });
    const res = await get('/').expect(200);
    expect(res.text).toContain('<h1>Your home, its energy</h1>');
    expect(res.text).not.toContain('Find your home');
  });

  it("draws a console page's frame only for a session the console answers", async () => {
    const signedOut = await request(app(false)).get('/console/org/demo-energi/properties').set('Accept', 'text/html');
    expect(signedOut.text).toBe('<div id="root"></div>');
    const noCheck = await request(app()).get('/console/admin').set('Accept', 'text/html');
    expect(noCheck.text).not.toContain('id="first-paint"');
  });

  it('draws no frame where the page keeps none or its params break its rules, nor without shell pages', async () => {
    for (const url of ['/console', '/console/admin/audit', '/flow/property/abc/questions', '/privacy'])
      expect([url, (await get(url)).text.includes('id="first-paint"')]).toEqual([url, false]);
    fs.rmSync(path.join(shellDist, 'first-paint'), { recursive: true });
    expect((await get('/')).text).not.toContain('id="first-paint"');
  });

  describe('a dashboard link nobody in this session has answered for', () => {
    const dashboard = '/property/42/building/primary/results-dashboard';
    const asked: unknown[] = [];
    const withState = (state: string | null | Error) =>
      app(true, async (_req, rule, params) => {
        asked.push([rule, params]);
        if (state instanceof Error) throw state;
        return state;
      });
    const html = async (state: string | null | Error, languages = 'en') =>
      (await request(withState(state)).get(dashboard).set('Accept', 'text/html').set('Accept-Language', languages))
        .text;

    it("opens with the app's way to the questions of that home, not a calculating line", async () => {
      const page = await html('no-profile');
      expect(asked.at(-1)).toEqual(['property-profile', { id: '42', building: 'primary' }]);
      expect(page).toContain('<h2>We don&#39;t know this home yet</h2>');
      expect(page).toContain('<a class="he-button he-button--secondary" href="/flow/property/42/questions">');
      expect(page).toContain('<a class="he-button" href="/">Start from the address search</a>');
      expect(page).toContain('data-reveal="settled"');
      expect(page).not.toContain('Calculating');
      expect(await html('no-profile', 'sv')).toContain('<h2>Vi känner inte till det här hemmet än</h2>');
    });

    it('says there is no such property, with no questions to answer, for an id no property has', async () => {
      const page = await html('no-property');
      expect(page).toContain('<h2>No such property</h2>');
      expect(page).not.toContain('/questions');
    });

    it('opens with the calculating frame for a home with answers, or when the state cannot be read', async () => {
      for (const state of [null, new Error('database down'), 'a state the release draws no frame for']) {
        const page = await html(state);
        expect(page).toContain('Calculating your home&#39;s results');
        expect(page).not.toContain('data-reveal');
      }
    });

    it('asks no state for a page whose frame does not depend on one', async () => {
      asked.length = 0;
      await request(withState('no-profile')).get('/flow/property/42/questions').set('Accept', 'text/html');
      expect(asked).toEqual([]);
    });
  });

  it('gives every route the plain index.html when no release can be read', async () => {
    served = [];
    const res = await get('/').expect(200);
    expect(res.text).toBe('<div id="root"></div>');
  });
});

describe('<html lang> from the first byte', () => {
  const built = '<!doctype html><html lang="en"><head><title>Home Energy</title></head><body><div id="root"></div>';

  it.each([
    ['/property/42/building/primary/results-dashboard/more', 'sv-SE,sv;q=0.9,en;q=0.8', 'sv'],
    ['/console', 'sv', 'sv'],
    ['/console', 'en-GB,en;q=0.9,sv;q=0.8', 'en'],
    ['/console?lang=sv', 'en-GB', 'sv'],
    ['/console?lang=en', 'sv', 'en'],
    ['/console', 'de-DE', 'en'],
  ])('GET %s (Accept-Language: %s) is a page in "%s"', async (url, languages, lng) => {
    fs.writeFileSync(path.join(shellDist, 'index.html'), built);
    const res = await request(app()).get(url).set('Accept', 'text/html').set('Accept-Language', languages).expect(200);
    expect(res.text.startsWith(`<!doctype html><html lang="${lng}"><head>`)).toBe(true);
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it.each([
    ['/console', 'lang=sv', 'en-GB', 'sv'],
    ['/console', 'lang=sv-SE', 'en-GB', 'sv'],
    ['/console', 'other=1; lang=en', 'sv-SE', 'en'],
    ['/console?lang=en', 'lang=sv', 'sv', 'en'],
    ['/console', 'lang=de', 'sv', 'sv'],
    ['/console', 'xlang=sv', 'en', 'en'],
  ])(
    "GET %s (Cookie: %s, Accept-Language: %s): the language chosen in the app wins over the browser's",
    async (url, cookie, languages, lng) => {
      fs.writeFileSync(path.join(shellDist, 'index.html'), built);
      const res = await request(app())
        .get(url)
        .set('Accept', 'text/html')
        .set('Cookie', cookie)
        .set('Accept-Language', languages)
        .expect(200);
      expect(res.text.startsWith(`<!doctype html><html lang="${lng}"><head>`)).toBe(true);
      expect(res.headers.vary).toMatch(/Cookie/);
    },
  );

  it('says the language of a static first paint too, and adds it to a page built without one', async () => {
    fs.writeFileSync(
      path.join(shellDist, 'first-paint', 'anonymous.sv.html'),
      '<!DOCTYPE html><HTML class="x">{{first-paint:page}}',
    );
    const res = await request(app()).get('/').set('Accept', 'text/html').set('Accept-Language', 'sv').expect(200);
    expect(res.text.startsWith('<!DOCTYPE html><HTML lang="sv" class="x"><section class="flow-search">')).toBe(true);
  });
});
