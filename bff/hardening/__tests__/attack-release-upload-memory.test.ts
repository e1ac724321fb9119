// Attack: a release upload was held in memory (multer memoryStorage) before its 50 MB total was checked: 504 MB in
// files of under 50 MB each got 413, but the BFF's RSS went from 474 to 1,060 MB and stayed there; the per-file and
// file-count limits let one request carry 25 GB. Uploads are now streamed to a staging folder on disk, the running
// total is counted as bytes arrive, and past RELEASE_UPLOAD_MB the request is answered 413 and not read any further
// (docs/releases.md "Uploading a release").
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { startTestWorld, type TestWorld } from '../../test/test-world';
import { releaseTokenOf } from '../../test/release-token';

const MB = 1024 * 1024;
let world: TestWorld;
let server: http.Server;
let port: number;
let token: string;
let staging: string;
let tmpdir: string | undefined;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff], config: { RELEASE_UPLOAD_MB: 50 } });
  ({ token } = await releaseTokenOf(world.app));
  server = http.createServer(world.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  // The upload's staging folder is made under the temporary folder (os.tmpdir() reads TMPDIR): one of this test's own.
  tmpdir = process.env.TMPDIR;
  staging = fs.mkdtempSync(path.join(os.tmpdir(), 'release-staging-test-'));
  process.env.TMPDIR = staging;
});
afterAll(async () => {
  if (tmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdir;
  await new Promise((resolve) => server.close(resolve));
  await world.close();
  fs.rmSync(staging, { recursive: true, force: true });
});

const BOUNDARY = 'release-upload-memory-test';
// One block of bytes, sent again and again: the test itself never holds the upload.
const BLOCK = Buffer.alloc(MB, 'x');

/** A multipart body of `files` files of `mbEach` MB each, made as it is read. */
function multipartBody(files: number, mbEach: number): { body: Readable; length: number } {
  const head = (i: number) =>
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="chunk-${i}.js"; filename="chunk-${i}.js"\r\n` +
        'Content-Type: application/javascript\r\n\r\n',
    );
  const tail = Buffer.from(`--${BOUNDARY}--\r\n`);
  let length = tail.length;
  for (let i = 0; i < files; i++) length += head(i).length + mbEach * MB + 2;
  function* parts() {
    for (let i = 0; i < files; i++) {
      yield head(i);
      for (let m = 0; m < mbEach; m++) yield BLOCK;
      yield Buffer.from('\r\n');
    }
    yield tail;
  }
  return { body: Readable.from(parts(), { objectMode: false }), length };
}

/** Sends the body to the app on loopback; resolves with the answer as soon as it comes (the rest is not sent). */
function send(files: number, mbEach: number): Promise<{ status: number; body: string; peakRss: number }> {
  const { body, length } = multipartBody(files, mbEach);
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/releases/mfe-results',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        'Content-Length': String(length),
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearInterval(sampler);
        body.destroy();
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), peakRss });
      });
    });
    // The server closes the connection after its answer while the rest of the body is still being sent.
    req.on('error', (error) => {
      if (answered) return;
      clearInterval(sampler);
      reject(error);
    });
    body.pipe(req);
  });
}

describe('a release upload cannot fill the memory', () => {
  it.each([
    ['504 MB in twelve files of 42 MB (each under the limit)', 12, 42],
    ['500 MB in one file', 1, 500],
  ])('%s: 413 as soon as the total passes 50 MB, RSS grows < 100 MB, staging removed', async (_name, files, mb) => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const res = await send(files, mb);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'payload_too_large', message: expect.stringMatching(/50 MB/) });
    expect((res.peakRss - before) / MB).toBeLessThan(100);
    expect((process.memoryUsage().rss - before) / MB).toBeLessThan(100);
    expect(fs.readdirSync(staging)).toEqual([]);
    // Nothing was released, and the server answers the next request.
    const registry = await request(world.app).get('/api/mfe/registry').expect(200);
    expect(registry.body.remotes).toEqual([]);
  });
});
