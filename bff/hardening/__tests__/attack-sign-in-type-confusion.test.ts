// Attack: send staff sign-in a JSON body whose `password` (or `email`) is a number, a boolean, an array or an object,
// or post a valid CSRF token to `/api/auth/callback/toString` (`constructor`, `__proto__`, `hasOwnProperty`): the
// password reached scrypt as a non-string, and the provider was looked up with `in` (which finds the object's own
// methods), both answered 500 — in production too. Expected: 400 naming the field, or NextAuth's "not supported" 400,
// without a lockout counted or a password checked; the right password still signs in.
import { createHook } from 'node:async_hooks';
import request from 'supertest';
import { DEMO_PASSWORD, seedDemoStaff } from '../../src/seed/demo-staff';
import { startTestWorld, type TestWorld } from '../../test/test-world';
import { signInAs } from '../../test/staff-session';

const NOT_TEXT: unknown[] = [12345678, 0, true, false, ['energy-demo-2026'], { toString: 'x' }, {}];
const PROTOTYPE_KEYS = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

/** scrypt computations while `run` runs (Node names each one SCRYPTREQUEST). */
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

describe.each([
  ['the demo', {}],
  ['production', { demo: false, PUBLIC_URL: 'https://energy.example.se' }],
])('sign-in with a password that is not text, or a provider named like a method, in %s', (_mode, config) => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await startTestWorld({ seed: [seedDemoStaff], config });
  });
  afterAll(() => world.close());

  /** A browser with a valid CSRF cookie and its token. */
  async function browser() {
    const agent = request.agent(world.app);
    const csrfToken = (await agent.get('/api/auth/csrf').expect(200)).body.csrfToken as string;
    return { agent, csrfToken };
  }

  it('answers a JSON password or email that is not a string with 400 naming it, and checks no password', async () => {
    const { agent, csrfToken } = await browser();
    const { result, scrypts } = await countScrypt(async () => {
      const answers: [string, number, string][] = [];
      for (const [field, value] of NOT_TEXT.flatMap((v) => [['password', v] as const, ['email', v] as const])) {
        const body = { csrfToken, email: 'super@demo.test', password: DEMO_PASSWORD, json: 'true', [field]: value };
        const res = await agent.post('/api/auth/callback/credentials').send(body);
        answers.push([`${field}=${JSON.stringify(value)}`, res.status, String(res.body.message ?? '')]);
      }
      return answers;
    });
    for (const [label, status, message] of result) {
      expect([label, status]).toEqual([label, 400]);
      expect(message).toMatch(/^Invalid body\.(password|email): expected a string$/);
    }
    expect(scrypts).toBe(0);
    // Nothing was counted against the account: the right password signs in at once.
    await signInAs(request.agent(world.app), 'super@demo.test').expect(200);
  });

  it('answers a repeated form field (an array) with 400, not 500', async () => {
    const { agent, csrfToken } = await browser();
    const res = await agent
      .post('/api/auth/callback/credentials')
      .type('form')
      .send(
        `csrfToken=${csrfToken}&email=super%40demo.test&password=${DEMO_PASSWORD}&password=${DEMO_PASSWORD}&json=true`,
      );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid body.password: expected a string');
  });

  it.each(PROTOTYPE_KEYS)(
    'answers /callback/%s (and /signin/ the same) with a valid CSRF token as not supported',
    async (key) => {
      const { agent, csrfToken } = await browser();
      for (const action of ['callback', 'signin']) {
        const res = await agent
          .post(`/api/auth/${action}/${key}`)
          .type('form')
          .send({ csrfToken, email: 'super@demo.test', password: DEMO_PASSWORD, json: 'true' });
        expect([action, res.status, res.text]).toEqual([
          action,
          400,
          'Error: This action with HTTP POST is not supported by NextAuth.js',
        ]);
      }
    },
  );
});
