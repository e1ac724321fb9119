import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import type { createApp } from '../../app';
import { publishRelease } from '../../modules/releases/service';
import { startTestWorld, type TestWorld } from '../../../test/test-world';
import { STORE_KINDS, storesOf } from '../../../test/s3-server';

// Built files come with .br and .gz siblings (shared/build/precompress.cjs); the BFF sends the one the browser accepts.
const CHROMIUM = 'gzip, deflate, br, zstd';
const chunk = `/* App */\n${'export const measure = () => "insulation_attic";\n'.repeat(200)}`;
const brotli = zlib.brotliCompressSync(chunk, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
const gzip = zlib.gzipSync(chunk, { level: 9 });
const CHUNK = 'App.abcdef0123.js';

/** A build folder with one chunk and its siblings, and a small file without any. */
function writeBuild(dir: string): void {
  fs.writeFileSync(path.join(dir, CHUNK), chunk);
  fs.writeFileSync(path.join(dir, `${CHUNK}.br`), brotli);
  fs.writeFileSync(path.join(dir, `${CHUNK}.gz`), gzip);
  fs.writeFileSync(path.join(dir, 'plain.0123abcdef.css'), '.card { padding: 1rem; }\n'.repeat(100));
}

function describeEncodings(where: () => { app: ReturnType<typeof createApp>; base: string }) {
  // The body as one Buffer (supertest decodes it): a sibling is told by its Content-Length, the stored size.
  const get = (file: string, accept: string) =>
    request(where().app)
      .get(`${where().base}/${file}`)
      .set('Accept-Encoding', accept)
      .buffer(true)
      .parse((res, done) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => done(null, Buffer.concat(parts)));
      });

  it.each([
    [CHROMIUM, 'br', brotli],
    ['br;q=0, gzip', 'gzip', gzip],
    ['gzip', 'gzip', gzip],
  ])('sends the stored sibling the request accepts (Accept-Encoding: %s → %s)', async (accept, encoding, bytes) => {
    const res = await get(CHUNK, accept).expect(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((res.body as Buffer).toString()).toBe(chunk);
  });

  it('sends the file itself to a request that accepts no encoding', async () => {
    const res = await get(CHUNK, 'identity').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(chunk)));
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect((res.body as Buffer).toString()).toBe(chunk);
  });

  it('has an ETag per encoding, and answers 304 only to the ETag of the encoding it would send', async () => {
    const br = await get(CHUNK, CHROMIUM).expect(200);
    const gz = await get(CHUNK, 'gzip').expect(200);
    const plain = await get(CHUNK, 'identity').expect(200);
    const etags = [br, gz, plain].map((res) => res.headers.etag as string);
    expect(new Set(etags).size).toBe(3);
    await get(CHUNK, CHROMIUM).set('If-None-Match', br.headers.etag).expect(304);
    await get(CHUNK, 'gzip').set('If-None-Match', gz.headers.etag).expect(304);
    await get(CHUNK, 'identity').set('If-None-Match', plain.headers.etag).expect(304);
    const other = await get(CHUNK, 'gzip').set('If-None-Match', br.headers.etag).expect(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('compresses a file without siblings as it is sent', async () => {
    const res = await get('plain.0123abcdef.css', CHROMIUM).expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    expect((res.body as Buffer).toString()).toBe('.card { padding: 1rem; }\n'.repeat(100));
  });

  it.each([`${CHUNK}.br`, `${CHUNK}.gz`, `${CHUNK}%2Ebr`])('answers 404 for a sibling asked by its name (%s)', (file) =>
    get(file, CHROMIUM).expect(404),
  );

  it('sends no cookie with a file', async () => {
    const res = await get(CHUNK, CHROMIUM).expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const again = await get(CHUNK, CHROMIUM).set('Cookie', 'next-auth.session-token=whatever').expect(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('keeps the security headers on a sibling', async () => {
    const res = await get(CHUNK, CHROMIUM).expect(200);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeTruthy();
  });
}

describe.each(STORE_KINDS)('a release file with siblings (%s store)', (kind) => {
  let world: TestWorld;
  let closeStores: () => Promise<void>;
  let base = '';
  beforeAll(async () => {
    const { stores, close } = await storesOf(kind);
    closeStores = close;
    world = await startTestWorld({ stores });
    const dist = world.fixtures.writeRemote('precompressed');
    writeBuild(dist);
    // A chunk changed after the build: its siblings still hold the code before.
    fs.writeFileSync(path.join(dist, 'Changed.abcdef0123.js'), chunk.replace('attic', 'walls'));
    fs.writeFileSync(path.join(dist, 'Changed.abcdef0123.js.br'), brotli);
    const release = await publishRelease(
      world.database.db,
      { releasesDir: world.fixtures.releasesDir, SHELL_DIST: world.fixtures.shellDist, releaseStore: stores?.releases },
      { remote: 'mfe-results', distDir: dist, releasedBy: 'test', activate: 'always' },
    );
    base = `/mfe/mfe-results/${release.version}`;
  });
  afterAll(async () => {
    await world.close();
    await closeStores();
  });

  describeEncodings(() => ({ app: world.app, base }));

  it('leaves out a sibling that does not hold its file, and sends the file as it is', async () => {
    const res = await request(world.app)
      .get(`${base}/Changed.abcdef0123.js`)
      .set('Accept-Encoding', CHROMIUM)
      .expect(200);
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.text).toBe(chunk.replace('attic', 'walls'));
  });

  it('answers HEAD with the sibling’s length and no body', async () => {
    const res = await request(world.app).head(`${base}/${CHUNK}`).set('Accept-Encoding', CHROMIUM).expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String(brotli.length));
  });
});

describe('a shell file with siblings', () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await startTestWorld();
    writeBuild(world.fixtures.shellDist);
  });
  afterAll(() => world.close());

  describeEncodings(() => ({ app: world.app, base: '' }));

  it('leaves client routes to the HTML page and /api to the API', async () => {
    const page = await request(world.app).get('/console').set('Accept', 'text/html').expect(200);
    expect(page.headers['content-type']).toMatch(/html/);
    await request(world.app).get('/api/nothing.js').expect(404).expect('Content-Type', /json/);
  });
});
