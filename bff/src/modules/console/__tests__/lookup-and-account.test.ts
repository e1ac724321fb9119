import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { insertStockholmHomes } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
let home: number;
const LOOKUP = '/api/console/org/demo-energi/property-lookup';

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent], config: { FAKE_LOGIN: true } });
  ({ database, app } = world);
  [home] = await insertStockholmHomes(
    database.db,
    ['Uppslagsvägen 3', 'Uppslagsvägen 5', 'Annan gata 1'].map((street) => ({
      street,
      building: {
        building_type: 'villa',
        construction_year: 1950,
        num_floors: 1,
        atemp: 120,
        primary_heating_systems: ['oil'],
      },
    })),
  );
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
});
afterAll(() => world.close());

describe('property lookup (super admins)', () => {
  it("finds a property by address or id, lists its profiles, opens the homeowner's view without them", async () => {
    const homeowner = request.agent(app);
    await homeowner.post('/api/flow/user/fake-login').send({}).expect(200);
    const own = await homeowner
      .post(`/api/flow/property/${home}/building?owner=demo-bank`)
      .send({ occupants: 3, attic_insulation_mm: 100 })
      .expect(200);

    const found = await superAdmin.get(`${LOOKUP}/search?q=uppslagsv`).expect(200);
    expect(found.body.properties.map((p: { name: string; profiles: number }) => [p.name, p.profiles])).toEqual([
      ['Uppslagsvägen 3, 111 22 Stockholm', 1],
      ['Uppslagsvägen 5, 111 22 Stockholm', 0],
    ]);
    expect(
      (await superAdmin.get(`${LOOKUP}/search?q=${home}`).expect(200)).body.properties.map((p: { id: number }) => p.id),
    ).toEqual([home]);
    expect(
      (await superAdmin.get(`${LOOKUP}/search?q=uppslagsv&postal_code=999 99`).expect(200)).body.properties,
    ).toEqual([]);

    const detail = await superAdmin.get(`${LOOKUP}/properties/${home}`).expect(200);
    expect(detail.body.register).toMatchObject({ construction_year: 1950, atemp: 120 });
    expect(detail.body.profiles).toEqual([
      expect.objectContaining({
        owner: 'homeowner',
        homeowner: '19900101-****',
        organisation: { slug: 'demo-bank', name: 'Demo Bank' },
      }),
    ]);
    const profileId = detail.body.profiles[0].id;

    const audits = (await database.pool.query('select count(*)::int as n from audit_log')).rows[0].n;
    const view = await superAdmin.get(`${LOOKUP}/profiles/${profileId}`).expect(200);
    // The same building, recommendations and information the homeowner's results page gets.
    expect(view.body.recommendations).toEqual(own.body.recommendations);
    expect(view.body.information).toEqual(own.body.information);
    expect(view.body.answers).toEqual({ occupants: 3, attic_insulation_mm: 100 });
    expect(view.body.profile.id).toBe(profileId);
    // Reading someone's home is recorded; it writes nothing else.
    const audit = await database.pool.query(
      'select action, target, organisation_id from audit_log order by id desc limit 1',
    );
    expect(audit.rows[0]).toMatchObject({ action: 'profile.view', target: `profile:${profileId}` });
    expect((await database.pool.query('select count(*)::int as n from audit_log')).rows[0].n).toBe(audits + 1);

    await superAdmin.get(`${LOOKUP}/profiles/99999999`).expect(404);
    await superAdmin.get(`${LOOKUP}/properties/99999999`).expect(404);
    // Organisation admins do not have the lookup.
    const admin = request.agent(app);
    await signInAs(admin, 'admin@energi.demo.test').expect(200);
    await admin.get(`${LOOKUP}/profiles/${profileId}`).expect(403);
  });

  it('finds nothing for wildcards, the escape character or an emoji, rather than every property', async () => {
    for (const q of ['%', '_', '\\', '%_%', '😀']) {
      const found = await superAdmin.get(`${LOOKUP}/search`).query({ q }).expect(200);
      expect([q, found.body.properties]).toEqual([q, []]);
    }
    // Around a street's letters they are dropped like other punctuation, and match no more than the letters.
    const names = (await superAdmin.get(`${LOOKUP}/search`).query({ q: 'uppslagsv%' }).expect(200)).body.properties;
    expect(names.map((p: { name: string }) => p.name)).toEqual([
      'Uppslagsvägen 3, 111 22 Stockholm',
      'Uppslagsvägen 5, 111 22 Stockholm',
    ]);
  });
});

describe('account', () => {
  it('shows the signed-in user, their organisations and roles; changes the name', async () => {
    const multi = request.agent(app);
    await signInAs(multi, 'multi@demo.test').expect(200);
    const account = await multi.get('/api/console/org/demo-bank/account').expect(200);
    expect(account.body).toMatchObject({ email: 'multi@demo.test', name: 'Maja Multi', superAdmin: false });
    expect(account.body.organisations).toEqual([
      { slug: 'demo-bank', name: 'Demo Bank', role: 'staff', features: ['platform_analytics'], isInstaller: false },
      {
        slug: 'demo-energi',
        name: 'Demo Energi AB',
        role: 'staff',
        features: ['platform_analytics', 'platform_validation'],
        isInstaller: false,
      },
    ]);
    const renamed = await multi
      .patch('/api/console/org/demo-bank/account')
      .send({ name: 'Maja Multi-Staff' })
      .expect(200);
    expect(renamed.body.name).toBe('Maja Multi-Staff');
    expect((await multi.get('/api/auth/session').expect(200)).body.user.name).toBe('Maja Multi-Staff');
  });

  it('changes the password: the current one is checked, other sessions end, this one stays', async () => {
    const here = request.agent(app);
    await signInAs(here, 'staff@installer.demo.test').expect(200);
    const elsewhere = request.agent(app);
    await signInAs(elsewhere, 'staff@installer.demo.test').expect(200);
    const path = '/api/console/org/demo-installer/account/password';
    const wrong = await here
      .post(path)
      .send({ currentPassword: 'not-it', newPassword: 'a-new-long-password' })
      .expect(400);
    expect(wrong.body.issues).toEqual([{ path: 'body.currentPassword', message: 'the current password is wrong' }]);
    await here.post(path).send({ currentPassword: 'energy-demo-2026', newPassword: 'energy-demo-2026' }).expect(400);
    await here.post(path).send({ currentPassword: 'energy-demo-2026', newPassword: 'a-new-long-password' }).expect(204);
    await here.get('/api/console/org/demo-installer/account').expect(200);
    await elsewhere.get('/api/console/org/demo-installer/account').expect(401);
    await signInAs(request.agent(app), 'staff@installer.demo.test', 'a-new-long-password').expect(200);
    const audit = await database.pool.query("select details from audit_log where action = 'account.password_change'");
    expect(audit.rows[0].details).toEqual({ sessionsEnded: 1 });
  });
});
