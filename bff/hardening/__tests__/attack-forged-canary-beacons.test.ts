// Attack: decide a canary with forged health beacons (docs/releases.md "Health beacon"). Anyone can POST
// /api/mfe/beacon: 50 anonymous render-errors, each with a random `he.mfe-visitor` cookie the registry never issued,
// rolled a healthy canary back, and 50 forged "loaded" marked a broken one healthy. Expected: a beacon counts only with
// the registry's signed cookie and only for the version the registry served that session, and a verdict takes
// sessions from many networks (CANARY_SESSIONS_PER_NETWORK), so one address decides nothing.
import crypto from 'node:crypto';
import request from 'supertest';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { publishRelease } from '../../src/modules/releases/service';
import { setActive } from '../../src/modules/releases/repository';
import { startTestWorld, type TestApp, type TestWorld } from '../../test/test-world';
import { signInAs } from '../../test/staff-session';

let world: TestWorld;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
let stable: string;
let healthy: string;
let broken: string;
let networkCounter = 0;

/** The canary is judged after this many sessions (test-app.ts: the production defaults, two per network). */
const SESSIONS = 50;
const render = (version: string) => ({ kind: 'render-error', remote: 'mfe-results', version, errorClass: 'type' });
const loaded = (version: string) => ({ kind: 'loaded', remote: 'mfe-results', version });
/** An address in a /24 of its own, as the trusted loopback proxy reports it. */
const newAddress = () => `10.${Math.floor(++networkCounter / 256)}.${networkCounter % 256}.7`;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ app } = world);
  const settings = { releasesDir: world.fixtures.releasesDir, SHELL_DIST: world.fixtures.shellDist };
  const publish = async (label: string) =>
    (
      await publishRelease(world.database.db, settings, {
        remote: 'mfe-results',
        distDir: world.fixtures.writeRemote(label),
        releasedBy: 'ci',
        activate: 'never',
      })
    ).version;
  [stable, healthy, broken] = [await publish('stable'), await publish('healthy'), await publish('broken')];
  await setActive(world.database.db, 'mfe-results', stable, 'ci');
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
});
afterAll(() => world.close());

/** Gives the release to the demo-bank brand's sessions (a new canary: its count starts afresh). */
async function canary(version: string) {
  await superAdmin
    .post(`/api/admin/releases/mfe-results/${version}/audience`)
    .send({ kind: 'brand', brand: 'demo-bank' })
    .expect(200);
}

/** A page load: the registry's answer to a browser at `address`, with the visitor cookie it handed out. */
async function registry(address: string, brand?: string): Promise<{ cookie: string; version: string }> {
  const res = await request(app)
    .get('/api/mfe/registry')
    .set('X-Forwarded-For', address)
    .set('Cookie', brand ? `owner=${brand}` : '')
    .expect(200);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = setCookie.find((c) => c.startsWith('he.mfe-visitor='))!.split(';')[0]!;
  const version = res.body.remotes.find((r: { package: string }) => r.package === 'mfe-results').version as string;
  return { cookie, version };
}

const beacon = (cookie: string, address: string, body: object) =>
  request(app).post('/api/mfe/beacon').set('X-Forwarded-For', address).set('Cookie', cookie).send(body);

/** The release as the Releases page shows it (audience, verdict, health). */
async function shown(version: string) {
  const list = await superAdmin.get('/api/admin/releases').expect(200);
  return list.body.remotes
    .find((r: { remote: string }) => r.remote === 'mfe-results')
    .releases.find((r: { version: string }) => r.version === version);
}

async function automaticRollbacks(version: string): Promise<number> {
  const { rows } = await world.database.pool.query(
    `select count(*)::int as n from audit_log where action = 'release.rollback' and actor_email = 'automatic rollback'
       and target = $1`,
    [`mfe-results@${version}`],
  );
  return rows[0].n;
}

describe('forged canary beacons', () => {
  it('50 forged render-errors with random unsigned cookies do not roll back a healthy canary', async () => {
    await canary(healthy);
    const before = await automaticRollbacks(healthy);
    const answers = [];
    for (let i = 0; i < SESSIONS; i++) {
      const forged = `he.mfe-visitor=${crypto.randomBytes(16).toString('base64url')}`;
      answers.push(await beacon(forged, newAddress(), render(healthy)));
    }
    expect(await automaticRollbacks(healthy)).toBe(before);
    expect(await shown(healthy)).toMatchObject({
      audience: { kind: 'brand', brand: 'demo-bank' },
      verdict: null,
      health: { sessions: 0, failedSessions: 0, errors: 0 },
    });
    expect((await registry(newAddress(), 'demo-bank')).version).toBe(healthy);
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('No release session: load /api/mfe/registry first.');
    }
  });

  it('50 forged "loaded" do not mark a broken canary healthy', async () => {
    await canary(broken);
    const answers = [];
    for (let i = 0; i < SESSIONS; i++) {
      const forged = `he.mfe-visitor=${crypto.randomBytes(16).toString('base64url')}`;
      answers.push(await beacon(forged, newAddress(), loaded(broken)));
    }
    expect(await shown(broken)).toMatchObject({ verdict: null, health: { sessions: 0 } });
    expect(answers.map((res) => res.status)).toEqual(Array(SESSIONS).fill(400));
  });

  it('a signed cookie the registry issued, but for another version, does not count', async () => {
    await canary(healthy);
    const before = await automaticRollbacks(healthy);
    const answers = [];
    for (let i = 0; i < SESSIONS; i++) {
      // Outside the audience: the registry serves the active release, with its cookie.
      const address = newAddress();
      const session = await registry(address);
      expect(session.version).toBe(stable);
      answers.push(await beacon(session.cookie, address, render(healthy)));
    }
    expect(await automaticRollbacks(healthy)).toBe(before);
    expect(await shown(healthy)).toMatchObject({ verdict: null, health: { sessions: 0 } });
    for (const res of answers) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'conflict',
        message:
          `mfe-results ${healthy} was not served to this release session, so its report is not counted: report ` +
          'only the version /api/mfe/registry answered.',
      });
    }
  });

  it('all sessions from one address give no verdict', async () => {
    await canary(healthy);
    const before = await automaticRollbacks(healthy);
    const address = newAddress();
    for (let i = 0; i < SESSIONS; i++) {
      // Real sessions of the audience, each with the registry's cookie: counted, but one network counts for two.
      const session = await registry(address, 'demo-bank');
      expect(session.version).toBe(healthy);
      await beacon(session.cookie, address, loaded(healthy)).expect(204);
      await beacon(session.cookie, address, render(healthy)).expect(204);
    }
    expect(await automaticRollbacks(healthy)).toBe(before);
    expect(await shown(healthy)).toMatchObject({
      audience: { kind: 'brand', brand: 'demo-bank' },
      verdict: null,
      health: { sessions: SESSIONS, failedSessions: SESSIONS },
    });
  });

  it('real sessions from many networks still roll back a broken canary, and mark a healthy one healthy', async () => {
    await canary(broken);
    for (let i = 0; i < SESSIONS; i++) {
      const address = newAddress();
      const session = await registry(address, 'demo-bank');
      expect(session.version).toBe(broken);
      await beacon(session.cookie, address, loaded(broken)).expect(204);
      await beacon(session.cookie, address, render(broken)).expect(204);
    }
    expect(await automaticRollbacks(broken)).toBe(1);
    expect(await shown(broken)).toMatchObject({ audience: null, verdict: { result: 'rolled-back' } });
    expect((await registry(newAddress(), 'demo-bank')).version).toBe(stable);
    const { rows } = await world.database.pool.query(
      `select details from audit_log where action = 'release.rollback' and target = $1`,
      [`mfe-results@${broken}`],
    );
    expect(rows[0].details).toMatchObject({ sessions: SESSIONS, networks: SESSIONS, previous: stable });

    await canary(healthy);
    for (let i = 0; i < SESSIONS; i++) {
      const address = newAddress();
      const session = await registry(address, 'demo-bank');
      await beacon(session.cookie, address, loaded(healthy)).expect(204);
    }
    expect(await shown(healthy)).toMatchObject({ verdict: { result: 'healthy' } });
  });
});
