// POST /api/password/link/state: the page of a mailed link asks whether the link still works before a password is
// typed. It answers valid, used or expired and nothing else, never uses the link, refuses what is not a token with
// 400 and a token never issued with 404, and counts against the same per-IP limit as setting a password.
import request from 'supertest';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { findStaffByEmail } from '../../../auth/staff-repository';
import { startTestWorld, type TestApp, type TestWorld } from '../../../../test/test-world';
import { issuePasswordToken, type PasswordLinkPurpose } from '../repository';

const LIMIT = 6;
const HOUR = 60 * 60 * 1000;

let world: TestWorld;
let app: TestApp;
let clock = Date.parse('2026-11-26T10:00:00Z');
// Each test from an address of its own, so that one test's requests do not count against another's limit.
let address = 10;

beforeAll(async () => {
  world = await startTestWorld({
    seed: [seedDemoStaff],
    config: { SIGNIN_RATE_LIMIT: LIMIT },
    now: () => clock,
  });
  ({ app } = world);
});
afterAll(() => world.close());

let ip: string;
beforeEach(() => {
  ip = `198.51.100.${address++}`;
});

const stateOf = (body: unknown) =>
  request(app)
    .post('/api/password/link/state')
    .set('X-Forwarded-For', ip)
    .send(body as object);
const setPassword = (token: string, password: string) =>
  request(app).post('/api/password/link').set('X-Forwarded-For', ip).send({ token, password });

async function linkFor(email: string, purpose: PasswordLinkPurpose): Promise<string> {
  const user = await findStaffByEmail(world.database.db, email);
  return issuePasswordToken(world.database.db, user!.id, purpose, clock);
}

describe('the state of a password link', () => {
  it('is valid until used (asking does not use it); then used, and so are the other open links', async () => {
    const token = await linkFor('staff@energi.demo.test', 'invitation');
    const older = await linkFor('staff@energi.demo.test', 'reset');

    const first = await stateOf({ token }).expect(200);
    expect(first.body).toEqual({ state: 'valid' });
    expect(first.headers['cache-control']).toBe('no-store');
    // Asking again still finds it valid: the check does not use the link.
    expect((await stateOf({ token }).expect(200)).body).toEqual({ state: 'valid' });

    await setPassword(token, 'mitt-eget-lösenord-2026').expect(204);
    expect((await stateOf({ token }).expect(200)).body).toEqual({ state: 'used' });
    // Choosing a password retires the user's other open links.
    expect((await stateOf({ token: older }).expect(200)).body).toEqual({ state: 'used' });
  });

  it('is expired after its lifetime: an hour for a reset, 72 hours for an invitation', async () => {
    const reset = await linkFor('admin@bank.demo.test', 'reset');
    const invitation = await linkFor('admin@energi.demo.test', 'invitation');
    clock += HOUR + 1000;
    expect((await stateOf({ token: reset }).expect(200)).body).toEqual({ state: 'expired' });
    expect((await stateOf({ token: invitation }).expect(200)).body).toEqual({ state: 'valid' });
    clock += 71 * HOUR;
    expect((await stateOf({ token: invitation }).expect(200)).body).toEqual({ state: 'expired' });
    // And setting a password from it is refused, as the page said.
    expect((await setPassword(invitation, 'för-sent-lösenord-2026').expect(400)).body.error).toBe('link_invalid');
  });

  it('answers a token never issued with 404, and what is not a token with 400 naming it, never 500', async () => {
    const unknown = await stateOf({ token: 'A'.repeat(43) }).expect(404);
    expect(unknown.body.error).toBe('not_found');
    expect(unknown.body).not.toHaveProperty('state');

    for (const body of [
      {},
      { token: 'short' },
      { token: 'A'.repeat(129) },
      { token: `${'A'.repeat(42)}=` },
      { token: 1234567890 },
      { token: ['A'.repeat(43)] },
      { token: 'A'.repeat(43), email: 'staff@energi.demo.test' },
    ]) {
      ip = `198.51.100.${address++}`; // the limit is the last test's subject
      const refused = await stateOf(body);
      expect([refused.status, refused.body.error]).toEqual([400, 'bad_request']);
      expect(refused.body.message).toMatch(/body/);
    }
    const notJson = await request(app)
      .post('/api/password/link/state')
      .set('X-Forwarded-For', ip)
      .set('content-type', 'application/json')
      .send('{"token": ');
    expect(notJson.status).toBe(400);
  });

  it('counts against the per-address limit of setting a password, then answers 429 with Retry-After', async () => {
    const token = await linkFor('multi@demo.test', 'reset');
    for (let i = 0; i < LIMIT - 1; i++) await stateOf({ token }).expect(200);
    await setPassword('B'.repeat(43), 'ett-gissat-lösenord-2026').expect(400);

    const limited = await stateOf({ token }).expect(429);
    expect(limited.body.error).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await setPassword(token, 'mitt-eget-lösenord-2026').expect(429);
    // Another address is not limited, and the link was never used by the checks.
    ip = `198.51.100.${address++}`;
    expect((await stateOf({ token }).expect(200)).body).toEqual({ state: 'valid' });
  });
});
