import request from 'supertest';
import type { DatabaseHandle } from '../../db/client';
import { seedDemoStaff } from '../../seed/demo-staff';
import { sessionSchema } from '@home-energy/shared/schemas/session';
import { startTestWorld, type TestWorld, type TestApp } from '../../../test/test-world';
import { signInAs } from '../../../test/staff-session';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, app } = world);
});
afterAll(() => world.close());

async function storedImpersonation(): Promise<unknown[]> {
  const { rows } = await database.pool.query(
    `select sess::jsonb -> 'impersonating' as impersonating from session where sess::jsonb ? 'impersonating'`,
  );
  return rows.map((r) => r.impersonating);
}

it('the NextAuth session has user.impersonating while a super admin impersonates (shared schema)', async () => {
  const agent = request.agent(app);
  await signInAs(agent, 'super@demo.test').expect(200);
  await agent.post('/api/admin/impersonation').send({ organisation: 'demo-bank' }).expect(200);
  const session = await agent.get('/api/auth/session').expect(200);
  expect(sessionSchema.parse(session.body).user.impersonating).toEqual({ slug: 'demo-bank', name: 'Demo Bank' });
  // Only the id is kept in the session row; name and slug are read fresh (a renamed organisation shows its new name).
  expect(await storedImpersonation()).toEqual([{ organisationId: expect.any(Number) }]);
  await database.pool.query(`update organisations set name = 'Demo Bank Nord' where slug = 'demo-bank'`);
  expect((await agent.get('/api/auth/session')).body.user.impersonating).toEqual({
    slug: 'demo-bank',
    name: 'Demo Bank Nord',
  });
  // The NextAuth session update (POST /session) answers the same user.
  const csrf = await agent.get('/api/auth/csrf');
  const updated = await agent.post('/api/auth/session').send({ csrfToken: csrf.body.csrfToken, data: {} }).expect(200);
  expect(updated.body.user.impersonating).toEqual({ slug: 'demo-bank', name: 'Demo Bank Nord' });
  await database.pool.query(`update organisations set name = 'Demo Bank' where slug = 'demo-bank'`);
});

it('drops the impersonation of a user who is no longer a super admin', async () => {
  const agent = request.agent(app);
  await signInAs(agent, 'super@demo.test').expect(200);
  await agent.post('/api/admin/impersonation').send({ organisation: 'demo-energi' }).expect(200);
  await database.pool.query(`update staff_users set super_admin = false where email = 'super@demo.test'`);
  try {
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body.user.superAdmin).toBe(false);
    expect(session.body.user.impersonating).toBeUndefined();
    await agent.post('/api/admin/impersonation').send({ organisation: 'demo-energi' }).expect(403);
  } finally {
    await database.pool.query(`update staff_users set super_admin = true where email = 'super@demo.test'`);
  }
  expect((await agent.get('/api/auth/session')).body.user.impersonating).toBeUndefined();
});

it('never shows impersonation to other staff', async () => {
  const agent = request.agent(app);
  await signInAs(agent, 'admin@energi.demo.test').expect(200);
  await agent.post('/api/admin/impersonation').send({ organisation: 'demo-energi' }).expect(403);
  expect((await agent.get('/api/auth/session')).body.user.impersonating).toBeUndefined();
});
