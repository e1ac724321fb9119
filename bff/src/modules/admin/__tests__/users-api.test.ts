import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { DEMO_ACCOUNTS, seedDemoStaff } from '../../../seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { signInAs } from '../../../../test/staff-session';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
let energiAdmin: ReturnType<typeof request.agent>;
const ids: Record<string, number> = {};

async function auditRows(action: string) {
  const { rows } = await database.pool.query(
    `select a.*, o.slug as organisation_slug from audit_log a left join organisations o on o.id = ` +
      `a.organisation_id where action = $1 order by a.id`,
    [action],
  );
  return rows;
}

async function sessionsOf(email: string): Promise<number> {
  const { rows } = await database.pool.query(
    `select count(*)::int as n from session where sess::jsonb #>> '{passport,user,id}' = (select id::text ` +
      `from staff_users where email = $1)`,
    [email],
  );
  return rows[0].n;
}

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, app } = world);
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
  energiAdmin = request.agent(app);
  await signInAs(energiAdmin, 'admin@energi.demo.test').expect(200);
  const { rows } = await database.pool.query('select id, email from staff_users');
  for (const row of rows) ids[row.email] = row.id;
});
afterAll(() => world.close());

describe('super admin: console users across organisations', () => {
  it('lists every user with memberships, filtered by organisation and by text', async () => {
    const all = await superAdmin.get('/api/admin/users').expect(200);
    expect(all.body.users).toHaveLength(DEMO_ACCOUNTS.length);
    const multi = all.body.users.find((u: { email: string }) => u.email === 'multi@demo.test');
    expect(multi).toEqual({
      id: ids['multi@demo.test'],
      email: 'multi@demo.test',
      name: 'Maja Multi',
      active: true,
      superAdmin: false,
      demo: true,
      createdAt: expect.any(String),
      lastSignInAt: null,
      memberships: [
        { organisation: 'demo-bank', organisationName: 'Demo Bank', role: 'staff' },
        { organisation: 'demo-energi', organisationName: 'Demo Energi AB', role: 'staff' },
      ],
      managedElsewhere: false,
    });
    expect(JSON.stringify(all.body)).not.toMatch(/scrypt|password/i);
    const bank = await superAdmin.get('/api/admin/users?organisation=demo-bank').expect(200);
    expect(bank.body.users.map((u: { email: string }) => u.email).sort()).toEqual([
      'admin@bank.demo.test',
      'multi@demo.test',
    ]);
    const search = await superAdmin.get('/api/admin/users?q=INSTALL').expect(200);
    expect(search.body.users.map((u: { email: string }) => u.email).sort()).toEqual([
      'admin@installer.demo.test',
      'staff@installer.demo.test',
    ]);
    // LIKE's wildcards and escape character typed into the search match themselves, not every user.
    for (const q of ['%', '_', '\\']) {
      expect([q, (await superAdmin.get('/api/admin/users').query({ q }).expect(200)).body.users]).toEqual([q, []]);
    }
    await superAdmin.get('/api/admin/users?organisation=no-such-org').expect(400);
    await superAdmin.get('/api/admin/users?role=admin').expect(400);
  });

  it('creates a user with memberships and a one-time password that signs in', async () => {
    const res = await superAdmin
      .post('/api/admin/users')
      .send({
        email: '  Olle@Demo.TEST ',
        name: 'Olle Ny',
        memberships: [
          { organisation: 'demo-energi', role: 'staff' },
          { organisation: 'demo-bank', role: 'admin' },
        ],
      })
      .expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.oneTimePassword).toMatch(/^[a-zA-Z2-9]{4}(-[a-zA-Z2-9]{4}){3}$/);
    expect(res.body.user).toMatchObject({ email: 'olle@demo.test', name: 'Olle Ny', active: true });
    expect(
      res.body.user.memberships.map((m: { organisation: string; role: string }) => `${m.organisation}:${m.role}`),
    ).toEqual(['demo-bank:admin', 'demo-energi:staff']);
    ids['olle@demo.test'] = res.body.user.id;

    const olle = request.agent(app);
    await signInAs(olle, 'olle@demo.test', res.body.oneTimePassword).expect(200);
    expect((await olle.get('/api/auth/session')).body.user.organisations.map((o: { slug: string }) => o.slug)).toEqual([
      'demo-bank',
      'demo-energi',
    ]);

    const [created] = await auditRows('user.create');
    expect(created).toMatchObject({
      actor_id: ids['super@demo.test'],
      target: 'user:olle@demo.test',
      organisation_id: null,
    });
    expect(JSON.stringify(created.details)).not.toContain(res.body.oneTimePassword);
    expect((await auditRows('membership.add')).map((r) => r.organisation_slug).sort()).toEqual([
      'demo-bank',
      'demo-energi',
    ]);
  });

  it.each([
    ['a bad email', { email: 'not-an-email', name: 'X' }, 'body.email'],
    ['an empty name', { email: 'x@demo.test', name: '' }, 'body.name'],
    [
      'an unknown role',
      { email: 'x@demo.test', name: 'X', memberships: [{ organisation: 'demo-bank', role: 'owner' }] },
      'body.memberships.0.role',
    ],
    [
      'an unknown organisation',
      { email: 'x@demo.test', name: 'X', memberships: [{ organisation: 'no-such-org', role: 'staff' }] },
      'body.memberships.0.organisation',
    ],
    ['a super admin flag', { email: 'x@demo.test', name: 'X', superAdmin: true }, 'body'],
  ])('answers 400 naming the field for %s, creating nothing', async (_what, body, field) => {
    const res = await superAdmin.post('/api/admin/users').send(body).expect(400);
    expect(res.body.issues[0].path).toBe(field);
    expect(res.body.message).toContain(field);
    expect(
      (await database.pool.query(`select count(*)::int as n from staff_users where email = 'x@demo.test'`)).rows[0].n,
    ).toBe(0);
  });

  it('answers 409 for an email in use', async () => {
    const res = await superAdmin
      .post('/api/admin/users')
      .send({ email: 'STAFF@energi.demo.test', name: 'Dup' })
      .expect(409);
    expect(res.body.message).toMatch(/already exists/);
  });

  it('adds a membership, changes the role and removes it, each audited', async () => {
    const id = ids['staff@installer.demo.test'];
    const added = await superAdmin
      .put(`/api/admin/users/${id}/memberships/demo-bank`)
      .send({ role: 'staff' })
      .expect(200);
    expect(added.body.memberships.map((m: { organisation: string }) => m.organisation)).toEqual([
      'demo-bank',
      'demo-installer',
    ]);
    const promoted = await superAdmin
      .put(`/api/admin/users/${id}/memberships/demo-bank`)
      .send({ role: 'admin' })
      .expect(200);
    expect(promoted.body.memberships[0]).toEqual({
      organisation: 'demo-bank',
      organisationName: 'Demo Bank',
      role: 'admin',
    });
    const removed = await superAdmin.delete(`/api/admin/users/${id}/memberships/demo-bank`).expect(200);
    expect(removed.body.memberships.map((m: { organisation: string }) => m.organisation)).toEqual(['demo-installer']);
    expect((await auditRows('membership.role_change')).at(-1)).toMatchObject({
      organisation_slug: 'demo-bank',
      details: expect.objectContaining({ from: 'staff', to: 'admin' }),
    });
    expect((await auditRows('membership.remove')).at(-1)).toMatchObject({
      organisation_slug: 'demo-bank',
      target: 'user:staff@installer.demo.test',
    });
    await superAdmin.delete(`/api/admin/users/${id}/memberships/demo-bank`).expect(404);
    await superAdmin.put(`/api/admin/users/${id}/memberships/demo-bank`).send({ role: 'boss' }).expect(400);
    await superAdmin.put('/api/admin/users/999999/memberships/demo-bank').send({ role: 'staff' }).expect(404);
    await superAdmin.patch('/api/admin/users/abc').send({ active: false }).expect(400);
  });

  it('deactivates a user: they cannot sign in and their sessions end; reactivating lets them back', async () => {
    const erik = request.agent(app);
    await signInAs(erik, 'staff@energi.demo.test').expect(200);
    expect(await sessionsOf('staff@energi.demo.test')).toBe(1);

    const res = await superAdmin
      .patch(`/api/admin/users/${ids['staff@energi.demo.test']}`)
      .send({ active: false })
      .expect(200);
    expect(res.body.active).toBe(false);
    expect(await sessionsOf('staff@energi.demo.test')).toBe(0);
    expect((await erik.get('/api/auth/session')).body).toEqual({});
    await erik.get('/api/console/org/demo-energi/details').expect(401);
    const refused = await signInAs(request.agent(app), 'staff@energi.demo.test').expect(401);
    expect(refused.body.url).toMatch(/error=CredentialsSignin/);
    expect((await auditRows('user.deactivate'))[0]).toMatchObject({
      actor_id: ids['super@demo.test'],
      details: { userId: ids['staff@energi.demo.test'], sessionsEnded: 1 },
    });

    await superAdmin.patch(`/api/admin/users/${ids['staff@energi.demo.test']}`).send({ active: true }).expect(200);
    await signInAs(request.agent(app), 'staff@energi.demo.test').expect(200);
    expect(await auditRows('user.reactivate')).toHaveLength(1);
  });

  it('refuses to deactivate your own account', async () => {
    const res = await superAdmin
      .patch(`/api/admin/users/${ids['super@demo.test']}`)
      .send({ active: false })
      .expect(409);
    expect(res.body.message).toBe('You cannot deactivate your own account.');
  });

  it('resets a password: a new one-time password, the old one stops working, sessions end', async () => {
    const maja = request.agent(app);
    await signInAs(maja, 'multi@demo.test').expect(200);
    const res = await superAdmin.post(`/api/admin/users/${ids['multi@demo.test']}/reset-password`).expect(200);
    expect(res.body.oneTimePassword).toMatch(/^[a-zA-Z2-9-]{19}$/);
    expect((await maja.get('/api/auth/session')).body).toEqual({});
    await signInAs(request.agent(app), 'multi@demo.test').expect(401);
    await signInAs(request.agent(app), 'multi@demo.test', res.body.oneTimePassword).expect(200);
    const [row] = await auditRows('user.password_reset');
    expect(row).toMatchObject({
      target: 'user:multi@demo.test',
      details: { userId: ids['multi@demo.test'], sessionsEnded: 1 },
    });
    expect(JSON.stringify(row)).not.toContain(res.body.oneTimePassword);
  });

  it('renames a user', async () => {
    const res = await superAdmin
      .patch(`/api/admin/users/${ids['olle@demo.test']}`)
      .send({ name: 'Olle Olsson' })
      .expect(200);
    expect(res.body.name).toBe('Olle Olsson');
    expect((await auditRows('user.update'))[0].details).toEqual({
      userId: ids['olle@demo.test'],
      name: { from: 'Olle Ny', to: 'Olle Olsson' },
    });
  });
});

describe("organisation admin: their own organisation's users from the console", () => {
  it('sees only its own members and only their membership here', async () => {
    const res = await energiAdmin.get('/api/console/org/demo-energi/users').expect(200);
    const emails = res.body.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining(['admin@energi.demo.test', 'staff@energi.demo.test', 'multi@demo.test', 'olle@demo.test']),
    );
    expect(emails).not.toContain('admin@bank.demo.test');
    const maja = res.body.users.find((u: { email: string }) => u.email === 'multi@demo.test');
    expect(maja.memberships).toEqual([
      { organisation: 'demo-energi', organisationName: 'Demo Energi AB', role: 'staff' },
    ]);
    expect(maja.managedElsewhere).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('Demo Bank');
  });

  it('creates a staff user of the organisation, audited to the organisation', async () => {
    const res = await energiAdmin
      .post('/api/console/org/demo-energi/users')
      .send({ email: 'stina@energi.demo.test', name: 'Stina Staff', role: 'staff' })
      .expect(201);
    expect(res.body.user.memberships).toEqual([
      { organisation: 'demo-energi', organisationName: 'Demo Energi AB', role: 'staff' },
    ]);
    expect(res.body.oneTimePassword).toBeTruthy();
    ids['stina@energi.demo.test'] = res.body.user.id;
    const row = (await auditRows('user.create')).at(-1);
    expect(row).toMatchObject({
      actor_id: ids['admin@energi.demo.test'],
      organisation_slug: 'demo-energi',
      impersonated_organisation_id: null,
    });
    const again = await energiAdmin
      .post('/api/console/org/demo-energi/users')
      .send({ email: 'stina@energi.demo.test', name: 'Again', role: 'staff' })
      .expect(409);
    expect(again.body.issues).toEqual([
      {
        path: 'body.email',
        code: 'already_member',
        params: { role: 'staff' },
        message: 'stina@energi.demo.test is already a member of Demo Energi AB, as staff.',
      },
    ]);
    const bad = await energiAdmin
      .post('/api/console/org/demo-energi/users')
      .send({ email: 'x@demo.test', name: 'X', role: 'owner' })
      .expect(400);
    expect(bad.body.issues[0].path).toBe('body.role');
  });

  it('says what to do about an email in use: nothing for a member; else a super admin adds them', async () => {
    const add = (agent: ReturnType<typeof request.agent>, email: string) =>
      agent.post('/api/console/org/demo-energi/users').send({ email, name: 'Again', role: 'staff' }).expect(409);
    const issue = async (agent: ReturnType<typeof request.agent>, email: string) =>
      (await add(agent, email)).body.issues[0];
    // An organisation's admin cannot add a membership: a super admin can.
    expect(await issue(energiAdmin, 'admin@bank.demo.test')).toEqual({
      path: 'body.email',
      code: 'exists_ask_super_admin',
      message:
        'A console user with the email admin@bank.demo.test already exists, but is not a member of Demo Energi AB. ' +
        'Ask a super admin to add them to your organisation.',
    });

    const impersonating = request.agent(app);
    await signInAs(impersonating, 'super@demo.test').expect(200);
    await impersonating.post('/api/admin/impersonation').send({ organisation: 'demo-energi' }).expect(200);
    expect(await issue(impersonating, 'admin@energi.demo.test')).toMatchObject({
      code: 'already_member',
      params: { role: 'admin' },
      message: 'admin@energi.demo.test is already a member of Demo Energi AB, as admin.',
    });
    const elsewhere = await issue(impersonating, 'admin@bank.demo.test');
    expect(elsewhere.code).toBe('exists_add_in_admin');
    expect(elsewhere.message).not.toMatch(/ask a super admin/i);

    const platform = await superAdmin.post('/api/admin/users').send({ email: 'admin@bank.demo.test', name: 'X' });
    expect(platform.status).toBe(409);
    expect(platform.body.issues[0].code).toBe('exists_add_membership');
  });

  it('changes roles, resets passwords and deactivates its own members only', async () => {
    const stina = ids['stina@energi.demo.test'];
    await energiAdmin.patch(`/api/console/org/demo-energi/users/${stina}`).send({ role: 'admin' }).expect(200);
    const reset = await energiAdmin.post(`/api/console/org/demo-energi/users/${stina}/reset-password`).expect(200);
    await signInAs(request.agent(app), 'stina@energi.demo.test', reset.body.oneTimePassword).expect(200);
    await energiAdmin.patch(`/api/console/org/demo-energi/users/${stina}`).send({ active: false }).expect(200);
    await signInAs(request.agent(app), 'stina@energi.demo.test', reset.body.oneTimePassword).expect(401);
    await energiAdmin.patch(`/api/console/org/demo-energi/users/${stina}`).send({ active: true }).expect(200);

    // Another organisation's user is not found here; a shared account is the super admins' to reset.
    await energiAdmin
      .patch(`/api/console/org/demo-energi/users/${ids['admin@bank.demo.test']}`)
      .send({ role: 'staff' })
      .expect(404);
    await energiAdmin
      .post(`/api/console/org/demo-energi/users/${ids['admin@bank.demo.test']}/reset-password`)
      .expect(404);
    const shared = await energiAdmin
      .post(`/api/console/org/demo-energi/users/${ids['multi@demo.test']}/reset-password`)
      .expect(403);
    expect(shared.body.message).toMatch(/only a super admin/);
    await energiAdmin
      .patch(`/api/console/org/demo-energi/users/${ids['multi@demo.test']}`)
      .send({ active: false })
      .expect(403);
    // The body an organisation admin may send has no name or super admin fields.
    await energiAdmin.patch(`/api/console/org/demo-energi/users/${stina}`).send({ name: 'Renamed' }).expect(400);
  });

  it('does not let the last admin demote or remove themself (409), but does once there is another admin', async () => {
    const bankAdmin = request.agent(app);
    await signInAs(bankAdmin, 'admin@bank.demo.test').expect(200);
    const me = ids['admin@bank.demo.test'];
    // Olle (created above as a bank admin) steps back to staff, so Bengt is the bank's last admin.
    await superAdmin
      .put(`/api/admin/users/${ids['olle@demo.test']}/memberships/demo-bank`)
      .send({ role: 'staff' })
      .expect(200);
    const demote = await bankAdmin.patch(`/api/console/org/demo-bank/users/${me}`).send({ role: 'staff' }).expect(409);
    expect(demote.body).toEqual({
      error: 'last_admin',
      message: 'You are the last admin of Demo Bank: make someone else an admin before you step down or leave.',
    });
    const leave = await bankAdmin.delete(`/api/console/org/demo-bank/users/${me}`).expect(409);
    expect(leave.body.error).toBe('last_admin');
    expect(
      (await bankAdmin.get('/api/console/org/demo-bank/users').expect(200)).body.users.find(
        (u: { id: number }) => u.id === me,
      ).memberships[0].role,
    ).toBe('admin');

    // With Olle an admin again, Bengt may step down.
    await superAdmin
      .put(`/api/admin/users/${ids['olle@demo.test']}/memberships/demo-bank`)
      .send({ role: 'admin' })
      .expect(200);
    await bankAdmin.patch(`/api/console/org/demo-bank/users/${me}`).send({ role: 'staff' }).expect(200);
    expect((await auditRows('membership.role_change')).at(-1)).toMatchObject({
      actor_id: me,
      organisation_slug: 'demo-bank',
      details: expect.objectContaining({ from: 'admin', to: 'staff' }),
    });
  });
});
