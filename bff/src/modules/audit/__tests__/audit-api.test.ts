import express from 'express';
import pino from 'pino';
import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { signInAs } from '../../../../test/staff-session';
import { auditWrites } from '../middleware';
import { audit } from '../record';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, app } = world);
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
  const energiAdmin = request.agent(app);
  await signInAs(energiAdmin, 'admin@energi.demo.test').expect(200);
  for (const row of (await database.pool.query('select id, email from staff_users')).rows) ids[row.email] = row.id;

  // A history: the super admin edits two organisations (one while impersonating a third), the energi admin adds users.
  await superAdmin.patch('/api/admin/organisations/demo-bank').send({ name: 'Demo Bank AB' }).expect(200);
  await superAdmin.post('/api/admin/impersonation').send({ organisation: 'demo-installer' }).expect(200);
  await superAdmin
    .post('/api/console/org/demo-installer/users')
    .send({ email: 'ivar@installer.test', name: 'Ivar', role: 'staff' })
    .expect(201);
  await superAdmin.delete('/api/admin/impersonation').expect(204);
  for (let i = 0; i < 5; i += 1) {
    await energiAdmin
      .post('/api/console/org/demo-energi/users')
      .send({ email: `user${i}@energi.test`, name: `User ${i}`, role: 'staff' })
      .expect(201);
  }
  // One old row, to filter by period.
  await database.pool.query(
    `insert into audit_log (actor_id, actor_email, action, target, created_at) values ($1, ` +
      `'super@demo.test', 'organisation.update', 'organisation:demo-energi', '2025-03-15T10:00:00Z')`,
    [ids['super@demo.test']],
  );
});
afterAll(() => world.close());

describe('GET /api/admin/audit', () => {
  it('lists entries newest first with who, which organisation, impersonation, action, target and details', async () => {
    const res = await superAdmin.get('/api/admin/audit').expect(200);
    expect(res.body).toMatchObject({ total: 10, page: 1, pageSize: 25 });
    expect(res.body.entries.map((e: { action: string }) => e.action)).toEqual([
      ...Array(5).fill('user.create'),
      'impersonation.stop',
      'user.create',
      'impersonation.start',
      'organisation.update',
      'organisation.update',
    ]);
    const impersonated = res.body.entries[6];
    expect(impersonated).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      actor: { id: ids['super@demo.test'], email: 'super@demo.test', name: 'Sara Superadmin' },
      organisation: { slug: 'demo-installer', name: 'Demo Installation AB' },
      impersonating: { slug: 'demo-installer', name: 'Demo Installation AB' },
      action: 'user.create',
      target: 'user:ivar@installer.test',
      details: {
        userId: expect.any(Number),
        name: 'Ivar',
        memberships: [{ organisation: 'demo-installer', role: 'staff' }],
      },
    });
    expect(res.body.entries[8].details.changes).toEqual({ name: { from: 'Demo Bank', to: 'Demo Bank AB' } });
  });

  it('filters by organisation (concerned or impersonated), user and period, and pages', async () => {
    const installer = await superAdmin.get('/api/admin/audit?organisation=demo-installer').expect(200);
    expect(installer.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'impersonation.stop',
      'user.create',
      'impersonation.start',
    ]);
    const byAdmin = await superAdmin
      .get(`/api/admin/audit?user=${ids['admin@energi.demo.test']}&pageSize=2&page=2`)
      .expect(200);
    expect(byAdmin.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(byAdmin.body.entries.map((e: { target: string }) => e.target)).toEqual([
      'user:user2@energi.test',
      'user:user1@energi.test',
    ]);
    const march = await superAdmin.get('/api/admin/audit?from=2025-03-01&to=2025-03-15').expect(200);
    expect(march.body.entries.map((e: { target: string }) => e.target)).toEqual(['organisation:demo-energi']);
    const exact = await superAdmin
      .get('/api/admin/audit')
      .query({ from: '2025-03-15T11:00:00+01:00', to: '2025-03-15T11:00:01+01:00' })
      .expect(200);
    expect(exact.body.total).toBe(1);
    const none = await superAdmin.get('/api/admin/audit?organisation=no-such-org').expect(200);
    expect(none.body).toMatchObject({ total: 0, entries: [] });
  });

  it.each([
    ['from after to', 'from=2025-03-02&to=2025-03-01', 'query.from'],
    ['a bad date', 'from=yesterday', 'query.from'],
    ['a page of 0', 'page=0', 'query.page'],
    ['a page size over 100', 'pageSize=1000', 'query.pageSize'],
    ['a user that is not an id', 'user=anna', 'query.user'],
    ['an unknown filter', 'action=user.create', 'query'],
  ])('answers 400 for %s', async (_what, query, field) => {
    const res = await superAdmin.get(`/api/admin/audit?${query}`).expect(400);
    expect(res.body.issues[0].path).toBe(field);
  });
});

describe('the catch-all for writes a route did not audit itself', () => {
  function probeApp() {
    const probe = express();
    probe.use((req, _res, next) => {
      req.user = {
        kind: 'staff',
        id: String(ids['admin@energi.demo.test']),
        email: 'admin@energi.demo.test',
        name: 'Anna',
        superAdmin: false,
        admin: true,
        organisations: [],
      };
      next();
    });
    probe.use(auditWrites(database.db, pino({ level: 'silent' })));
    probe.post('/plain', (_req, res) => void res.status(201).json({}));
    probe.post('/refused', (_req, res) => void res.status(400).json({}));
    probe.get('/read', (_req, res) => void res.json({}));
    probe.post('/explained', async (req, res) => {
      await audit(database.db, req, res, { action: 'message.update', target: 'message:1' });
      res.json({});
    });
    return probe;
  }

  /** The rows after `id` once there are `count` of them: the catch-all writes after the answer has gone out. */
  async function rowsAfter(id: number, count: number) {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const { rows } = await database.pool.query(
        'select action, target, details from audit_log where id > $1 order by action',
        [id],
      );
      if (rows.length >= count || Date.now() > deadline) return rows;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('records successful writes once, and nothing for reads or refused writes', async () => {
    const last = (await database.pool.query('select max(id)::int as id from audit_log')).rows[0].id;
    const probe = probeApp();
    await request(probe).post('/plain?x=1').expect(201);
    await request(probe).post('/refused').expect(400);
    await request(probe).get('/read').expect(200);
    await request(probe).post('/explained').expect(200);
    expect(await rowsAfter(last, 2)).toEqual([
      { action: 'message.update', target: 'message:1', details: {} },
      { action: 'request.write', target: 'POST /plain', details: { status: 201 } },
    ]);
  });
});
