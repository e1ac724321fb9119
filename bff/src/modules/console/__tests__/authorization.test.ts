import request from 'supertest';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { DEMO_ROLES, signInDemoRoles, type DemoRole } from '../../../../test/demo-roles';

/**
 * Every role against every /api/console and /api/admin route, including other organisations' ids.
 * Expected outcome per role; a 4xx body must never carry the organisation's data.
 */
type Role = DemoRole;
const ROLES = DEMO_ROLES;

const MEMBER_OF: Record<Role, string[]> = {
  anonymous: [],
  superAdmin: ['demo-energi', 'demo-bank', 'demo-installer'],
  energiAdmin: ['demo-energi'],
  energiStaff: ['demo-energi'],
  bankAdmin: ['demo-bank'],
  installerStaff: ['demo-installer'],
  multiStaff: ['demo-energi', 'demo-bank'],
};

interface RouteCase {
  method: 'get';
  path: string;
  expected: (role: Role) => number;
}

const ORGS = ['demo-energi', 'demo-bank', 'demo-installer', 'no-such-org', 'BAD_slug!'];
const ROUTES: RouteCase[] = [
  ...ORGS.map((org) => ({
    method: 'get' as const,
    path: `/api/console/org/${encodeURIComponent(org)}/details`,
    expected: (role: Role) => (role === 'anonymous' ? 401 : MEMBER_OF[role].includes(org) ? 200 : 404),
  })),
  {
    method: 'get',
    path: '/api/admin/releases',
    expected: (role) => (role === 'anonymous' ? 401 : role === 'superAdmin' ? 200 : 403),
  },
];

let world: TestWorld;
let app: TestApp;
const agents = {} as Record<Role, ReturnType<typeof request.agent>>;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ app } = world);
  Object.assign(agents, await signInDemoRoles(app));
});
afterAll(() => world.close());

describe.each(Object.keys(ROLES) as Role[])('as %s', (role) => {
  it.each(ROUTES.map((r) => [r.path, r] as const))('%s', async (_path, route) => {
    const res = await agents[role][route.method](route.path);
    expect(res.status).toBe(route.expected(role));
    if (res.status >= 400) {
      expect(res.body).toEqual({ error: expect.any(String), message: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toMatch(/Demo (Energi|Bank|Installation)/);
    }
  });
});

it('answers organisation details with name, features and installer flag', async () => {
  const energi = await agents.energiStaff.get('/api/console/org/demo-energi/details').expect(200);
  expect(energi.body).toEqual({
    slug: 'demo-energi',
    name: 'Demo Energi AB',
    features: ['platform_analytics', 'platform_validation'],
    isInstaller: false,
  });
  const installer = await agents.superAdmin.get('/api/console/org/demo-installer/details').expect(200);
  expect(installer.body).toEqual({
    slug: 'demo-installer',
    name: 'Demo Installation AB',
    features: [],
    isInstaller: true,
  });
});
