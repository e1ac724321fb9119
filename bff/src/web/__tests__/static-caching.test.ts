import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { createApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { publishRelease } from '../../modules/releases/service';
import { startTestWorld, type TestWorld, type BuildFixtures } from '../../../test/test-world';
import { STORE_KINDS, storesOf } from '../../../test/s3-server';

// What browsers and proxies may keep, and for how long: a release switches what the entry files point to, so those
// are revalidated on every load, while content-hashed chunks never change under their name.
const IMMUTABLE = 'public, max-age=31536000, immutable';

let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: ReturnType<typeof createApp>;
let base = '';
let closeStores: () => Promise<void>;

// Real bundles are kilobytes: big enough for compression's 1 KB threshold.
const chunk = `/* App */\n${'export const measure = () => "insulation_attic";\n'.repeat(200)}`;
const styles = `${'.card { padding: 1rem; color: #1b3a2f; }\n'.repeat(100)}`;

const startWorld = async (kind: (typeof STORE_KINDS)[number]) => {
  const { stores, close } = await storesOf(kind);
  closeStores = close;
  world = await startTestWorld({ stores });
  ({ database, fixtures, app } = world);
  const dist = fixtures.writeRemote('static');
  fs.writeFileSync(path.join(dist, '__federation_expose_App.abcdef0123.js'), chunk);
  fs.writeFileSync(path.join(dist, '__federation_expose_App.0123abcdef.css'), styles);
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `var mfe_results;\n${'/* entry */\n'.repeat(200)}`);
  const release = await publishRelease(
    database.db,
    { releasesDir: fixtures.releasesDir, SHELL_DIST: fixtures.shellDist, releaseStore: stores?.releases },
    { remote: 'mfe-results', distDir: dist, releasedBy: 'test', activate: 'always' },
  );
  base = `/mfe/mfe-results/${release.version}`;
};

// The same behaviour whether the release store is a local folder or an S3 bucket.
describe.each(STORE_KINDS)('remote files under /mfe (%s store)', (kind) => {
  beforeAll(() => startWorld(kind));
  afterAll(async () => {
    await world.close();
    await closeStores();
  });

  it.each([
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['br, gzip', 'br'],
  ])(
    'sends hashed JS and CSS compressed (Accept-Encoding: %s → %s) and cacheable for a year',
    async (accept, encoding) => {
      for (const file of ['__federation_expose_App.abcdef0123.js', '__federation_expose_App.0123abcdef.css']) {
        const res = await request(app).get(`${base}/${file}`).set('Accept-Encoding', accept).expect(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['cache-control']).toBe(IMMUTABLE);
        expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      }
    },
  );

  it('sends the uncompressed file to a client that accepts no encoding', async () => {
    const res = await request(app)
      .get(`${base}/__federation_expose_App.abcdef0123.js`)
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe(chunk);
  });

  it.each(['mf-manifest.json', 'remoteEntry.js'])(
    'has the browser revalidate %s, answering 304 while it is unchanged',
    async (file) => {
      const first = await request(app).get(`${base}/${file}`).set('Accept-Encoding', 'gzip').expect(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.etag).toBeTruthy();
      const again = await request(app)
        .get(`${base}/${file}`)
        .set('Accept-Encoding', 'gzip')
        .set('If-None-Match', first.headers.etag)
        .expect(304);
      expect(again.text).toBe('');
      expect(again.headers['cache-control']).toBe('no-cache');
    },
  );

  it('compresses the remote entry (it is JavaScript like any chunk)', async () => {
    const res = await request(app).get(`${base}/remoteEntry.js`).set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers 404 for a missing file, a hidden file, a path out of the store and a source map', async () => {
    for (const file of ['nothing.js', '.staging', '..%2F..%2Fetc%2Fpasswd', 'remoteEntry.js.map']) {
      await request(app).get(`${base}/${file}`).expect(404);
    }
  });
});

describe('the shell', () => {
  beforeAll(() => startWorld('folder'));
  afterAll(async () => {
    await world.close();
    await closeStores();
  });
  it('has the browser revalidate index.html, so a new shell build is picked up on the next load', async () => {
    const page = await request(app).get('/console').set('Accept', 'text/html').expect(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toBeTruthy();
    await request(app).get('/console').set('Accept', 'text/html').set('If-None-Match', page.headers.etag).expect(304);
  });
});
