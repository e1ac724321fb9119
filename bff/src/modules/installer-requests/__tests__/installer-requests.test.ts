import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { organisationInstallers, organisations } from '../../../db/schema';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { insertRegisterRows } from '../../property/repository';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { eq } from 'drizzle-orm';
import { confirmEmailFromOutbox } from '../../../../test/confirm-email';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let home: number;

async function requestRows(): Promise<number> {
  const { rows } = await database.pool.query('select count(*)::int as n from installer_requests');
  return rows[0].n;
}

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff, seedPlatformContent], config: { FAKE_LOGIN: true } });
  ({ database, app } = world);
  await insertRegisterRows(
    database.db,
    [
      {
        street: 'Installatörsvägen 1',
        streetKey: 'installatörsvägen 1',
        postalCode: '11122',
        postalCity: 'Stockholm',
        building: {
          building_type: 'villa',
          construction_year: 1975,
          num_floors: 1,
          atemp: 130,
          primary_heating_systems: ['oil'],
        },
      },
    ],
    'import',
  );
  home = (await database.pool.query('select id from properties limit 1')).rows[0].id;
  const [energi] = await database.db.select().from(organisations).where(eq(organisations.slug, 'demo-energi'));
  await database.db.insert(organisationInstallers).values([
    {
      organisationId: energi!.id,
      position: 0,
      name: 'Värmepumpar AB',
      identifier: 'varmepumpar',
      logo: 'https://example.se/logo.png',
      url: 'https://example.se',
    },
    {
      organisationId: energi!.id,
      position: 1,
      name: 'Solkraft AB',
      identifier: 'solkraft',
      logo: 'https://sol.example.se/logo.png',
      url: 'https://sol.example.se',
    },
  ]);
});
afterAll(() => world.close());

describe('installer requests', () => {
  it('lists the installers the home’s organisation offers, to the owner of the profile only', async () => {
    await request(app).get(`/api/flow/property/${home}/installers`).expect(404);
    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${home}/building`).send({}).expect(200);
    const res = await agent.get(`/api/flow/property/${home}/installers`).expect(200);
    expect(res.body.installers.map((i: { identifier: string }) => i.identifier)).toEqual(['varmepumpar', 'solkraft']);
    expect(res.body.requests).toEqual([]);
  });

  it('needs a signed-in homeowner with contact details, then sends and withdraws requests', async () => {
    const visitor = request.agent(app);
    await visitor.post(`/api/flow/property/${home}/building`).send({}).expect(200);
    await visitor
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([{ installer: 'solkraft', key: 'solar_panel_installation', selected: true }])
      .expect(401);

    const agent = request.agent(app);
    await agent.post(`/api/flow/property/${home}/building`).send({}).expect(200);
    await agent.post('/api/flow/user/fake-login').send({}).expect(200);
    const selection = [
      { installer: 'varmepumpar', key: 'heat_pump_geothermal', selected: true },
      { installer: 'solkraft', key: 'heat_pump_geothermal', selected: false },
    ];
    const refused = await agent.post(`/api/flow/property/${home}/installer-requests`).send(selection).expect(409);
    expect(refused.body.error).toBe('contact_required');
    expect(await requestRows()).toBe(0);

    await agent
      .post('/api/flow/user/profile/contact')
      .send({ email: 'anna@example.se', mobile: '070-123 45 67' })
      .expect(200);
    const sent = await agent.post(`/api/flow/property/${home}/installer-requests`).send(selection).expect(201);
    expect(sent.body.requests).toEqual([
      {
        installer: 'varmepumpar',
        installer_name: 'Värmepumpar AB',
        key: 'heat_pump_geothermal',
        requested_at: expect.any(String),
        status: 'new',
        status_changed_at: null,
      },
    ]);
    // Sending again does not duplicate; unselecting withdraws.
    await agent.post(`/api/flow/property/${home}/installer-requests`).send(selection).expect(201);
    expect(await requestRows()).toBe(1);
    const withdrawn = await agent
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([{ installer: 'varmepumpar', key: 'heat_pump_geothermal', selected: false }])
      .expect(201);
    expect(withdrawn.body.requests).toEqual([]);
    // The installer's lead stays, marked withdrawn, without the contact details (docs/using-the-demo.md).
    const { rows } = await database.pool.query(
      'select status, withdrawn_from, withdrawn_at is not null as withdrawn, contact_email, contact_mobile ' +
        'from installer_requests',
    );
    expect(rows).toEqual([
      { status: 'withdrawn', withdrawn_from: 'new', withdrawn: true, contact_email: null, contact_mobile: null },
    ]);
  });

  it('shares the email with the installer only once the homeowner has confirmed it', async () => {
    const agent = request.agent(app);
    await agent.post('/api/flow/user/fake-login').send({ personalNumber: '197501011236' }).expect(200);
    await agent.post(`/api/flow/property/${home}/building`).send({}).expect(200);
    await agent
      .post('/api/flow/user/profile/contact')
      .send({ email: 'bo@example.se', mobile: '0701234567' })
      .expect(200);
    await agent
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([{ installer: 'solkraft', key: 'heat_pump_geothermal', selected: true }])
      .expect(201);
    const lead = async () =>
      (
        await database.pool.query(
          "select contact_email, contact_mobile from installer_requests where installer_identifier = 'solkraft'",
        )
      ).rows;
    expect(await lead()).toEqual([{ contact_email: null, contact_mobile: '+46701234567' }]);
    await confirmEmailFromOutbox(world, 'bo@example.se');
    expect(await lead()).toEqual([{ contact_email: 'bo@example.se', contact_mobile: '+46701234567' }]);
  });

  it('refuses a key that is not one of the home’s measures, naming it', async () => {
    const agent = request.agent(app);
    await agent.post('/api/flow/user/fake-login').send({ personalNumber: '197501011236' }).expect(200);
    const refused = await agent
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([{ installer: 'solkraft', key: 'Ring oss!', selected: true }])
      .expect(400);
    expect(refused.body.message).toContain('Ring oss!');
    expect(refused.body.issues).toEqual([
      { path: 'body.key', message: "Ring oss! is not one of this home's measures" },
    ]);
  });

  it('refuses bad selections with a 400 and writes nothing', async () => {
    const agent = request.agent(app);
    await agent.post('/api/flow/user/fake-login').send({}).expect(200);
    await agent.post(`/api/flow/property/${home}/building`).send({}).expect(200);
    const before = await requestRows();
    const bad: unknown[] = [
      [],
      {},
      [{ installer: 'varmepumpar', key: 'x', selected: 'yes' }],
      [{ installer: '', key: 'x', selected: true }],
      [{ installer: 'v'.repeat(101), key: 'x', selected: true }],
      [{ installer: 'varmepumpar', key: 'k'.repeat(101), selected: true }],
      [{ installer: 'varmepumpar', key: 'x', selected: true, extra: 1 }],
      [{ installer: 'someone-else', key: 'x', selected: true }],
    ];
    for (const body of bad)
      await agent
        .post(`/api/flow/property/${home}/installer-requests`)
        .send(body as object)
        .expect(400);
    await agent
      .post('/api/flow/property/99999999/installer-requests')
      .send([{ installer: 'varmepumpar', key: 'x', selected: true }])
      .expect(404);
    expect(await requestRows()).toBe(before);
  });
});
