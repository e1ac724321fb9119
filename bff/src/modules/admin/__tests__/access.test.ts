import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { DEMO_ROLES, rowCount, signInDemoRoles, type DemoRole } from '../../../../test/demo-roles';

/**
 * Only super admins reach /api/admin (401 signed out, 403 everyone else, nothing written), and only an organisation's
 * admins (and super admins) reach its console user management.
 */
type Role = DemoRole;
const ROLES = DEMO_ROLES;

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
const ADMIN_ROUTES: [Method, string, object?][] = [
  ['get', '/api/admin/organisations'],
  ['post', '/api/admin/organisations', { slug: 'acl-test', name: 'ACL test', brand: 'acl-test' }],
  ['get', '/api/admin/organisations/demo-energi'],
  ['patch', '/api/admin/organisations/demo-energi', { name: 'Hijacked' }],
  ['get', '/api/admin/users'],
  ['post', '/api/admin/users', { email: 'acl@demo.test', name: 'ACL', memberships: [] }],
  ['patch', '/api/admin/users/1', { active: false }],
  ['put', '/api/admin/users/1/memberships/demo-bank', { role: 'admin' }],
  ['delete', '/api/admin/users/2/memberships/demo-energi'],
  ['post', '/api/admin/users/2/reset-password'],
  ['get', '/api/admin/releases'],
  ['post', '/api/admin/releases/mfe-results/0.1.0-0000000000/activate'],
  ['post', '/api/admin/impersonation', { organisation: 'demo-energi' }],
  ['delete', '/api/admin/impersonation'],
  ['get', '/api/admin/audit'],
];

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
const agents = {} as Record<Role, ReturnType<typeof request.agent>>;

const count = (table: string) => rowCount(database.pool, table);

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, app } = world);
  Object.assign(agents, await signInDemoRoles(app));
});
afterAll(() => world.close());

describe.each((Object.keys(ROLES) as Role[]).filter((r) => r !== 'superAdmin'))('/api/admin as %s', (role) => {
  it.each(ADMIN_ROUTES.map(([method, path, body]) => [`${method.toUpperCase()} ${path}`, method, path, body] as const))(
    '%s is refused',
    async (_name, method, path, body) => {
      const before = {
        audit: await count('audit_log'),
        organisations: await count('organisations'),
        users: await count('staff_users'),
      };
      const call = agents[role][method](path);
      const res = await (body ? call.send(body) : call);
      expect(res.status).toBe(role === 'anonymous' ? 401 : 403);
      expect(res.body).toEqual({
        error: role === 'anonymous' ? 'unauthorized' : 'forbidden',
        message: expect.any(String),
      });
      expect({
        audit: await count('audit_log'),
        organisations: await count('organisations'),
        users: await count('staff_users'),
      }).toEqual(before);
    },
  );
});

it('lets a super admin read every admin resource', async () => {
  for (const path of [
    '/api/admin/organisations',
    '/api/admin/organisations/demo-energi',
    '/api/admin/users',
    '/api/admin/releases',
    '/api/admin/audit',
  ]) {
    const res = await agents.superAdmin.get(path);
    expect([path, res.status]).toEqual([path, 200]);
    expect(res.headers['cache-control']).toBe('no-store');
  }
});

describe('console user management of an organisation', () => {
  const expected: Record<Role, number> = {
    anonymous: 401,
    superAdmin: 200,
    energiAdmin: 200,
    energiStaff: 403,
    // Not a member: the organisation is not confirmed to exist.
    bankAdmin: 404,
    installerStaff: 404,
    multiStaff: 403,
  };
  it.each(Object.keys(ROLES) as Role[])('GET /api/console/org/demo-energi/users as %s', async (role) => {
    const res = await agents[role].get('/api/console/org/demo-energi/users');
    expect(res.status).toBe(expected[role]);
    if (res.status === 200)
      expect(res.body.users.map((u: { email: string }) => u.email)).toContain('admin@energi.demo.test');
    else expect(JSON.stringify(res.body)).not.toMatch(/energi\.demo\.test/);
  });

  it("refuses writes by staff and by other organisations' admins, writing nothing", async () => {
    const before = await count('staff_users');
    await agents.energiStaff
      .post('/api/console/org/demo-energi/users')
      .send({ email: 'x@demo.test', name: 'X', role: 'staff' })
      .expect(403);
    await agents.bankAdmin
      .post('/api/console/org/demo-energi/users')
      .send({ email: 'x@demo.test', name: 'X', role: 'staff' })
      .expect(404);
    await agents.energiStaff.post('/api/console/org/demo-energi/users/1/reset-password').expect(403);
    expect(await count('staff_users')).toBe(before);
    expect(await count('audit_log')).toBe(0);
  });
});
