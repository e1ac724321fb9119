import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { signInAs } from '../../../../test/staff-session';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
let superAdminId: number;

const INSTALLERS = [
  {
    name: 'Solkraft AB',
    identifier: 'solkraft',
    logo: 'https://solkraft.example/logo.png',
    url: 'https://solkraft.example',
  },
  { name: 'Värmepumpar i Norr', identifier: 'vpn', logo: '/images/vpn.svg', url: 'https://vpn.example/offert' },
];

async function auditRows(action: string) {
  const { rows } = await database.pool.query(
    `select a.*, o.slug as organisation_slug, i.slug as impersonated_slug from audit_log a
       left join organisations o on o.id = a.organisation_id left join organisations i
       on i.id = a.impersonated_organisation_id
      where action = $1 order by a.id`,
    [action],
  );
  return rows;
}

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, app } = world);
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
  superAdminId = (await database.pool.query(`select id from staff_users where email = 'super@demo.test'`)).rows[0].id;
});
afterAll(() => world.close());

describe('organisations', () => {
  it('lists every organisation with its flags and counts', async () => {
    const res = await superAdmin.get('/api/admin/organisations').expect(200);
    const energi = res.body.organisations.find((o: { slug: string }) => o.slug === 'demo-energi');
    expect(energi).toEqual({
      slug: 'demo-energi',
      name: 'Demo Energi AB',
      brand: 'demo-energi',
      features: ['platform_analytics', 'platform_validation'],
      isInstaller: false,
      active: true,
      demo: true,
      createdAt: expect.any(String),
      users: 3,
      installers: 0,
    });
  });

  it('creates an organisation with its installers and question set, audited with the real user', async () => {
    const res = await superAdmin
      .post('/api/admin/organisations')
      .send({
        slug: 'norr-energi',
        name: 'Norr Energi AB',
        brand: 'norr-energi',
        features: ['platform_validation', 'platform_analytics', 'platform_analytics'],
        isInstaller: false,
        installers: INSTALLERS,
      })
      .expect(201);
    expect(res.body).toMatchObject({
      slug: 'norr-energi',
      name: 'Norr Energi AB',
      features: ['platform_analytics', 'platform_validation'],
      active: true,
      demo: false,
      installers: 2,
      installerList: INSTALLERS,
      brandConfigFound: false,
    });
    const { rows } = await database.pool.query(
      `select count(*)::int as n from question_definitions q join organisations o on o.id = ` +
        `q.organisation_id where o.slug = 'norr-energi'`,
    );
    expect(rows[0].n).toBeGreaterThan(10);
    const [row] = await auditRows('organisation.create');
    expect(row).toMatchObject({
      actor_id: superAdminId,
      actor_email: 'super@demo.test',
      organisation_slug: 'norr-energi',
      impersonated_slug: null,
      target: 'organisation:norr-energi',
    });
    expect(row.details).toMatchObject({ name: 'Norr Energi AB', installers: 2 });
  });

  it('answers 409 with a clear message for a slug in use, creating nothing', async () => {
    const before = (await database.pool.query('select count(*)::int as n from organisations')).rows[0].n;
    const res = await superAdmin
      .post('/api/admin/organisations')
      .send({ slug: 'demo-bank', name: 'Another bank', brand: 'demo-bank' })
      .expect(409);
    const message = 'An organisation with the slug "demo-bank" already exists. Choose another slug.';
    expect(res.body).toEqual({
      error: 'conflict',
      message,
      issues: [{ path: 'body.slug', code: 'taken', message }],
    });
    expect((await database.pool.query('select count(*)::int as n from organisations')).rows[0].n).toBe(before);
  });

  it.each([
    ['a slug with capitals', { slug: 'Bad Slug', name: 'X', brand: 'x' }, 'body.slug'],
    ['an empty name', { slug: 'ok-slug', name: '  ', brand: 'x' }, 'body.name'],
    ['a name over 255 characters', { slug: 'ok-slug', name: 'x'.repeat(256), brand: 'x' }, 'body.name'],
    ['an unknown feature', { slug: 'ok-slug', name: 'X', brand: 'x', features: ['platform_magic'] }, 'body.features.0'],
    ['a bad brand id', { slug: 'ok-slug', name: 'X', brand: 'Not A Brand' }, 'body.brand'],
    [
      'an installer url that is not http(s)',
      { slug: 'ok-slug', name: 'X', brand: 'x', installers: [{ ...INSTALLERS[0], url: 'javascript:alert(1)' }] },
      'body.installers.0.url',
    ],
    [
      'an installer name over 255',
      { slug: 'ok-slug', name: 'X', brand: 'x', installers: [{ ...INSTALLERS[0], name: 'n'.repeat(256) }] },
      'body.installers.0.name',
    ],
    [
      'two installers with one identifier',
      {
        slug: 'ok-slug',
        name: 'X',
        brand: 'x',
        installers: [INSTALLERS[0], { ...INSTALLERS[1], identifier: 'solkraft' }],
      },
      'body.installers.1.identifier',
    ],
    ['an unknown field', { slug: 'ok-slug', name: 'X', brand: 'x', owner: 'me' }, 'body'],
  ])('answers 400 naming the field for %s', async (_what, body, field) => {
    const res = await superAdmin.post('/api/admin/organisations').send(body).expect(400);
    expect(res.body.error).toBe('bad_request');
    expect(res.body.message).toMatch(new RegExp(`^Invalid ${field.replace(/\./g, '\\.')}`));
    expect(res.body.issues[0].path).toBe(field);
    expect(
      (await database.pool.query(`select count(*)::int as n from organisations where slug = 'ok-slug'`)).rows[0].n,
    ).toBe(0);
  });

  it('edits name, brand, features, installer flag and installers, auditing what changed', async () => {
    const res = await superAdmin
      .patch('/api/admin/organisations/norr-energi')
      .send({
        name: 'Norrenergi AB',
        brand: 'demo-energi',
        features: ['platform_analytics'],
        isInstaller: true,
        installers: [INSTALLERS[1]],
      })
      .expect(200);
    expect(res.body).toMatchObject({
      name: 'Norrenergi AB',
      brand: 'demo-energi',
      features: ['platform_analytics'],
      isInstaller: true,
      installerList: [INSTALLERS[1]],
    });
    const [row] = await auditRows('organisation.update');
    expect(row.details.changes).toEqual({
      name: { from: 'Norr Energi AB', to: 'Norrenergi AB' },
      brand: { from: 'norr-energi', to: 'demo-energi' },
      features: { from: ['platform_analytics', 'platform_validation'], to: ['platform_analytics'] },
      isInstaller: { from: false, to: true },
      installers: { from: INSTALLERS, to: [INSTALLERS[1]] },
    });
    // The console sees the new details at once.
    expect((await superAdmin.get('/api/console/org/norr-energi/details').expect(200)).body).toEqual({
      slug: 'norr-energi',
      name: 'Norrenergi AB',
      features: ['platform_analytics'],
      isInstaller: true,
    });
  });

  it('answers 404 for an unknown organisation and 400 for an empty patch', async () => {
    await superAdmin.get('/api/admin/organisations/no-such-org').expect(404);
    await superAdmin.patch('/api/admin/organisations/no-such-org').send({ name: 'X' }).expect(404);
    const empty = await superAdmin.patch('/api/admin/organisations/norr-energi').send({}).expect(400);
    expect(empty.body.message).toBe('Invalid body: give at least one field to change');
  });

  it('deactivates an organisation: its members lose its console; reactivating gives it back', async () => {
    const bankAdmin = request.agent(app);
    await signInAs(bankAdmin, 'admin@bank.demo.test').expect(200);
    await bankAdmin.get('/api/console/org/demo-bank/details').expect(200);

    const off = await superAdmin.patch('/api/admin/organisations/demo-bank').send({ active: false }).expect(200);
    expect(off.body.active).toBe(false);
    await bankAdmin.get('/api/console/org/demo-bank/details').expect(404);
    expect((await bankAdmin.get('/api/auth/session')).body.user.organisations).toEqual([]);
    expect(await auditRows('organisation.deactivate')).toEqual([
      expect.objectContaining({ actor_id: superAdminId, organisation_slug: 'demo-bank' }),
    ]);

    await superAdmin.patch('/api/admin/organisations/demo-bank').send({ active: true }).expect(200);
    await bankAdmin.get('/api/console/org/demo-bank/details').expect(200);
    expect(await auditRows('organisation.reactivate')).toHaveLength(1);
  });
});

describe('impersonation', () => {
  it('carries the organisation in the session, audits every write with the real user, and stops', async () => {
    const started = await superAdmin.post('/api/admin/impersonation').send({ organisation: 'norr-energi' }).expect(200);
    expect(started.body).toEqual({ impersonating: { slug: 'norr-energi', name: 'Norrenergi AB' } });
    const session = await superAdmin.get('/api/auth/session').expect(200);
    expect(session.body.user).toMatchObject({
      superAdmin: true,
      impersonating: { slug: 'norr-energi', name: 'Norrenergi AB' },
    });

    // A write in the organisation's console while impersonating.
    const created = await superAdmin
      .post('/api/console/org/norr-energi/users')
      .send({ email: 'ny@norr.test', name: 'Nina Ny', role: 'admin' })
      .expect(201);
    expect(created.body.user.memberships).toEqual([
      { organisation: 'norr-energi', organisationName: 'Norrenergi AB', role: 'admin' },
    ]);
    const [write] = await auditRows('user.create');
    expect(write).toMatchObject({
      actor_id: superAdminId,
      actor_email: 'super@demo.test',
      impersonated_slug: 'norr-energi',
      organisation_slug: 'norr-energi',
    });
    expect(JSON.stringify(write.details)).not.toContain(created.body.oneTimePassword);

    await superAdmin.delete('/api/admin/impersonation').expect(204);
    expect((await superAdmin.get('/api/auth/session')).body.user.impersonating).toBeUndefined();
    expect((await auditRows('impersonation.start'))[0]).toMatchObject({
      actor_id: superAdminId,
      organisation_slug: 'norr-energi',
      impersonated_slug: null,
    });
    expect((await auditRows('impersonation.stop'))[0]).toMatchObject({
      actor_id: superAdminId,
      organisation_slug: 'norr-energi',
      impersonated_slug: 'norr-energi',
    });
  });

  it('refuses unknown or inactive organisations, and ends when the organisation is deactivated', async () => {
    await superAdmin.post('/api/admin/impersonation').send({ organisation: 'no-such-org' }).expect(404);
    await superAdmin.post('/api/admin/impersonation').send({}).expect(400);
    await superAdmin.post('/api/admin/impersonation').send({ organisation: 'demo-installer' }).expect(200);
    await superAdmin.patch('/api/admin/organisations/demo-installer').send({ active: false }).expect(200);
    expect((await superAdmin.get('/api/auth/session')).body.user.impersonating).toBeUndefined();
    await superAdmin.post('/api/admin/impersonation').send({ organisation: 'demo-installer' }).expect(404);
    await superAdmin.patch('/api/admin/organisations/demo-installer').send({ active: true }).expect(200);
  });

  it('ends with the session: signing in again starts without it', async () => {
    await superAdmin.post('/api/admin/impersonation').send({ organisation: 'demo-energi' }).expect(200);
    await signInAs(superAdmin, 'super@demo.test').expect(200);
    expect((await superAdmin.get('/api/auth/session')).body.user.impersonating).toBeUndefined();
  });
});
