import request from 'supertest';
import type { DatabaseHandle } from '../../src/db/client';
import { publishRelease } from '../../src/modules/releases/service';
import { seedDemoInstallers } from '../../src/seed/demo-installers';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { seedPlatformContent } from '../../src/seed/platform-content';
import {
  ACTORS,
  ACTOR_ORGANISATION,
  isStill,
  signInActor,
  signInActors,
  type ActorName,
  type Agent,
} from '../../test/actors';
import { listRoutes } from '../../test/route-table';
import { createTestApp } from '../../test/test-app';
import { startBankIdTestWorld, type BankIdTestWorld, type TestApp } from '../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../test/register-homes';
import { logWrites, type WriteLog } from '../../test/write-log';
import {
  MATRIX,
  MATRIX_PDF,
  outcomeOf,
  requestLine,
  type CaseContext,
  type MatrixHelpers,
  type MatrixIds,
  type MatrixRow,
} from '../authorization-matrix';

/**
 * Sends every row × actor of the authorization matrix and checks the answer. Cases run in three phases so that allowed
 * writes cannot change what a later case sees: first every refused case (each asserted to change no row), then the
 * allowed reads, then the allowed writes in table order (resources made for the purpose; sessions that an allowed
 * request changes are new ones).
 */

let world: BankIdTestWorld;
let database: DatabaseHandle;
let fixtures: BankIdTestWorld['fixtures'];
let rp: BankIdTestWorld['rp'];
let app: TestApp;
let agents: Record<ActorName, Agent>;
let helpers: MatrixHelpers;
let ids: MatrixIds;
let writes: WriteLog;
/** The rows written so far, per table: refused requests must leave them so. */
let baseline: Record<string, number>;

/** Answers that fail a plausibility rule (900 m² on one floor), so the profile is in demo-energi's validation queue. */
const HOMEOWNER_ANSWERS = { atemp: 900, num_floors: 1 };

beforeAll(async () => {
  world = await startBankIdTestWorld({
    seed: [seedDemoStaff, seedPlatformContent, seedDemoInstallers],
    config: { FAKE_LOGIN: true },
  });
  ({ database, fixtures, rp, app } = world);
  const [home, spareHome, documentHome] = await insertStockholmHomes(database.db, [
    { street: 'Matrixgatan 1', building: VILLA_1970 },
    { street: 'Matrixgatan 3', building: VILLA_1970 },
    { street: 'Matrixgatan 5', building: VILLA_1970 },
  ]);
  const releaseSettings = { releasesDir: fixtures.releasesDir, SHELL_DIST: fixtures.shellDist };
  const older = await publishRelease(database.db, releaseSettings, {
    remote: 'mfe-results',
    distDir: fixtures.writeRemote('one'),
    releasedBy: 'ci',
    activate: 'always',
  });
  await publishRelease(database.db, releaseSettings, {
    remote: 'mfe-results',
    distDir: fixtures.writeRemote('two'),
    releasedBy: 'ci',
    activate: 'always',
  });

  ({ agents } = await signInActors(app, { property: { id: home, answers: HOMEOWNER_ANSWERS } }));
  const spareAddress = { street: 'Matrixgatan 3', postalCity: 'Stockholm', postalCode: '111 22' };
  await agents.homeowner
    .post('/api/flow/user/profile/contact')
    .send({ email: 'anna@example.se', mobile: '070-123 45 67' })
    .expect(200);
  await agents.homeowner.post('/api/flow/user/profile/property').send(spareAddress).expect(201);
  const admin = await signInActor(app, 'superAdmin');
  const owner = await signInActor(app, 'homeowner');
  const document = (
    await owner
      .post(`/api/flow/property/${home}/document`)
      .field('energy_class', 'C')
      .attach('file', MATRIX_PDF, 'epc.pdf')
      .expect(201)
  ).body.document.id;
  await owner.post(`/api/flow/property/${documentHome}/answer`).send({ num_floors: 1 }).expect(200);
  const { rows: profiles } = await database.pool.query(
    'select id from building_profiles where property_id = $1 and homeowner_id is not null',
    [home],
  );
  const org = ACTOR_ORGANISATION;
  const message = (
    await admin
      .post(`/api/console/org/${org}/messages`)
      .send({ slug: 'matrix-message', type: 'info', title: 'Matrix', key: 'matrix', content: 'For the matrix.' })
      .expect(201)
  ).body.id;
  const orgUser = (
    await admin
      .post('/api/admin/users')
      .send({
        email: 'member@energi.demo.test',
        name: 'Matrix Member',
        memberships: [{ organisation: org, role: 'staff' }],
      })
      .expect(201)
  ).body.user.id;
  const platformUser = (
    await admin
      .post('/api/admin/users')
      .send({ email: 'platform-target@demo.test', name: 'Matrix User', memberships: [] })
      .expect(201)
  ).body.user.id;
  await admin
    .post('/api/admin/organisations')
    .send({ slug: 'matrix-target', name: 'Matrix target', brand: 'matrix-target' })
    .expect(201);
  const questions = (await admin.get(`/api/console/org/${org}/configuration`).expect(200)).body.questions;
  ids = {
    org,
    property: home,
    profile: profiles[0].id,
    spareProperty: spareHome,
    spareAddress,
    document,
    documentProperty: documentHome!,
    message,
    orgUser,
    platformUser,
    organisation: 'matrix-target',
    release: { remote: 'mfe-results', version: older.version },
    questions,
    installer: 'varmepumpsteknik-demo',
  };
  let homeowners = 0;
  const newHomeowner = async () => {
    const agent = request.agent(app);
    const personalNumber = `19710203${String(++homeowners).padStart(4, '0')}`;
    await agent.post('/api/flow/user/fake-login').send({ personalNumber, name: 'Matrix Husägare' }).expect(200);
    return Object.assign(agent, { personalNumber });
  };
  helpers = { admin, owner, ids, newHomeowner };
  // Every table of the public schema but `session` (express-session writes it on every request: touch, visitor id) and
  // `rate_limit_hits` (a limiter counts refused requests too, on purpose: http/rate-limit-store.ts).
  writes = await logWrites(database, ['session', 'rate_limit_hits']);
  // A sign-in records its time without waiting (auth/routes.ts recordSignIn): let the setup's last ones land.
  await settled();
  baseline = await snapshot();
});
afterAll(() => world.close());

/** The rows written so far in each table (bff/test/write-log.ts: any insert, update or delete moves its count). */
function snapshot(): Promise<Record<string, number>> {
  return writes.counts();
}

/** Waits until the setup's last writes (fire-and-forget ones included) are in. */
async function settled(): Promise<void> {
  let previous = await snapshot();
  for (let i = 0; i < 20; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const next = await snapshot();
    if (JSON.stringify(next) === JSON.stringify(previous)) return;
    previous = next;
  }
}

/** A session whose user was signed out by an allowed request (a password change) is signed in again. */
async function revive(): Promise<void> {
  for (const actor of ACTORS) if (!(await isStill(agents[actor], actor))) agents[actor] = await signInActor(app, actor);
  if (!(await isStill(helpers.admin, 'superAdmin'))) helpers.admin = await signInActor(app, 'superAdmin');
}

async function send(row: MatrixRow, agent: Agent, c: CaseContext) {
  const { method, path } = requestLine(row, c);
  let body = typeof row.body === 'function' ? (row.body as (c: CaseContext) => unknown)(c) : row.body;
  // Fetched before the request is made: the agent attaches its cookies when the request is created.
  if (row.csrf) body = { ...(body as object), csrfToken: (await agent.get('/api/auth/csrf')).body.csrfToken };
  let request = agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path);
  if (row.query) request = request.query(row.query);
  if (row.upload) {
    for (const [field, value] of Object.entries(row.upload)) request = request.field(field, value);
    return request.attach('file', MATRIX_PDF, 'epc.pdf');
  }
  if (body === undefined) return request;
  return row.form ? request.type('form').send(body as Record<string, string>) : request.send(body as object);
}

const isRead = (row: MatrixRow) => /^(GET|HEAD) /.test(row.route);
const cases = MATRIX.flatMap((row) =>
  ACTORS.map((actor) => ({ name: `${row.route} as ${actor}`, row, actor, outcome: outcomeOf(row, actor) })),
);
const refused = cases.filter((c) => c.outcome !== 'allow');
const allowedReads = cases.filter((c) => c.outcome === 'allow' && isRead(c.row));
const allowedWrites = cases.filter((c) => c.outcome === 'allow' && !isRead(c.row));

describe('the matrix lists every route', () => {
  it('has one row for each route the app answers, and none for a route it does not', () => {
    const answered = listRoutes(app).map((r) => `${r.method} ${r.path}`);
    const listed = MATRIX.map((r) => r.route);
    expect({ notInTheMatrix: answered.filter((r) => !listed.includes(r)) }).toEqual({ notInTheMatrix: [] });
    expect({ noSuchRoute: listed.filter((r) => !answered.includes(r)) }).toEqual({ noSuchRoute: [] });
    expect({ listedTwice: listed.filter((r, i) => listed.indexOf(r) !== i) }).toEqual({ listedTwice: [] });
  });

  it('runs with FAKE_LOGIN on: outside demo mode the app answers every row but fake-login', () => {
    const production = listRoutes(
      createTestApp(database, fixtures, { FAKE_LOGIN: true, NODE_ENV: 'production', demo: false }, { rp }),
    ).map((r) => `${r.method} ${r.path}`);
    expect(MATRIX.map((r) => r.route).filter((r) => !production.includes(r))).toEqual([
      'POST /api/flow/user/fake-login',
    ]);
  });
});

describe('refused requests answer their status and change nothing', () => {
  it.each(refused.map((c) => [`${c.name} → ${c.outcome}`, c] as const))(
    '%s',
    async (_name, { row, actor, outcome }) => {
      const prepared = row.prepare ? await row.prepare(helpers, actor) : {};
      const c: CaseContext = { ...ids, actor, prepared };
      const agent = agents[actor];
      if (row.before) await row.before(agent, c);
      // Refused requests change nothing, so the last snapshot stays true until a preparation writes.
      if (row.prepare || row.before) baseline = await snapshot();
      const res = await send(row, agent, c);
      expect({ status: res.status, body: res.status === outcome ? undefined : res.text }).toEqual({
        status: outcome,
        body: undefined,
      });
      // The route was reached (not the API's fallback 404 for an unknown path), and a refusal carries nothing but
      // itself.
      expect(String(res.body?.message ?? '')).not.toMatch(/^No API route/);
      expect(Object.keys(res.body ?? {}).filter((key) => !['error', 'message', 'issues'].includes(key))).toEqual([]);
      const [expected, after] = [baseline, await snapshot()];
      baseline = after; // one wrong case fails alone, not every case after it
      expect(after).toEqual(expected);
    },
  );
});

async function runAllowed(row: MatrixRow, actor: ActorName): Promise<void> {
  const prepared = row.prepare ? await row.prepare(helpers, actor) : {};
  const c: CaseContext = { ...ids, actor, prepared };
  const agent = row.session === 'fresh' ? await signInActor(app, actor) : agents[actor];
  if (row.before) await row.before(agent, c);
  const res = await send(row, agent, c);
  const ok = row.allowStatus !== undefined ? res.status === row.allowStatus : res.status >= 200 && res.status < 300;
  expect({ ok, status: res.status, body: ok ? undefined : res.text }).toEqual({
    ok: true,
    status: res.status,
    body: undefined,
  });
  if (row.ownersData) {
    const seen = row.ownersData(res.body, c) as unknown[];
    if (actor === 'homeowner') expect(seen.length).toBeGreaterThan(0);
    else expect(seen).toEqual([]);
  }
  if (row.after) await row.after(agent, c);
  if (row.endsOtherSessions) await revive();
}

describe('allowed reads do their job', () => {
  it.each(allowedReads.map((c) => [c.name, c] as const))('%s', async (_name, { row, actor }) => runAllowed(row, actor));
});

describe('allowed writes do their job (in table order)', () => {
  it.each(allowedWrites.map((c) => [c.name, c] as const))('%s', async (_name, { row, actor }) =>
    runAllowed(row, actor),
  );

  it('leaves every staff actor signing in with the demo password (the password row puts it back)', async () => {
    for (const actor of ['orgStaff', 'orgAdmin', 'superAdmin'] as const) await signInActor(app, actor);
  });
});

describe("another organisation's ids through one's own organisation", () => {
  // The matrix asks in demo-energi; here demo-bank's admin names a demo-energi member in their own organisation's URL.
  it.each([
    ['PATCH', (a: Agent) => a.patch(`/api/console/org/demo-bank/users/${ids.orgUser}`).send({ role: 'admin' })],
    ['DELETE', (a: Agent) => a.delete(`/api/console/org/demo-bank/users/${ids.orgUser}`)],
    ['POST reset-password', (a: Agent) => a.post(`/api/console/org/demo-bank/users/${ids.orgUser}/reset-password`)],
  ] as const)('%s of a user who is not a member answers 404 and changes nothing', async (_name, call) => {
    await helpers.admin
      .put(`/api/admin/users/${ids.orgUser}/memberships/${ids.org}`)
      .send({ role: 'staff' })
      .expect(200);
    const before = await snapshot();
    const res = await call(agents.otherOrgAdmin);
    expect(res.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the row check itself', () => {
  it('sees an insert, an update and a delete', async () => {
    let before = await snapshot();
    await agents.anonymous.post('/api/flow/interaction').send({ action: 'matrix.self-check' }).expect(204);
    // (A trigger adds it to the analytics summary too.)
    expect(changed(before, await snapshot())).toEqual(expect.arrayContaining(['interactions']));
    before = await snapshot();
    await agents.orgAdmin.patch(`/api/console/org/${ids.org}/account`).send({ name: 'Anna Admin' }).expect(200);
    expect(changed(before, await snapshot())).toEqual(expect.arrayContaining(['staff_users']));
    before = await snapshot();
    await helpers.admin.delete(`/api/console/org/${ids.org}/messages/${ids.message}`).expect(204);
    expect(changed(before, await snapshot())).toEqual(expect.arrayContaining(['content_items']));
  });
});

function changed(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after).filter((t) => before[t] !== after[t]);
}
