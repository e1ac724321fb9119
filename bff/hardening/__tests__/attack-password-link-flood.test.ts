// Attack: flood `POST /api/password/link` with made-up tokens (600 requests, 40 in parallel, a valid-looking
// 43-character token and a long password). The route hashed the password (scrypt) before it looked the token up, with
// no limit, so every request cost a worker thread ~50 ms: the health probe, staff sign-in and the console slowed to
// seconds. Expected: checked cheapest first (docs/security.md "Expensive work is refused cheaply") — the limit per IP
// (429 + Retry-After, counted in the database), the body's shape, the token looked up — so no made-up token is ever
// hashed; the event loop stays free; and a real link still sets its owner's password.
import { createHook } from 'node:async_hooks';
import type { Server } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import request from 'supertest';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { issuePasswordToken } from '../../src/modules/password-links/repository';
import { findStaffByEmail } from '../../src/auth/staff-repository';
import { startTestWorld, type TestWorld } from '../../test/test-world';
import { signInAs } from '../../test/staff-session';

/** The flood, bounded for the test: this many requests, this many in flight at once, from one address. */
const FLOOD_REQUESTS = 200;
const IN_PARALLEL = 20;
/** Sign-in's default limit per IP per 15 minutes (SIGNIN_RATE_LIMIT), which the link route shares. */
const LIMIT = 20;
const STALL_LIMIT_MS = 200;
const ATTACKER = '198.51.100.7';
const OWNER = '203.0.113.44';
const MADE_UP = { token: 'A'.repeat(43), password: 'correct horse battery staple' };

let world: TestWorld;
let server: Server;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff], config: { SIGNIN_RATE_LIMIT: LIMIT } });
  server = world.app.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await world.close();
});

/** Counts scrypt computations (hashing or verifying a password) while `run` runs: Node names each one SCRYPTREQUEST. */
async function countScrypt<T>(run: () => Promise<T>): Promise<{ result: T; scrypts: number }> {
  let scrypts = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'SCRYPTREQUEST') scrypts++;
    },
  }).enable();
  try {
    return { result: await run(), scrypts };
  } finally {
    hook.disable();
  }
}

const setFromLink = (ip: string, body: object) =>
  request(server).post('/api/password/link').set('X-Forwarded-For', ip).send(body);

describe('a flood of made-up password-link tokens', () => {
  const name = 'is refused without hashing a single password, keeps the event loop free, and a real link still works';
  it(name, async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const { result, scrypts } = await countScrypt(async () => {
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      let next = 0;
      const worker = async () => {
        while (next < FLOOD_REQUESTS) {
          next++;
          const res = await setFromLink(ATTACKER, MADE_UP);
          statuses.push(res.status);
          if (res.status === 429) retryAfter ??= res.headers['retry-after'];
        }
      };
      await Promise.all(Array.from({ length: IN_PARALLEL }, worker));
      return { statuses, retryAfter };
    });
    delay.disable();

    const { statuses, retryAfter } = result;
    // No made-up token's password hashed, and the loop never blocked.
    expect(scrypts).toBe(0);
    expect(delay.max / 1e6).toBeLessThanOrEqual(STALL_LIMIT_MS);
    expect(statuses).toHaveLength(FLOOD_REQUESTS);
    // Every request refused: a 400 link_invalid while within the limit, then 429.
    expect(statuses.filter((s) => s === 400)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(FLOOD_REQUESTS - LIMIT);
    expect(Number(retryAfter)).toBeGreaterThan(0);

    // The attacker's address stays limited, whatever it sends.
    const limited = await setFromLink(ATTACKER, MADE_UP).expect(429);
    expect(limited.body.error).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // The owner of a real link, from their own address: one hash, and the new password signs in.
    const owner = await findStaffByEmail(world.database.db, 'staff@energi.demo.test');
    const token = await issuePasswordToken(world.database.db, owner!.id, 'reset', Date.now());
    const used = await countScrypt(() =>
      setFromLink(OWNER, { token, password: 'a password of my own 2026' }).then((res) => res.status),
    );
    expect(used).toEqual({ result: 204, scrypts: 1 });
    await signInAs(request.agent(server), 'staff@energi.demo.test', 'a password of my own 2026').expect(200);
  });

  it('refuses a malformed token or password with 400 before any lookup or hashing', async () => {
    const { result, scrypts } = await countScrypt(() =>
      Promise.all([
        setFromLink('198.51.100.8', { token: 'short', password: MADE_UP.password }),
        setFromLink('198.51.100.8', { token: MADE_UP.token, password: 12345678901 }),
        setFromLink('198.51.100.8', { token: MADE_UP.token, password: true }),
        setFromLink('198.51.100.8', { token: ['A'.repeat(43)], password: MADE_UP.password }),
      ]),
    );
    expect(result.map((res) => [res.status, res.body.error])).toEqual(Array(4).fill([400, 'bad_request']));
    expect(scrypts).toBe(0);
  });
});
