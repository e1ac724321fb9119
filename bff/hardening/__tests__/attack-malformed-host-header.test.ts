// Attack: in the demo (no PUBLIC_URL, so the auth routes build their URLs from the request), send every /api/auth route
// a Host header that names no host — `a b`, `[`, `x:99999` —: `new URL()` threw and every one of them answered 500.
// Expected: 400 naming the Host header on every route (RFC 9112 §3.2), the same for X-Forwarded-Host from a trusted
// proxy, while every real host form (names, a trailing dot, IPv4, IPv6 literals, ports) keeps working.
import request from 'supertest';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { startTestWorld, type TestWorld } from '../../test/test-world';
import { listRoutes } from '../../test/route-table';

const BAD_HOSTS = [
  '',
  'a b',
  '[',
  'x:99999',
  'x:0',
  'x:',
  '[::1',
  'a..b',
  'exa_mple.test:80:80',
  '-',
  'a/b',
  'a@b',
  '%41',
];
const GOOD_HOSTS = ['energy.test', 'energy.test.', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'demo-bank.x.se'];

let world: TestWorld;
beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
});
afterAll(() => world.close());

/** Every /api/auth route the app answers, as a request: its path (a made-up action for the catch-all) and method. */
function authRoutes(): { method: 'get' | 'post' | 'put'; path: string }[] {
  return listRoutes(world.app)
    .filter((r) => r.path.startsWith('/api/auth'))
    .map((r) => ({
      method: r.method === '_ALL' ? 'put' : (r.method.toLowerCase() as 'get' | 'post'),
      path: r.path.replace(':provider', 'credentials').replace('{*rest}', 'unknown-action'),
    }));
}

describe('a Host header that names no host', () => {
  it('is a 400 naming the Host header on every /api/auth route in the demo', async () => {
    const routes = authRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const answers: string[] = [];
    for (const route of routes) {
      for (const host of BAD_HOSTS) {
        const res = await request(world.app)[route.method](route.path).set('Host', host);
        const named = res.status === 400 && /Invalid Host header/.test(String(res.body?.message));
        if (!named)
          answers.push(`${route.method.toUpperCase()} ${route.path} Host ${JSON.stringify(host)} → ${res.status}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('is a 400 from a trusted proxy in X-Forwarded-Host too', async () => {
    const res = await request(world.app).get('/api/auth/csrf').set('X-Forwarded-Host', 'x:99999');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid X-Forwarded-Host header/);
  });

  it('does not refuse real hosts', async () => {
    for (const host of GOOD_HOSTS) {
      const res = await request(world.app).get('/api/auth/providers').set('Host', host);
      expect([host, res.status]).toEqual([host, 200]);
      expect(res.body.credentials.signinUrl).toMatch(/^http:\/\/[^/]+\/api\/auth\/signin\/credentials$/);
    }
  });
});
