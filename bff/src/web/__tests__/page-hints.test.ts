import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { shellFiles } from '../static';
import { pageHints, type ActiveRelease } from '../page-hints';
import { matchPage, pageDataPaths, releasePagesReader, type ServedRemote } from '../release-pages';
import { localFolderStore } from '../../storage/local-folder-store';
import { pagesFile } from '@home-energy/shared/build/pages';

// The HTML names the page's remote files (the manifest, entry, App chunks and texts of the release the visitor is
// served) so the browser fetches them with the shell instead of at the end of the registry → manifest → entry → App
// chain, and the API answers the page waits for, as the page's release declares them (its pages.json). The releases
// carry the remotes' own pages files, as their builds make them.
let dir: string;
let shellDist: string;
let releasesDir: string;
let active: ActiveRelease[];
let failing = false;
// The session store's verdict (auth/session-user.ts, tested there): only this cookie is a valid console session.
const VALID_SESSION = 'he.session=s%3Avalid.sig';
let storeFails = false;
const validSession = async (req: express.Request) => {
  if (storeFails) throw new Error('session store down');
  return (req.headers.cookie ?? '').includes(VALID_SESSION);
};
// Likewise the only cookie of a signed-in homeowner; how often the store is asked.
const HOMEOWNER_SESSION = 'he.session=s%3Ahomeowner.sig';
let homeownerReads = 0;
const homeownerSession = async (req: express.Request) => {
  homeownerReads += 1;
  if (storeFails) throw new Error('session store down');
  return (req.headers.cookie ?? '').includes(HOMEOWNER_SESSION);
};

const SHELL_HTML =
  '<!doctype html><html><head><title>Home energy</title><script defer ' +
  'src="/main.abcdef0123.js"></script></head><body><div id="root"></div></body></html>';

function writeRelease(
  pkg: string,
  version: string,
  app: { js: string[]; css: string[] },
  namespace: string,
  pageFiles: Record<string, string[]> = {},
  named?: Record<string, string[]>,
) {
  const base = path.join(releasesDir, pkg, version);
  for (const lng of ['en', 'sv']) {
    fs.mkdirSync(path.join(base, 'locales', lng), { recursive: true });
    fs.writeFileSync(path.join(base, 'locales', lng, `${namespace}.json`), '{}');
  }
  const manifest = {
    name: pkg.replace('-', '_'),
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    shared: [],
    exposes: [
      {
        id: `${pkg}:App`,
        name: 'App',
        path: './App',
        assets: { js: { sync: app.js, async: ['40.f30c214338.js'] }, css: { sync: app.css, async: [] } },
      },
    ],
  };
  fs.writeFileSync(path.join(base, 'mf-manifest.json'), JSON.stringify(manifest));
  const declared = require(path.resolve(__dirname, '..', '..', '..', '..', pkg, 'pages.cjs'));
  fs.writeFileSync(path.join(base, 'pages.json'), JSON.stringify(pagesFile(pkg, declared, pageFiles, named)));
}

/** The remotes served, each with its release's pages (as modules/releases/routes.ts servedRemotes answers). */
async function served(): Promise<ServedRemote[]> {
  if (failing) throw new Error('database down');
  const pagesOf = releasePagesReader(localFolderStore(releasesDir));
  return Promise.all(
    active.map(async ({ remote, version }) => ({
      name: remote.replace('-', '_'),
      package: remote,
      version,
      pages: await pagesOf(remote, version),
    })),
  );
}

function app() {
  const server = express();
  server.use(
    shellFiles(shellDist, {
      servedRemotes: served,
      pageHints: pageHints({ releasesDir }),
      consoleSession: validSession,
      homeownerSession,
    }),
  );
  return server;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="preload"[^>]*>/g)].map(([tag]) => tag);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-hints-'));
  shellDist = path.join(dir, 'shell');
  releasesDir = path.join(dir, 'releases');
  fs.mkdirSync(shellDist);
  fs.writeFileSync(path.join(shellDist, 'index.html'), SHELL_HTML);
  writeRelease(
    'mfe-results',
    '0.1.0-aaaaaaaaaa',
    {
      js: ['542.f31f48ad47.js', '__federation_expose_App.758a923fcb.js'],
      css: ['__federation_expose_App.5ce774ca54.css'],
    },
    'results',
  );
  writeRelease('mfe-flow', '0.1.0-bbbbbbbbbb', { js: ['__federation_expose_App.2f04ba0d8f.js'], css: [] }, 'flow');
  writeRelease(
    'mfe-console',
    '0.1.0-cccccccccc',
    { js: ['__federation_expose_App.3e04ba0d8f.js'], css: [] },
    'console',
    // As the build finds them (pages.cjs pageChunkFiles): a chunk the analytics pages share, then the page's own.
    {
      activities: ['7817.da5294c603.js', 'page-activities.d56fcc2e5d.js'],
      users: ['7817.da5294c603.js', 'page-users.2e60b94b6a.js'],
      configuration: ['page-configuration.be8d888062.css', 'page-configuration.be8d888062.js'],
    },
    // The chunks named by webpackChunkName (pages.cjs namedChunkFiles): the chart library the users page lists.
    { chart: ['458.123987a4e7.js', '5435.a7e95e186b.css', '5435.f16cf0356a.js'] },
  );
  writeRelease('mfe-admin', '0.1.0-dddddddddd', { js: ['__federation_expose_App.4e04ba0d8f.js'], css: [] }, 'admin');
  active = [
    { remote: 'mfe-flow', version: '0.1.0-bbbbbbbbbb' },
    { remote: 'mfe-results', version: '0.1.0-aaaaaaaaaa' },
    { remote: 'mfe-console', version: '0.1.0-cccccccccc' },
    { remote: 'mfe-admin', version: '0.1.0-dddddddddd' },
  ];
  failing = false;
  storeFails = false;
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('preload hints in the HTML', () => {
  it("names the dashboard's remote files of the active release, in the page's language, after the shell", async () => {
    const res = await request(app())
      .get('/property/42/building/primary/results-dashboard')
      .set('Accept', 'text/html')
      .set('Accept-Language', 'sv-SE')
      .expect(200);
    const base = '/mfe/mfe-results/0.1.0-aaaaaaaaaa';
    const api = '/api/flow/property/42/building/primary';
    expect(preloads(res.text)).toEqual([
      '<link rel="preload" as="fetch" href="/locales/sv/common.json" crossorigin fetchpriority="low">',
      // The answers the page is usable with (mfe-results' routes.json), then its release's files.
      `<link rel="preload" as="fetch" href="${api}/recommendations" crossorigin fetchpriority="low">`,
      `<link rel="preload" as="fetch" href="${api}/information" crossorigin fetchpriority="low">`,
      `<link rel="preload" as="fetch" href="/api/flow/property/42/plan" crossorigin fetchpriority="low">`,
      `<link rel="preload" as="fetch" href="/api/flow/property/42/plan/suggestions" crossorigin fetchpriority="low">`,
      `<link rel="preload" as="fetch" href="${base}/mf-manifest.json" crossorigin fetchpriority="low">`,
      `<link rel="preload" as="script" href="${base}/remoteEntry.js" fetchpriority="low">`,
      `<link rel="preload" as="style" href="${base}/__federation_expose_App.5ce774ca54.css" fetchpriority="low">`,
      `<link rel="preload" as="script" href="${base}/542.f31f48ad47.js" fetchpriority="low">`,
      `<link rel="preload" as="script" href="${base}/__federation_expose_App.758a923fcb.js" fetchpriority="low">`,
      `<link rel="preload" as="fetch" href="${base}/locales/sv/results.json" crossorigin fetchpriority="low">`,
    ]);
    // Lazy chunks of the remote are not preloaded, and the shell's own script keeps its place ahead of the hints.
    expect(res.text).not.toContain('40.f30c214338.js');
    expect(res.text.indexOf('/main.abcdef0123.js')).toBeLessThan(res.text.indexOf('rel="preload"'));
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('with a static first paint, asks for every hinted file after that paint, behind the boot chunks', async () => {
    // The shell's first-paint page as shared/build/paint-first.cjs writes it (main.js a preload, the starter after the
    // template) with the slot for the page's frame (shell/first-paint.cjs).
    fs.mkdirSync(path.join(shellDist, 'first-paint'));
    fs.writeFileSync(
      path.join(shellDist, 'first-paint', 'anonymous.en.html'),
      '<!doctype html><html><head><link rel="preload" as="script" href="/main.abcdef0123.js" ' +
        'data-app-entry></head><body><div id="first-paint">{{first-paint:page}}</div><div id="root"></div><template ' +
        'id="after-first-paint"><link rel="preload" as="script" href="/470.50a999b971.js" fetchpriority="low">' +
        '<link rel="preload" as="style" href="/721.c47b49b593.css" fetchpriority="low"></template>' +
        '<script>start()</script></body></html>',
    );
    const res = await request(app())
      .get('/property/42/building/primary/results-dashboard')
      .set('Accept', 'text/html')
      .set('Accept-Language', 'en')
      .expect(200);
    const base = '/mfe/mfe-results/0.1.0-aaaaaaaaaa';
    const api = '/api/flow/property/42/building/primary';
    const [head, body] = res.text.split('</head>');
    expect(body).toContain('<h1>Your home&#39;s energy results</h1>');
    // Only the shell's entry is fetched before the first paint.
    expect(preloads(head)).toEqual(['<link rel="preload" as="script" href="/main.abcdef0123.js" data-app-entry>']);
    const template = body.slice(body.indexOf('<template id="after-first-paint">'), body.indexOf('</template>'));
    expect(preloads(template)).toEqual([
      '<link rel="preload" as="script" href="/470.50a999b971.js" fetchpriority="low">',
      '<link rel="preload" as="style" href="/721.c47b49b593.css" fetchpriority="low">',
      '<link rel="preload" as="fetch" href="/locales/en/common.json" crossorigin fetchpriority="low">',
      // The answers the page is usable with (mfe-results' routes.json), then its release's files.
      `<link rel="preload" as="fetch" href="${api}/recommendations" crossorigin fetchpriority="low">`,
      `<link rel="preload" as="fetch" href="${api}/information" crossorigin fetchpriority="low">`,
      `<link rel="preload" as="fetch" href="/api/flow/property/42/plan" crossorigin fetchpriority="low">`,
      `<link rel="preload" as="fetch" href="/api/flow/property/42/plan/suggestions" crossorigin fetchpriority="low">`,
      `<link rel="preload" as="fetch" href="${base}/mf-manifest.json" crossorigin fetchpriority="low">`,
      `<link rel="preload" as="script" href="${base}/remoteEntry.js" fetchpriority="low">`,
      `<link rel="preload" as="style" href="${base}/__federation_expose_App.5ce774ca54.css" fetchpriority="low">`,
      `<link rel="preload" as="script" href="${base}/542.f31f48ad47.js" fetchpriority="low">`,
      `<link rel="preload" as="script" href="${base}/__federation_expose_App.758a923fcb.js" fetchpriority="low">`,
      `<link rel="preload" as="fetch" href="${base}/locales/en/results.json" crossorigin fetchpriority="low">`,
    ]);
    expect(body.endsWith('</template><script>start()</script></body></html>')).toBe(true);
  });

  it('follows the active release: another version activated, other files named (no rebuild, no restart)', async () => {
    const server = app();
    writeRelease(
      'mfe-results',
      '0.2.0-cccccccccc',
      { js: ['__federation_expose_App.0000000000.js'], css: [] },
      'results',
    );
    active = [{ remote: 'mfe-results', version: '0.2.0-cccccccccc' }];
    const res = await request(server)
      .get('/property/7/building/primary/results-dashboard')
      .set('Accept', 'text/html')
      .expect(200);
    expect(res.text).toContain('/mfe/mfe-results/0.2.0-cccccccccc/__federation_expose_App.0000000000.js');
    expect(res.text).not.toContain('0.1.0-aaaaaaaaaa');
  });

  it("names the flow's files on the address search page and on the flow's pages", async () => {
    for (const url of ['/', '/flow/property/42/questions']) {
      const res = await request(app()).get(url).set('Accept', 'text/html').set('Accept-Language', 'en').expect(200);
      expect(res.text).toContain('/mfe/mfe-flow/0.1.0-bbbbbbbbbb/remoteEntry.js');
      expect(res.text).toContain('/mfe/mfe-flow/0.1.0-bbbbbbbbbb/locales/en/flow.json');
      expect(res.text).not.toContain('mfe-results');
    }
  });

  it('names no remote file without an active release or its manifest, or when the database fails', async () => {
    active = [];
    let res = await request(app()).get('/console').set('Accept', 'text/html').expect(200);
    expect(preloads(res.text)).toEqual([
      '<link rel="preload" as="fetch" href="/locales/en/common.json" crossorigin fetchpriority="low">',
    ]);

    active = [{ remote: 'mfe-results', version: '9.9.9-missing' }];
    res = await request(app())
      .get('/property/42/building/primary/results-dashboard')
      .set('Accept', 'text/html')
      .expect(200);
    expect(preloads(res.text)).toHaveLength(1);

    failing = true;
    res = await request(app())
      .get('/property/42/building/primary/results-dashboard')
      .set('Accept', 'text/html')
      .expect(200);
    expect(preloads(res.text)).toHaveLength(1);
    expect(res.text).toContain('<div id="root"></div>');
  });
});

describe("a page's own chunks, preloaded with the HTML", () => {
  const filePreloads = async (url: string, cookie = VALID_SESSION) => {
    const res = await request(app()).get(url).set('Accept', 'text/html').set('Cookie', cookie).expect(200);
    return preloads(res.text).filter((tag) => tag.includes('/mfe/mfe-console/'));
  };
  const base = '/mfe/mfe-console/0.1.0-cccccccccc';
  const tag = (file: string, as: string) =>
    `<link rel="preload" as="${as}" href="${base}/${file}"${as === 'fetch' ? ' crossorigin' : ''} fetchpriority="low">`;

  it('names the chunks a console page loads when opened, after the App and its texts, CSS as a style', async () => {
    const app = [
      tag('mf-manifest.json', 'fetch'),
      tag('remoteEntry.js', 'script'),
      tag('__federation_expose_App.3e04ba0d8f.js', 'script'),
      tag('locales/en/console.json', 'fetch'),
    ];
    expect(await filePreloads('/console/org/demo-energi/activities')).toEqual([
      ...app,
      tag('7817.da5294c603.js', 'script'),
      tag('page-activities.d56fcc2e5d.js', 'script'),
    ]);
    expect(await filePreloads('/console/org/demo-energi/configuration')).toEqual([
      ...app,
      tag('page-configuration.be8d888062.css', 'style'),
      tag('page-configuration.be8d888062.js', 'script'),
    ]);
    // The home page is in the App itself: nothing more.
    expect(await filePreloads('/console/org/demo-energi')).toEqual(app);
  });

  it("names the chart library with the page whose first view is its chart (its 'chunks'), after its own", async () => {
    expect(await filePreloads('/console/org/demo-energi/users')).toEqual([
      tag('mf-manifest.json', 'fetch'),
      tag('remoteEntry.js', 'script'),
      tag('__federation_expose_App.3e04ba0d8f.js', 'script'),
      tag('locales/en/console.json', 'fetch'),
      tag('7817.da5294c603.js', 'script'),
      tag('page-users.2e60b94b6a.js', 'script'),
      tag('458.123987a4e7.js', 'script'),
      tag('5435.a7e95e186b.css', 'style'),
      tag('5435.f16cf0356a.js', 'script'),
    ]);
    // A page whose table comes before its charts does not wait for the library: it loads when a chart nears the screen.
    expect((await filePreloads('/console/org/demo-energi/activities')).some((t) => t.includes('5435'))).toBe(false);
  });

  it('refuses, when the build writes the pages file, a chunk a page lists that the build does not name', () => {
    const declared = require(path.resolve(__dirname, '..', '..', '..', '..', 'mfe-console', 'pages.cjs'));
    expect(() => pagesFile('mfe-console', declared, {}, { charts: ['5435.f16cf0356a.js'] })).toThrow(
      'mfe-console: page users draws chunk chart, which the build does not name',
    );
  });

  it("names none of a staff page's own chunks for a visitor without a console session (sent to sign in)", async () => {
    const tags = await filePreloads('/console/org/demo-energi/activities', 'he.csrf-token=x');
    expect(tags.some((t) => t.includes('page-activities'))).toBe(false);
    expect(tags.some((t) => t.includes('remoteEntry.js'))).toBe(true);
  });

  it('refuses, when the build writes the pages file, a page chunk no route renders', () => {
    const declared = require(path.resolve(__dirname, '..', '..', '..', '..', 'mfe-console', 'pages.cjs'));
    expect(() => pagesFile('mfe-console', declared, { activites: ['page-activites.0123456789.js'] })).toThrow(
      'mfe-console: page activites is declared but no route of routes.json renders it',
    );
  });
});

describe('the API answers a page waits for, preloaded with the HTML', () => {
  // A signed-in staff member's browser: console pages preload only for a valid console session.
  const dataPreloads = async (url: string, cookie = VALID_SESSION) => {
    const res = await request(app()).get(url).set('Accept', 'text/html').set('Cookie', cookie).expect(200);
    return preloads(res.text).filter((tag) => tag.includes('href="/api/'));
  };
  const fetchTag = (href: string) => `<link rel="preload" as="fetch" href="${href}" crossorigin fetchpriority="low">`;

  it("names the questions' set and the property's answers on the questions page", async () => {
    expect(await dataPreloads('/flow/property/42/questions')).toEqual([
      fetchTag('/api/flow/questions'),
      fetchTag('/api/flow/property/42/answers'),
    ]);
  });

  it("names the organisation and the console page's first analytics query for the period in the address", async () => {
    expect(await dataPreloads('/console/org/demo-energi/properties?from=2026-01-01&to=2026-03-31')).toEqual([
      fetchTag('/api/console/org/demo-energi/details'),
      fetchTag('/api/console/org/demo-energi/analytics/properties?from=2026-01-01&amp;to=2026-03-31'),
    ]);
    expect(await dataPreloads('/console/org/demo-energi/users?period=all')).toEqual([
      fetchTag('/api/console/org/demo-energi/details'),
      fetchTag('/api/console/org/demo-energi/analytics/users'),
    ]);
    expect(await dataPreloads('/console/org/demo-energi')).toEqual([
      fetchTag('/api/console/org/demo-energi/details'),
      fetchTag('/api/console/org/demo-energi/overview'),
    ]);
    const details = fetchTag('/api/console/org/demo-energi/details');
    expect(await dataPreloads('/console/org/demo-energi/account')).toEqual([details]);
  });

  it('names the settings or the list a console work page opens on, where measured to help', async () => {
    const org = '/api/console/org/demo-energi';
    for (const [page, api] of [
      ['configuration', 'configuration'],
      ['user-management', 'users'],
    ])
      expect(await dataPreloads(`/console/org/demo-energi/${page}`)).toEqual([
        fetchTag(`${org}/details`),
        fetchTag(`${org}/${api}`),
      ]);
    // Measured without a gain (docs/decisions/page-data-preload.md): the organisation only.
    expect(await dataPreloads('/console/org/demo-energi/validation')).toEqual([fetchTag(`${org}/details`)]);
  });

  it("names a homeowner's profile on My homes only for a signed-in homeowner", async () => {
    const profile = fetchTag('/api/flow/user/profile');
    expect(await dataPreloads('/flow/profile', HOMEOWNER_SESSION)).toEqual([profile]);
    // A visitor is sent to sign in: a 401 must not wait for them there.
    expect(await dataPreloads('/flow/profile', 'he.csrf-token=x')).toEqual([]);
    expect(await dataPreloads('/flow/profile', VALID_SESSION)).toEqual([]);
    storeFails = true;
    expect(await dataPreloads('/flow/profile', HOMEOWNER_SESSION)).toEqual([]);
    storeFails = false;
    // Pages that declare no homeowner answer never ask the session store.
    homeownerReads = 0;
    await dataPreloads('/flow/property/42/questions', HOMEOWNER_SESSION);
    await dataPreloads('/flow/contact', HOMEOWNER_SESSION);
    expect(homeownerReads).toBe(0);
  });

  it('preloads no console answer without a valid session: a preloaded 401 would be used after signing in', async () => {
    expect(await dataPreloads('/console/org/demo-energi/validation', 'he.csrf-token=x')).toEqual([]);
    expect(await dataPreloads('/console/org/demo-energi', 'he.session=s%3Aexpired.sig')).toEqual([]);
    storeFails = true;
    expect(await dataPreloads('/console/org/demo-energi')).toEqual([]);
    storeFails = false;
    expect(await dataPreloads('/flow/property/42/questions', '')).toEqual([
      fetchTag('/api/flow/questions'),
      fetchTag('/api/flow/property/42/answers'),
    ]);
  });

  it("uses the console's default period (the last 12 months to today, UTC) when the address names none", async () => {
    const today = new Date('2026-11-26T23:30:00Z');
    const match = matchPage(await served(), '/console/org/demo-energi/transition');
    expect(pageDataPaths(match!, new URLSearchParams(), today)).toEqual([
      '/api/console/org/demo-energi/details',
      '/api/console/org/demo-energi/analytics/transition?from=2025-11-27&to=2026-11-26',
    ]);
    // As the page does, a range the API would refuse is read as no range: the preload is the page's own request.
    const refused = new URLSearchParams('period=custom&from=2026-12-01&to=2026-01-01');
    expect(pageDataPaths(match!, refused, today)).toEqual([
      '/api/console/org/demo-energi/details',
      '/api/console/org/demo-energi/analytics/transition?from=2025-11-27&to=2026-11-26',
    ]);
  });

  it("names the super admin's organisations and releases lists, and nothing for the Speed view's window", async () => {
    expect(await dataPreloads('/console/admin')).toEqual([fetchTag('/api/admin/organisations')]);
    expect(await dataPreloads('/console/admin/releases')).toEqual([fetchTag('/api/admin/releases')]);
    expect(await dataPreloads('/console/admin/speed?days=90')).toEqual([]);
    expect(await dataPreloads('/console/admin', 'he.csrf-token=x')).toEqual([]);
  });

  it('names nothing for other pages or for addresses the page itself would not ask with', async () => {
    const pages = [
      '/',
      '/flow/property/0/questions',
      '/flow/property/abc/questions',
      '/console',
      '/console/admin/audit',
    ];
    for (const url of pages) {
      expect(await dataPreloads(url)).toEqual([]);
    }
    expect(await dataPreloads('/console/org/demo%22energi/properties')).toEqual([]);
  });
});
