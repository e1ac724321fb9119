import zlib from 'node:zlib';
import express from 'express';
import compression from 'compression';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CachedAnswer } from '../cached-answer';

// A cached answer is made once and sent as each client accepts it, behind the compression middleware as in app.ts.
const measures = Array.from({ length: 40 }, (_, i) => ({
  id: `measure-${i}`,
  savingKwh: 1000 + i,
  title: 'Tilläggsisolering av vindsbjälklag',
}));

function appWith(answer: CachedAnswer) {
  const app = express();
  app.use(compression());
  app.get('/answer', (req, res) => answer.send(req, res, { 'Cache-Control': 'private, no-store' }));
  return app;
}

/** The raw bytes and headers, over node:http (supertest would decompress them). */
async function raw(app: express.Express, headers: Record<string, string>) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/answer', headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .once('error', reject);
    });
  } finally {
    server.close();
  }
}

it('serialises and compresses once, and sends br, gzip or plain JSON as the client accepts', async () => {
  let made = 0;
  const app = appWith(new CachedAnswer(() => (made++, { recommendations: measures })));
  const expected = JSON.stringify({ recommendations: measures });

  const br = await raw(app, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
  expect(br.headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(br.body).toString()).toBe(expected);
  const gzip = await raw(app, { 'Accept-Encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.body).toString()).toBe(expected);
  const plain = await raw(app, { 'Accept-Encoding': 'identity' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(expected);

  const noHeader = await raw(app, {});
  expect(noHeader.headers['content-encoding']).toBeUndefined();
  expect(noHeader.body.toString()).toBe(expected);

  for (const res of [br, gzip, plain, noHeader]) {
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers.etag).toBe(br.headers.etag);
  }
  // Twice more, compressed: still made once.
  await raw(app, { 'Accept-Encoding': 'br' });
  await raw(app, { 'Accept-Encoding': 'gzip' });
  expect(made).toBe(1);
  // The ETag still answers conditional requests.
  expect((await raw(app, { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag as string })).status).toBe(304);
});

it('sends small answers as they are', async () => {
  const res = await raw(appWith(new CachedAnswer(() => ({ recommendations: [] }))), { 'Accept-Encoding': 'br, gzip' });
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(res.body.toString())).toEqual({ recommendations: [] });
});
