// Web security, part 3: security headers on pages and API answers, and error bodies that tell the
// caller what went wrong without telling an attacker how the server is built.
import request, { type Response } from 'supertest';
import type { DatabaseHandle } from '../../src/db/client';
import crypto from 'node:crypto';
import { PAINT_FIRST_SCRIPT_HASH } from '@home-energy/shared/paint-first';
import { TEST_SECRET } from '../../test/test-app';
import { startTestWorld, type TestWorld, type BuildFixtures, type TestApp } from '../../test/test-world';

const HOST = 'energy.test';

let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: TestApp;

beforeAll(async () => {
  world = await startTestWorld();
  ({ database, fixtures, app } = world);
});
afterAll(() => world.close());

function csp(res: Response): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

describe('security headers', () => {
  const answers: Array<[string, () => Promise<Response>]> = [
    [
      'the HTML page',
      () =>
        request(app)
          .get('/sign')
          .set('Host', HOST)
          .set('Accept', 'text/html')
          .expect(200)
          .expect('Content-Type', /text\/html/),
    ],
    [
      'an API answer',
      () => request(app).get('/api/flow/user/auth').set('Host', HOST).expect(200).expect('Content-Type', /json/),
    ],
    ['an API error', () => request(app).get('/api/no-such-route').set('Host', HOST).expect(404)],
  ];

  it.each(answers)('%s carries a strict CSP', async (_label, get) => {
    const policy = csp(await get());
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // Scripts only from our origin (the shell and the remotes under /mfe) and the first-paint starter by its hash: no
    // other inline script, no eval, no wildcard.
    const scripts = policy.get('script-src') ?? policy.get('default-src')!;
    expect(scripts).toEqual(["'self'", PAINT_FIRST_SCRIPT_HASH]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(expect.arrayContaining([expect.stringMatching(/^'(self|none)'$/)]));
    expect(policy.get('base-uri')).toHaveLength(1);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    for (const [name, values] of policy) {
      expect([name, values.filter((v) => ["'unsafe-eval'", '*'].includes(v))]).toEqual([name, []]);
    }
  });

  it.each(answers)('%s carries the other helmet headers and no X-Powered-By', async (_label, get) => {
    const res = await get();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toMatch(
      /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
    );
    expect(res.headers['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('tells browsers to use https only (HSTS) when served over https behind the proxy', async () => {
    const res = await request(app)
      .get('/sign')
      .set('Host', HOST)
      .set('X-Forwarded-Proto', 'https')
      .set('Accept', 'text/html')
      .expect(200);
    const hsts = String(res.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(hsts).toMatch(/includeSubDomains/);
  });
});

/** Anything that tells how the server is built: stack frames, source paths, SQL, driver and library names. */
const LEAKS = new RegExp(
  [
    // stack frames, source paths, error names
    /\bat \S+ \(|\.[cm]?[tj]s:\d+|node_modules|stack|TypeError|ReferenceError/,
    // SQL
    /\bselect\b|\binsert\b|\bupdate\b|\bfrom "|relation|syntax error|sqlstate/,
    // driver, library and table names
    /pglite|postgres|drizzle|properties|bankid_orders|session"/,
  ]
    .map((part) => part.source)
    .join('|'),
  'i',
);

function expectCleanJson(res: Response, status: number, error: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body.error).toEqual(typeof error === 'string' ? error : expect.stringMatching(error));
  expect(typeof res.body.message).toBe('string');
  expect(res.body.stack).toBeUndefined();
  expect(res.text).not.toMatch(LEAKS);
}

describe('error bodies', () => {
  it('answers unknown /api routes with a JSON 404 for every method', async () => {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const res = await request(app)[method]('/api/flow/no-such-thing').set('Host', HOST);
      expectCleanJson(res, 404, 'not_found');
    }
    // Outside /api a missing file is a plain 404, not the HTML page and not a stack.
    const asset = await request(app).get('/no-such-file.js').set('Host', HOST).expect(404);
    expect(asset.text).toBe('Not found');
    // Other methods outside /api, and bad paths into the release store: 4xx without a stack or a file path.
    for (const res of [
      await request(app).post('/').set('Host', HOST),
      await request(app).delete('/sign').set('Host', HOST),
      await request(app).get('/mfe/x/../../etc/passwd').set('Host', HOST),
      await request(app).get('/mfe/%E0%A4%A').set('Host', HOST),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toMatch(LEAKS);
      expect(res.text).not.toContain(fixtures.root);
    }
  });

  it('answers malformed, oversized and invalid requests with clean 400 and 413 bodies', async () => {
    expectCleanJson(
      await request(app)
        .post('/api/flow/interaction')
        .set('Host', HOST)
        .set('Content-Type', 'application/json')
        .send('{"action": '),
      400,
      /./,
    );
    expectCleanJson(
      await request(app)
        .post('/api/flow/interaction')
        .set('Host', HOST)
        .send({ action: 'x'.repeat(200 * 1024) }),
      413,
      /./,
    );
    expectCleanJson(
      await request(app)
        .post('/api/auth/_log')
        .set('Host', HOST)
        .type('form')
        .send({ message: 'x'.repeat(20 * 1024) }),
      413,
      /./,
    );
    expectCleanJson(
      await request(app).get('/api/flow/property-search/suggestions?q=').set('Host', HOST),
      400,
      'bad_request',
    );
    // A path parameter that is not valid percent-encoding.
    const badParam = await request(app).get('/api/flow/property/%E0%A4%A/answers').set('Host', HOST);
    expect(badParam.status).toBeGreaterThanOrEqual(400);
    expect(badParam.status).toBeLessThan(500);
    expect(badParam.text).not.toMatch(LEAKS);
  });

  it('answers a failing database call with a 500 that carries only a request id', async () => {
    // The register is gone: the suggestions query fails inside the driver, with SQL and the table name in its message.
    await database.pool.query('alter table properties rename to properties_gone');
    try {
      const res = await request(app).get('/api/flow/property-search/suggestions?q=Storgatan').set('Host', HOST);
      expectCleanJson(res, 500, 'internal_error');
      expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'requestId']);
      expect(res.body.requestId).toBe(res.headers['x-request-id']);
      expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await database.pool.query('alter table properties_gone rename to properties');
    }
  });

  it('answers a failing session store the same way', async () => {
    // A signed session cookie makes every /api request read the store first.
    await database.pool.query('alter table session rename to session_gone');
    try {
      const res = await request(app)
        .get('/api/auth/session')
        .set('Host', HOST)
        .set('Cookie', signedSessionCookie('some-session-id'));
      expectCleanJson(res, 500, 'internal_error');
    } finally {
      await database.pool.query('alter table session_gone rename to session');
    }
  });
});

/** A session cookie signed with the test secret for an id the store has never seen. */
function signedSessionCookie(id: string): string {
  const signature = crypto.createHmac('sha256', TEST_SECRET).update(id).digest('base64').replace(/=+$/, '');
  return `he.session=${encodeURIComponent(`s:${id}.${signature}`)}`;
}
