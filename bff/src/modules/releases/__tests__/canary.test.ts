import crypto from 'node:crypto';
import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { publishRelease } from '../service';
import { setActive } from '../repository';
import { startTestWorld, type TestApp, type TestWorld } from '../../../../test/test-world';
import { signInAs } from '../../../../test/staff-session';
import { TEST_SECRET } from '../../../../test/test-app';
import { VisitorCookies } from '../audience';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
const versions: string[] = [];

// A session as the registry hands it out: a random id, signed with the server's secret (audience.ts).
const visitors = new VisitorCookies(TEST_SECRET, false);
const newVisitor = () => crypto.randomBytes(16).toString('base64url');
const cookie = (visitor: string, brand?: string) =>
  [`he.mfe-visitor=${encodeURIComponent(visitors.sign(visitor))}`, ...(brand ? [`owner=${brand}`] : [])].join('; ');
/** Each session's own address (one of 65,536 /24 networks), as the trusted loopback proxy reports it. */
const addressOf = (visitor: string) => {
  const hash = crypto.createHash('sha256').update(visitor).digest();
  return `10.${hash[0]}.${hash[1]}.1`;
};

async function servedVersion(visitor: string, brand?: string): Promise<string> {
  const res = await request(app)
    .get('/api/mfe/registry')
    .set('X-Forwarded-For', addressOf(visitor))
    .set('Cookie', cookie(visitor, brand))
    .expect(200);
  return res.body.remotes.find((r: { package: string }) => r.package === 'mfe-results').version;
}

function beacon(visitor: string, body: object) {
  return request(app)
    .post('/api/mfe/beacon')
    .set('X-Forwarded-For', addressOf(visitor))
    .set('Cookie', cookie(visitor))
    .send(body);
}

async function setAudience(version: string, audience: object, status = 200) {
  return superAdmin.post(`/api/admin/releases/mfe-results/${version}/audience`).send(audience).expect(status);
}

/** One browser session: asks the registry, loads what it got (beacon), and reports a render error when told to. */
async function session(failsOn: string | null): Promise<string> {
  const visitor = newVisitor();
  const version = await servedVersion(visitor);
  await beacon(visitor, { kind: 'loaded', remote: 'mfe-results', version }).expect(204);
  if (version === failsOn)
    await beacon(visitor, { kind: 'render-error', remote: 'mfe-results', version, errorClass: 'type' }).expect(204);
  return version;
}

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, app } = world);
  const settings = { releasesDir: world.fixtures.releasesDir, SHELL_DIST: world.fixtures.shellDist };
  for (const label of ['stable', 'canary', 'broken', 'healthy']) {
    versions.push(
      (
        await publishRelease(database.db, settings, {
          remote: 'mfe-results',
          distDir: world.fixtures.writeRemote(label),
          releasedBy: 'ci',
          activate: 'if-new-or-none',
        })
      ).version,
    );
  }
  await setActive(database.db, 'mfe-results', versions[0]!, 'ci');
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
});
afterAll(() => world.close());

describe('audience', () => {
  it('answers a 20 % canary to about 20 % of 1,000 sessions, the same version to a session every time', async () => {
    const [stable, canary] = versions as [string, string];
    await setAudience(canary, { kind: 'percent', percent: 20 });
    const visitors = Array.from({ length: 1000 }, newVisitor);
    const first = new Map<string, string>();
    for (const visitor of visitors) first.set(visitor, await servedVersion(visitor));
    const inCanary = [...first.values()].filter((v) => v === canary).length;
    expect(inCanary).toBeGreaterThanOrEqual(150);
    expect(inCanary).toBeLessThanOrEqual(250);
    expect(new Set(first.values())).toEqual(new Set([stable, canary]));
    for (const visitor of visitors.slice(0, 200)) expect(await servedVersion(visitor)).toBe(first.get(visitor));
    // Widening the share keeps everyone who had the canary on it.
    await setAudience(canary, { kind: 'percent', percent: 50 });
    for (const visitor of visitors.filter((v) => first.get(v) === canary))
      expect(await servedVersion(visitor)).toBe(canary);
  });

  it('hands a session without one a signed visitor cookie for the whole site (pages read it), http-only', async () => {
    const signed = /^he\.mfe-visitor=[A-Za-z0-9_-]{22}\.[A-Za-z0-9%]{43,}; Max-Age=\d+; Path=\/; Expires=.*; /;
    const res = await request(app).get('/api/mfe/registry').expect(200);
    expect(res.headers['set-cookie']?.[0]).toMatch(new RegExp(`${signed.source}HttpOnly; SameSite=Lax$`));
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const again = await request(app).get('/api/mfe/registry').set('Cookie', cookie(newVisitor())).expect(200);
    expect(again.headers['set-cookie']).toBeUndefined();
    // An unsigned id (as handed out before cookies were signed) is replaced with a signed one.
    const unsigned = await request(app).get('/api/mfe/registry').set('Cookie', `he.mfe-visitor=${newVisitor()}`);
    expect(unsigned.headers['set-cookie']?.[0]).toMatch(signed);
  });

  it("answers a brand canary to that brand's sessions only", async () => {
    const [stable, canary] = versions as [string, string];
    await setAudience(canary, { kind: 'brand', brand: 'demo-bank' });
    for (let i = 0; i < 20; i++) {
      expect(await servedVersion(newVisitor(), 'demo-bank')).toBe(canary);
      expect(await servedVersion(newVisitor())).toBe(stable);
      expect(await servedVersion(newVisitor(), 'demo-energi')).toBe(stable);
    }
  });

  it('refuses an audience it cannot serve: share out of 1–99, unknown brand, active release or kind', async () => {
    const [stable, canary] = versions as [string, string];
    for (const percent of [0, 100, 12.5, '20']) {
      const res = await setAudience(canary, { kind: 'percent', percent }, 400);
      expect(res.body.message).toMatch(/^Invalid body\.percent: /);
    }
    expect((await setAudience(canary, { kind: 'brand', brand: 'nobody' }, 400)).body.message).toBe(
      'Invalid body.brand: no organisation has the brand nobody.',
    );
    expect((await setAudience(canary, { kind: 'brand', brand: 'Not A Brand' }, 400)).body.message).toMatch(
      /^Invalid body\.brand: /,
    );
    await setAudience(canary, { kind: 'someone' }, 400);
    expect((await setAudience(stable, { kind: 'percent', percent: 10 }, 409)).body.message).toBe(
      `mfe-results ${stable} is the active release: everyone has it already.`,
    );
    await setAudience('9.9.9-nothing', { kind: 'percent', percent: 10 }, 404);
  });

  it("is a super admin's to set: org staff and anonymous callers are refused", async () => {
    await request(app)
      .post(`/api/admin/releases/mfe-results/${versions[1]}/audience`)
      .send({ kind: 'percent', percent: 10 })
      .expect(401);
    const staff = request.agent(app);
    await signInAs(staff, 'admin@energi.demo.test').expect(200);
    await staff
      .post(`/api/admin/releases/mfe-results/${versions[1]}/audience`)
      .send({ kind: 'percent', percent: 10 })
      .expect(403);
  });

  it('rolls a canary back by hand (audited): everyone gets the active release again', async () => {
    const [stable, canary] = versions as [string, string];
    await setAudience(canary, { kind: 'brand', brand: 'demo-bank' });
    const res = await superAdmin.post(`/api/admin/releases/mfe-results/${canary}/rollback`).expect(200);
    expect(res.body).toMatchObject({ version: canary, audience: null, verdict: { result: 'rolled-back' } });
    expect(await servedVersion(newVisitor(), 'demo-bank')).toBe(stable);
    const { rows } = await database.pool.query(
      `select actor_email, details from audit_log where action = 'release.rollback' order by id desc limit 1`,
    );
    expect(rows[0]).toEqual({
      actor_email: 'super@demo.test',
      details: {
        remote: 'mfe-results',
        version: canary,
        automatic: false,
        audience: { kind: 'brand', brand: 'demo-bank' },
      },
    });
    await superAdmin.post(`/api/admin/releases/mfe-results/${canary}/rollback`).expect(409);
  });
});

describe('automatic rollback', () => {
  it('rolls back a canary that throws on render in its first 50 sessions, audited and shown on the list', async () => {
    const [stable, , broken] = versions as [string, string, string];
    await setAudience(broken, { kind: 'percent', percent: 50 });
    let canarySessions = 0;
    for (let i = 0; i < 400 && canarySessions < 50; i++) {
      if ((await session(broken)) === broken) canarySessions++;
    }
    expect(canarySessions).toBe(50);
    // Its 50th session was its last: nobody gets it any more.
    for (let i = 0; i < 30; i++) expect(await session(broken)).toBe(stable);
    const { rows } = await database.pool.query(
      `select actor_id, actor_email, details from audit_log where action = 'release.rollback' and target = $1`,
      [`mfe-results@${broken}`],
    );
    // Judged when its 50th session loaded, before that session's own error arrived.
    expect(rows).toEqual([
      {
        actor_id: null,
        actor_email: 'automatic rollback',
        details: expect.objectContaining({
          automatic: true,
          sessions: 50,
          errorRate: 0.98,
          previous: stable,
          previousErrorRate: 0,
          margin: 0.1,
        }),
      },
    ]);
    const list = await superAdmin.get('/api/admin/releases').expect(200);
    const row = list.body.remotes
      .find((r: { remote: string }) => r.remote === 'mfe-results')
      .releases.find((r: { version: string }) => r.version === broken);
    expect(row).toMatchObject({
      audience: null,
      verdict: { result: 'rolled-back', at: expect.any(String) },
      health: { sessions: 50, failedSessions: 50, errors: 50 },
    });
  });

  it('keeps a healthy canary (an error rate within the margin) past its first 50 sessions', async () => {
    const [stable, , , healthy] = versions as [string, string, string, string];
    await setAudience(healthy, { kind: 'percent', percent: 50 });
    let canarySessions = 0;
    for (let i = 0; i < 400 && canarySessions < 70; i++) {
      const visitor = newVisitor();
      const version = await servedVersion(visitor);
      await beacon(visitor, { kind: 'loaded', remote: 'mfe-results', version }).expect(204);
      if (version !== healthy) continue;
      canarySessions++;
      // One session in twenty-five fails to load a chunk: 4 %, within the 10-point margin over the active release.
      if (canarySessions % 25 === 0)
        await beacon(visitor, { kind: 'load-error', remote: 'mfe-results', version, errorClass: 'network' }).expect(
          204,
        );
    }
    expect(canarySessions).toBe(70);
    const list = await superAdmin.get('/api/admin/releases').expect(200);
    const releases = list.body.remotes.find((r: { remote: string }) => r.remote === 'mfe-results').releases;
    expect(releases.find((r: { version: string }) => r.version === healthy)).toMatchObject({
      audience: { kind: 'percent', percent: 50 },
      verdict: { result: 'healthy' },
      health: { sessions: 70, failedSessions: 2, errors: 2 },
    });
    expect(releases.find((r: { version: string }) => r.version === stable).health.failedSessions).toBe(0);
    // Promoted: everyone gets it, and it is no longer a canary.
    const promoted = await setAudience(healthy, { kind: 'everyone' });
    expect(promoted.body).toMatchObject({ active: true, audience: null });
    for (let i = 0; i < 10; i++) expect(await servedVersion(newVisitor())).toBe(healthy);
    await setActive(database.db, 'mfe-results', stable, 'ci');
  });

  it('counts a session once however often it reports that it loaded', async () => {
    const [, canary] = versions as [string, string];
    await setAudience(canary, { kind: 'percent', percent: 50 });
    const count = async () =>
      (await database.pool.query(`select count(*)::int as n from mfe_release_sessions`)).rows[0].n;
    const before = await count();
    const visitor = newVisitor();
    const version = await servedVersion(visitor);
    for (let i = 0; i < 5; i++) await beacon(visitor, { kind: 'loaded', remote: 'mfe-results', version }).expect(204);
    expect(await count()).toBe(before + 1);
    await superAdmin.post(`/api/admin/releases/mfe-results/${canary}/rollback`).expect(200);
  });

  it('counts nothing for a remote without a canary: the active release is not judged', async () => {
    const [stable] = versions as [string];
    const count = async (table: string) =>
      (await database.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n;
    const [sessions, served] = [await count('mfe_release_sessions'), await count('mfe_release_served')];
    const visitor = newVisitor();
    // The registry records nothing for a remote without a canary, and the beacon is answered but not counted.
    expect(await servedVersion(visitor)).toBe(stable);
    expect(await count('mfe_release_served')).toBe(served);
    await beacon(visitor, { kind: 'loaded', remote: 'mfe-results', version: stable }).expect(204);
    expect(await count('mfe_release_sessions')).toBe(sessions);
  });
});

describe('beacon validation', () => {
  const visitor = newVisitor();
  const good = () => ({ kind: 'render-error', remote: 'mfe-results', version: '1.0.0-abc', errorClass: 'type' });

  it.each([
    ['no body', undefined, /^Invalid body/],
    ['an unknown kind', { ...good(), kind: 'crashed' }, /^Invalid body\.kind/],
    ['an unknown remote', { ...good(), remote: 'mfe-evil' }, /^Invalid body\.remote/],
    ['a version that is not a path segment', { ...good(), version: '../../etc' }, /^Invalid body\.version/],
    [
      'an error without its class',
      { kind: 'load-error', remote: 'mfe-results', version: '1.0.0' },
      /^Invalid body\.errorClass/,
    ],
    [
      'an error message instead of a class',
      { ...good(), errorClass: 'TypeError: cannot read name of Anna Svensson' },
      /^Invalid body\.errorClass/,
    ],
    ['an extra field', { ...good(), stack: 'at App (app.js:1)' }, /^Invalid body/],
    [
      'a class on a load report',
      { kind: 'loaded', remote: 'mfe-results', version: '1.0.0', errorClass: 'type' },
      /^Invalid body/,
    ],
  ])('answers 400 to %s', async (_name, body, message) => {
    const res = await beacon(visitor, body ?? {}).expect(400);
    expect(res.body).toMatchObject({ error: 'bad_request', message: expect.stringMatching(message) });
  });

  it("answers 400 without the registry's session cookie and 404 for a release that does not exist", async () => {
    expect((await request(app).post('/api/mfe/beacon').send(good()).expect(400)).body.message).toBe(
      'No release session: load /api/mfe/registry first.',
    );
    expect((await beacon(visitor, { ...good(), version: '9.9.9-nothing' }).expect(404)).body.message).toBe(
      'mfe-results has no release 9.9.9-nothing.',
    );
  });

  it('answers 413 to a body over 512 bytes, and writes nothing', async () => {
    const before = (await database.pool.query(`select coalesce(sum(errors), 0)::int as n from mfe_release_sessions`))
      .rows[0].n;
    const res = await beacon(visitor, { ...good(), padding: 'x'.repeat(600) }).expect(413);
    expect(res.body.error).toBeDefined();
    expect(
      (await database.pool.query(`select coalesce(sum(errors), 0)::int as n from mfe_release_sessions`)).rows[0].n,
    ).toBe(before);
  });

  it('answers 429 with Retry-After past the per-IP limit', async () => {
    const limited = await startTestWorld({ config: { BEACON_RATE_LIMIT: 3 } });
    try {
      const send = () =>
        request(limited.app)
          .post('/api/mfe/beacon')
          .set('Cookie', cookie(visitor))
          .send({ kind: 'loaded', remote: 'mfe-results', version: '1.0.0' });
      for (let i = 0; i < 3; i++) await send().expect(404);
      const res = await send().expect(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.body.message).toBe('Too many release reports in a short time. Wait a minute and try again.');
    } finally {
      await limited.close();
    }
  });

  it('answers 400 to a query string', async () => {
    const res = await request(app)
      .post('/api/mfe/beacon?user=anna')
      .set('Cookie', cookie(visitor))
      .send(good())
      .expect(400);
    expect(res.body.message).toMatch(/user/);
  });

  it('refuses a beacon from another origin', async () => {
    await beacon(visitor, good()).set('Origin', 'https://evil.example').set('Sec-Fetch-Site', 'cross-site').expect(403);
  });
});
