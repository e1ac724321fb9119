import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { seedDemoInstallers } from '../../../seed/demo-installers';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';
import { confirmEmailFromOutbox } from '../../../../test/confirm-email';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let home: number;
let homeowner: ReturnType<typeof request.agent>;
let installer: ReturnType<typeof request.agent>;

const LEADS = '/api/console/org/demo-installer/installer-requests';

async function funnel(): Promise<Record<string, number>> {
  const { rows } = await database.pool.query(
    "select bucket, sum(n)::int as n from analytics_daily where metric = 'installer_funnel' group by bucket",
  );
  return Object.fromEntries(rows.map((r: { bucket: string; n: number }) => [r.bucket, r.n]));
}

beforeAll(async () => {
  world = await startTestWorld({
    seed: [seedDemoStaff, seedPlatformContent, seedDemoInstallers],
    config: { FAKE_LOGIN: true },
  });
  ({ database, app } = world);
  [home] = await insertStockholmHomes(database.db, [{ street: 'Ledgatan 4', building: VILLA_1970 }]);
  homeowner = request.agent(app);
  await homeowner.post('/api/flow/user/fake-login').send({}).expect(200);
  await homeowner.post(`/api/flow/property/${home}/building`).send({}).expect(200);
  await homeowner
    .post('/api/flow/user/profile/contact')
    .send({ email: 'anna@example.se', mobile: '070-123 45 67' })
    .expect(200);
  // The installer gets the email once the homeowner has confirmed it (homeowner/email-verification.ts).
  await confirmEmailFromOutbox(world, 'anna@example.se');
  await homeowner
    .post(`/api/flow/property/${home}/installer-requests`)
    .send([
      { installer: 'demo-installer', key: 'heat_pump_airwater', selected: true },
      { installer: 'solkraft-demo', key: 'heat_pump_airwater', selected: true },
    ])
    .expect(201);
  installer = request.agent(app);
  await signInAs(installer, 'staff@installer.demo.test').expect(200);
});
afterAll(() => world.close());

describe('installer leads in the console', () => {
  it('lists the requests to the installer organisation, with the contact details given when sending', async () => {
    const res = await installer.get(LEADS).expect(200);
    expect(res.body.requests).toEqual([
      {
        id: expect.any(Number),
        property: { street: 'Ledgatan 4', postal_code: expect.any(String), postal_city: 'Stockholm' },
        key: 'heat_pump_airwater',
        homeowner: { name: expect.any(String), email: 'anna@example.se', mobile: '+46701234567' },
        requested_at: expect.any(String),
        status: 'new',
        note: null,
        status_changed_at: null,
        withdrawn_at: null,
        personal_data_removed_at: null,
      },
    ]);
    // A later change of the homeowner's contact details does not change what they shared with this request.
    await homeowner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'other@example.se', mobile: '070-999 99 99' })
      .expect(200);
    expect((await installer.get(LEADS).expect(200)).body.requests[0].homeowner.email).toBe('anna@example.se');
  });

  it('moves a request along the allowed transitions only, audited; the homeowner and the brand see it', async () => {
    const [lead] = (await installer.get(LEADS).expect(200)).body.requests;
    const refused = await installer.patch(`${LEADS}/${lead.id}`).send({ status: 'won' }).expect(400);
    expect(refused.body.issues[0].path).toBe('body.status');
    await installer
      .patch(`${LEADS}/${lead.id}`)
      .send({ status: 'contacted', note: 'x'.repeat(1001) })
      .expect(400);

    const moved = await installer
      .patch(`${LEADS}/${lead.id}`)
      .send({ status: 'contacted', note: 'Called, visit on Monday.' })
      .expect(200);
    expect(moved.body.request).toMatchObject({
      id: lead.id,
      status: 'contacted',
      note: 'Called, visit on Monday.',
      status_changed_at: expect.any(String),
    });
    const { rows: audit } = await database.pool.query(
      "select action, target, details from audit_log where action = 'installer_request.status'",
    );
    expect(audit).toEqual([
      {
        action: 'installer_request.status',
        target: `installer_request:${lead.id}`,
        details: { from: 'new', to: 'contacted', note: 'Called, visit on Monday.' },
      },
    ]);

    const mine = await homeowner.get(`/api/flow/property/${home}/installers`).expect(200);
    expect(mine.body.requests.find((r: { installer: string }) => r.installer === 'demo-installer')).toMatchObject({
      status: 'contacted',
    });
    expect(mine.body.requests.find((r: { installer: string }) => r.installer === 'solkraft-demo')).toMatchObject({
      status: 'new',
    });

    await installer.patch(`${LEADS}/${lead.id}`).send({ status: 'quoted' }).expect(200);
    await installer.patch(`${LEADS}/${lead.id}`).send({ status: 'lost' }).expect(200);
    await installer.patch(`${LEADS}/${lead.id}`).send({ status: 'contacted' }).expect(400);
    // The brand's funnel counts the stages reached: lost after a quote still counts as contacted and quoted.
    expect(await funnel()).toEqual({ requested: 2, contacted: 1, quoted: 1 });
    const activities = await (async () => {
      const admin = request.agent(app);
      await signInAs(admin, 'admin@energi.demo.test').expect(200);
      return (await admin.get('/api/console/org/demo-energi/analytics/activities').expect(200)).body;
    })();
    expect(activities.installerFunnel).toEqual({ requested: 2, contacted: 1, quoted: 1, won: 0 });
  });

  it('hides the requests from other organisations and refuses non-installer organisations', async () => {
    const [lead] = (await installer.get(LEADS).expect(200)).body.requests;
    const energi = request.agent(app);
    await signInAs(energi, 'admin@energi.demo.test').expect(200);
    await energi.get(LEADS).expect(404);
    await energi.patch(`${LEADS}/${lead.id}`).send({ status: 'declined' }).expect(404);
    await energi.get('/api/console/org/demo-energi/installer-requests').expect(403);
    const superAdmin = request.agent(app);
    await signInAs(superAdmin, 'super@demo.test').expect(200);
    expect((await superAdmin.get(LEADS).expect(200)).body.requests).toHaveLength(1);
    await superAdmin.patch(`${LEADS}/999999`).send({ status: 'contacted' }).expect(404);
    await request(app).get(LEADS).expect(401);
  });
});
