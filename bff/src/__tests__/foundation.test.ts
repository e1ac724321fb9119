import { createHash } from 'node:crypto';
import request from 'supertest';
import { PAINT_FIRST_SCRIPT, PAINT_FIRST_SCRIPT_HASH } from '@home-energy/shared/paint-first';
import type { createApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { activateRelease, publishRelease, ReleaseError } from '../modules/releases/service';
import { createTestDatabase } from '../../test/test-database';
import { makeBuildFixtures, SHELL_SHARED } from '../../test/fixtures';
import { createTestApp } from '../../test/test-app';
import { startTestWorld, type TestWorld, type BuildFixtures } from '../../test/test-world';

let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  world = await startTestWorld();
  ({ database, fixtures, app } = world);
});

afterAll(() => world.close());

const settings = () => ({ releasesDir: fixtures.releasesDir, SHELL_DIST: fixtures.shellDist });

describe('registry and releases', () => {
  it('answers an empty registry before any release, private and not cached, saying it is the demo', async () => {
    const res = await request(app).get('/api/mfe/registry').expect(200);
    expect(res.body).toEqual({ remotes: [], demo: true, vitalsSample: 1 });
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  let firstVersion = '';
  it('publishes a build and lists it with an absolute manifest URL on this origin', async () => {
    const result = await publishRelease(database.db, settings(), {
      remote: 'mfe-results',
      distDir: fixtures.writeRemote('one'),
      releasedBy: 'test',
      activate: 'always',
    });
    expect(result).toMatchObject({ remote: 'mfe-results', created: true, activated: true });
    expect(result.version).toMatch(/^1\.2\.0-[0-9a-f]{10}$/);
    firstVersion = result.version;
    const res = await request(app).get('/api/mfe/registry').set('Host', 'example.test').expect(200);
    expect(res.body.remotes).toEqual([
      {
        name: 'mfe_results',
        package: 'mfe-results',
        version: firstVersion,
        entry: `http://example.test/mfe/mfe-results/${firstVersion}/mf-manifest.json`,
        // Where the shell mounts it and its routes below with their pages, as the release's pages file says
        // (test/fixtures.ts).
        routes: [{ path: '*' }],
        pageRoutes: [
          { index: true, page: 'home' },
          { path: 'property/1/building/primary/results-dashboard', page: 'published-0' },
        ],
      },
    ]);
  });

  it('serves release files: entry files revalidated, hashed chunks immutable, unknown files 404', async () => {
    const base = `/mfe/mfe-results/${firstVersion}`;
    const manifest = await request(app).get(`${base}/mf-manifest.json`).expect(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.body.name).toBe('mfe_results');
    const entry = await request(app).get(`${base}/remoteEntry.js`).expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await request(app).get(`${base}/__federation_expose_App.abcdef0123.js`).expect(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(app).get(`${base}/nope.js`).expect(404);
    await request(app).get('/mfe/mfe-results/0.0.0-missing/mf-manifest.json').expect(404);
  });

  it('does not record the same build twice, and a new build becomes the active release', async () => {
    const again = await publishRelease(database.db, settings(), {
      remote: 'mfe-results',
      distDir: fixtures.writeRemote('one'),
      releasedBy: 'test',
      activate: 'if-new-or-none',
    });
    expect(again).toMatchObject({ version: firstVersion, created: false, activated: false });
    const second = await publishRelease(database.db, settings(), {
      remote: 'mfe-results',
      distDir: fixtures.writeRemote('two'),
      releasedBy: 'test',
      activate: 'always',
    });
    expect(second.version).not.toBe(firstVersion);
    const res = await request(app).get('/api/mfe/registry').expect(200);
    expect(res.body.remotes[0].version).toBe(second.version);
  });

  it('rolls back by activating the earlier version, without touching the files', async () => {
    await activateRelease(database.db, settings(), 'mfe-results', firstVersion, 'test');
    const res = await request(app).get('/api/mfe/registry').expect(200);
    expect(res.body.remotes).toHaveLength(1);
    expect(res.body.remotes[0].version).toBe(firstVersion);
    await expect(activateRelease(database.db, settings(), 'mfe-results', '9.9.9-nothere', 'test')).rejects.toThrow(
      'mfe-results has no release 9.9.9-nothere',
    );
  });

  it('refuses a release whose shared singletons the shell cannot satisfy, naming library and versions', async () => {
    const incompatible = SHELL_SHARED.map((s) =>
      s.name === 'react' ? { ...s, version: '20.0.0', requiredVersion: '^20.0.0' } : s,
    );
    const attempt = publishRelease(database.db, settings(), {
      remote: 'mfe-results',
      distDir: fixtures.writeRemote('react20', incompatible),
      releasedBy: 'test',
      activate: 'always',
    });
    await expect(attempt).rejects.toThrow(ReleaseError);
    await expect(attempt).rejects.toThrow('react: the remote requires ^20.0.0 but the shell provides 19.3.1');
    const res = await request(app).get('/api/mfe/registry').expect(200);
    expect(res.body.remotes[0].version).toBe(firstVersion);
  });

  it('refuses a build of another remote and a singleton the shell does not provide', async () => {
    const wrongName = publishRelease(database.db, settings(), {
      remote: 'mfe-flow',
      distDir: fixtures.writeRemote('named-results'),
      releasedBy: 'test',
      activate: 'always',
    });
    await expect(wrongName).rejects.toThrow('holds the build of mfe_results, not mfe-flow');
    const extra = [...SHELL_SHARED, { name: 'zustand', version: '5.0.0', singleton: true, requiredVersion: '^5.0.0' }];
    const extraSingleton = publishRelease(database.db, settings(), {
      remote: 'mfe-results',
      distDir: fixtures.writeRemote('extra', extra),
      releasedBy: 'test',
      activate: 'always',
    });
    await expect(extraSingleton).rejects.toThrow('the shell does not provide the singleton zustand');
  });
});

describe('API errors', () => {
  it('answers unknown /api routes with a JSON 404 for any method', async () => {
    const get = await request(app).get('/api/does-not-exist').expect(404);
    expect(get.body).toEqual({ error: 'not_found', message: 'No API route GET /api/does-not-exist' });
    const post = await request(app).post('/api/flow/nothing').send({ a: 1 }).expect(404);
    expect(post.body.error).toBe('not_found');
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await request(app)
      .post('/api/mfe/registry')
      .set('Content-Type', 'application/json')
      .send('{"broken":')
      .expect(400);
    expect(res.body.error).toBe('entity.parse.failed');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js/);
  });

  it('refuses a body over the size limit with 413', async () => {
    await request(app)
      .post('/api/anything')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ big: 'x'.repeat(200_000) }))
      .expect(413);
  });
});

describe('health and the shell', () => {
  it('is healthy and ready with a migrated database', async () => {
    await request(app).get('/healthz').expect(200, { status: 'ok' });
    await request(app).get('/readyz').expect(200, { status: 'ready' });
  });

  it('serves index.html for client routes, assets with cache headers, and 404 for missing files', async () => {
    for (const route of [
      '/',
      '/flow/questions',
      '/property/1/building/primary/results-dashboard',
      '/console/org/acme/properties',
    ]) {
      const res = await request(app).get(route).set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const js = await request(app).get('/main.0123456789.js').expect(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(app).get('/main.missing.js').expect(404);
    const locale = await request(app).get('/locales/en/common.json').expect(200);
    expect(locale.body.reload).toBe('Reload');
    await request(app).get('/locales/xx/common.json').expect(404);
  });
});

describe('Content-Security-Policy', () => {
  it("allows the first-paint pages' inline starter by its hash, and no other inline script", async () => {
    const res = await request(app).get('/').set('Accept', 'text/html').expect(200);
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc?.split(' ').slice(1)).toEqual(["'self'", PAINT_FIRST_SCRIPT_HASH]);
    expect(PAINT_FIRST_SCRIPT_HASH).toBe(
      `'sha256-${createHash('sha256').update(PAINT_FIRST_SCRIPT).digest('base64')}'`,
    );
  });
});

describe('readiness without a database', () => {
  it('reports 503 with a retry hint when the database is gone', async () => {
    const lost = await createTestDatabase();
    const fx = makeBuildFixtures();
    const lonely = createTestApp(lost, fx);
    await lost.close();
    const res = await request(lonely).get('/readyz').expect(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body.status).toBe('unavailable');
    await request(lonely).get('/healthz').expect(200);
    fx.cleanup();
  });
});
