// Attack: a body that is not JSON (a multipart form, a urlencoded form, text, or one with no Content-Type) sent to a
// JSON route. Parsed as "no body" it was read as {}, which the rates call stores as "no own prices": the rates were
// wiped. Every JSON route answers 415 with the API's error shape; only the upload routes take multipart.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { takesUpload, UPLOAD_ROUTES } from '../../src/http/input-guards';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../test/register-homes';
import { listRoutes } from '../../test/route-table';
import { signInAs } from '../../test/staff-session';
import { describeRoutes } from '../bad-input/routes';
import type { WorldIds } from '../bad-input/world';
import { concretePath, databaseFingerprint, send, STATE_CHANGING } from './web-security-support';

const RATES = { energy_carriers_import: { electricity: { cents_per_kwh: 300 } }, energy_carriers_export: {} };
const REFUSED = {
  error: 'unsupported_media_type',
  message: expect.stringMatching(/^Send the body as JSON \(Content-Type: application\/json\), not ".+"\.$/),
};

let world: TestWorld;
let app: TestApp;
let home: number;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ app } = world);
  [home] = await insertStockholmHomes(world.database.db, [{ street: 'Formgatan 1', building: VILLA_1970 }]);
});
afterAll(() => world.close());

/** A raw POST with exactly these headers (supertest names a type for every string body it sends). */
async function rawPost(
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; json: unknown }> {
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    server.close();
  }
}

describe('a multipart body to a JSON route cannot wipe the rates', () => {
  it('curl -F x=y -X POST …/rates: 415 with a readable message, the rates unchanged', async () => {
    const visitor = request.agent(app);
    await visitor.post(`/api/flow/property/${home}/rates`).send(RATES).expect(200);
    const saved = await visitor.get(`/api/flow/property/${home}/rates`).expect(200);
    expect(saved.body.rates.energy_carriers_import.electricity.cents_per_kwh).toBe(300);
    const cookie = saved.request.cookies;

    const multipart = await visitor.post(`/api/flow/property/${home}/rates`).field('x', 'y');
    expect(multipart.status).toBe(415);
    expect(multipart.body).toEqual(REFUSED);
    expect(multipart.body.message).toContain('multipart/form-data');

    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'x=y'],
      ['text/plain', '{}'],
      ['application/xml', '<rates/>'],
    ] as const) {
      const res = await visitor.post(`/api/flow/property/${home}/rates`).set('Content-Type', type).send(body);
      expect({ type, status: res.status, body: res.body }).toEqual({ type, status: 415, body: REFUSED });
    }
    const untyped = await rawPost(`/api/flow/property/${home}/rates`, { Cookie: cookie }, '{}');
    expect(untyped).toEqual({
      status: 415,
      json: {
        error: 'unsupported_media_type',
        message: 'Send the body as JSON (Content-Type: application/json), not "none".',
      },
    });

    expect((await visitor.get(`/api/flow/property/${home}/rates`).expect(200)).body.rates).toEqual(saved.body.rates);
  });

  it('no state-changing /api route but an upload takes multipart: each answers 415, nothing is written', async () => {
    const staff = request.agent(app);
    await signInAs(staff, 'super@demo.test').expect(200);
    // /api/auth speaks NextAuth's form protocol (its own parsers, before the JSON routes).
    const routes = listRoutes(app).filter(
      (r) => STATE_CHANGING.has(r.method) && r.path.startsWith('/api/') && !r.path.startsWith('/api/auth/'),
    );
    expect(routes.length).toBeGreaterThan(40);
    const before = await databaseFingerprint(world.database);
    const wrong: string[] = [];
    for (const route of routes) {
      const url = concretePath(route.path);
      if (takesUpload(route.method === '_ALL' ? 'POST' : route.method, url)) continue;
      const res = await send(staff, route.method, url).field('x', 'y');
      if (res.status !== 415 || res.body.error !== 'unsupported_media_type')
        wrong.push(`${route.method} ${route.path}: ${res.status} ${res.text.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(world.database)).toEqual(before);
  });

  it('the upload routes are those described as multipart (bad-input/routes.ts), and still take it', async () => {
    const ids: WorldIds = {
      propertyId: home,
      profileId: 1,
      staffUserId: 1,
      messageId: 1,
      documentId: '00000000-0000-4000-8000-000000000000',
      leadId: 1,
      homeownerCsrf: 'x',
      anonymousCsrf: 'x',
      questions: [{}],
      outboxMailId: '20261126t101500123z-0a1b2c3d',
      consentId: 1,
    };
    const multipart = describeRoutes(ids).filter((r) => r.body?.kind === 'multipart');
    expect(multipart.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'POST /api/flow/property/:id/document',
      'POST /api/releases/:remote',
    ]);
    for (const route of multipart)
      expect(takesUpload(route.method, route.path.replace(':id', String(home)).replace(':remote', 'mfe-results'))).toBe(
        true,
      );
    expect(UPLOAD_ROUTES).toHaveLength(multipart.length);
    // A document still arrives as multipart (and a JSON route's name does not open the door: takesUpload is exact).
    const visitor = request.agent(app);
    // uploads are the owner's
    await visitor.post(`/api/flow/property/${home}/answer`).send({ occupants: 2 }).expect(200);
    await visitor
      .post(`/api/flow/property/${home}/document`)
      .field('energy_class', 'C')
      .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'epc.pdf')
      .expect(201);
    expect(takesUpload('POST', `/api/flow/property/${home}/rates`)).toBe(false);
    expect(takesUpload('POST', `/api/flow/property/${home}/document/x`)).toBe(false);
    expect(takesUpload('PUT', `/api/flow/property/${home}/document`)).toBe(false);
    expect(takesUpload('POST', '/api/releases/mfe-results/activate')).toBe(false);
  });
});
