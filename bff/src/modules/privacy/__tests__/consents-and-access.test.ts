import request from 'supertest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../db/client';
import { homeowners, privacyConsents } from '../../../db/schema';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { seedDemoInstallers } from '../../../seed/demo-installers';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';
import { confirmEmailFromOutbox } from '../../../../test/confirm-email';
import { newRequestMails } from '../../installer-requests/mails';

let world: TestWorld;
let database: DatabaseHandle;
let app: TestApp;
let home: number;
let homeowner: ReturnType<typeof request.agent>;
let installer: ReturnType<typeof request.agent>;
let homeownerId: number;

const LEADS = '/api/console/org/demo-installer/installer-requests';

beforeAll(async () => {
  world = await startTestWorld({
    seed: [seedDemoStaff, seedPlatformContent, seedDemoInstallers],
    config: { FAKE_LOGIN: true },
  });
  ({ database, app } = world);
  [home] = await insertStockholmHomes(database.db, [{ street: 'Samtyckesgatan 2', building: VILLA_1970 }]);
  homeowner = request.agent(app);
  await homeowner.post('/api/flow/user/fake-login').send({}).expect(200);
  await homeowner.post(`/api/flow/property/${home}/building`).send({}).expect(200);
  await homeowner
    .post('/api/flow/user/profile/contact')
    .send({ email: 'samtycke@example.se', mobile: '070-123 45 67' })
    .expect(200);
  await confirmEmailFromOutbox(world, 'samtycke@example.se');
  homeownerId = Number((await homeowner.get('/api/flow/user/profile').expect(200)).body.user_id.slice(1));
  installer = request.agent(app);
  await signInAs(installer, 'staff@installer.demo.test').expect(200);
});
afterAll(() => world.close());

describe('the privacy notice', () => {
  it('says who the operator is and how long each datum is kept, from the settings, in both languages', async () => {
    const en = (await request(app).get('/api/flow/privacy-notice?lng=en').expect(200)).body;
    const sv = (await request(app).get('/api/flow/privacy-notice?lng=sv').expect(200)).body;
    expect(en.version).toMatch(/^[0-9a-f]{12}$/);
    expect(sv.version).toBe(en.version);
    expect(en.operator).toEqual({
      name: 'Home Energy Demo AB',
      org_number: '556000-0000',
      address: 'Exempelgatan 1, 111 11 Stockholm',
      email: 'privacy@home-energy.invalid',
    });
    expect(en.items.map((i: { id: string }) => i.id)).toEqual([
      'account',
      'contact',
      'homes',
      'visitor',
      'leads',
      'mail',
      'access',
    ]);
    const kept = (notice: { items: { id: string; kept: string }[] }, id: string) =>
      notice.items.find((i) => i.id === id)!.kept;
    expect(kept(en, 'account')).toContain('24 months after your last sign-in (we mail you 30 days before)');
    expect(kept(sv, 'account')).toContain('24 månader efter din senaste inloggning');
    expect(kept(en, 'leads')).toContain('12 months after the request was closed');
    expect(kept(en, 'mail')).toBe('90 days.');
    expect(sv.title).toBe('Integritetspolicy');
    expect(sv.rights.paragraphs.join(' ')).toContain('IMY');
  });

  it('refuses an unknown language or parameter with 400 naming it', async () => {
    const res = await request(app).get('/api/flow/privacy-notice?lng=de').expect(400);
    expect(JSON.stringify(res.body)).toContain('lng');
    await request(app).get('/api/flow/privacy-notice?lang=sv').expect(400);
  });
});

describe('consents', () => {
  let leadId: number;

  it('records each share with an installer: what, with whom, when and under which notice version', async () => {
    const { version } = (await request(app).get('/api/flow/privacy-notice').expect(200)).body;
    await homeowner
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([{ installer: 'demo-installer', key: 'heat_pump_airwater', selected: true }])
      .expect(201);
    const { consents } = (await homeowner.get('/api/flow/user/consents').expect(200)).body;
    expect(consents).toEqual([
      {
        id: expect.any(Number),
        recipient: 'Demo Installation AB',
        key: 'heat_pump_airwater',
        shared: ['name', 'email', 'mobile'],
        given_at: expect.any(String),
        notice_version: version,
        withdrawn_at: null,
      },
    ]);
    const [lead] = (await installer.get(LEADS).expect(200)).body.requests;
    leadId = lead.id;
    expect(lead.homeowner).toEqual({ name: expect.any(String), email: 'samtycke@example.se', mobile: '+46701234567' });
  });

  it('only the homeowner lists and withdraws their own consents', async () => {
    const { consents } = (await homeowner.get('/api/flow/user/consents').expect(200)).body;
    await request(app).get('/api/flow/user/consents').expect(401);
    const other = request.agent(app);
    await other.post('/api/flow/user/fake-login').send({ personalNumber: '199001012384' }).expect(200);
    expect((await other.get('/api/flow/user/consents').expect(200)).body.consents).toEqual([]);
    await other.post(`/api/flow/user/consents/${consents[0].id}/withdraw`).send({}).expect(404);
    await homeowner.post('/api/flow/user/consents/abc/withdraw').send({}).expect(400);
    await homeowner.post(`/api/flow/user/consents/${consents[0].id}/withdraw`).send({ now: 1 }).expect(400);
  });

  it('withdrawn: the installer no longer sees name or contact details on the lead, in lists or search', async () => {
    const { consents } = (await homeowner.get('/api/flow/user/consents').expect(200)).body;
    const name = (await database.db.select().from(homeowners).where(eq(homeowners.id, homeownerId)))[0]!.name;
    const withdrawn = await homeowner.post(`/api/flow/user/consents/${consents[0].id}/withdraw`).send({}).expect(200);
    expect(withdrawn.body.consent.withdrawn_at).toEqual(expect.any(String));

    const [lead] = (await installer.get(LEADS).expect(200)).body.requests;
    expect(lead).toMatchObject({
      id: leadId,
      status: 'withdrawn',
      homeowner: { name: null, email: null, mobile: null },
      personal_data_removed_at: expect.any(String),
    });
    const search = await installer.get(`${LEADS}?q=${encodeURIComponent(name.split(' ')[0]!)}`).expect(200);
    expect(search.body.requests).toEqual([]);
    const noted = await installer.patch(`${LEADS}/${leadId}`).send({ status: 'withdrawn', note: 'Gone' }).expect(200);
    expect(noted.body.request.homeowner).toEqual({ name: null, email: null, mobile: null });
    // Withdrawing again changes nothing.
    const again = await homeowner.post(`/api/flow/user/consents/${consents[0].id}/withdraw`).send({}).expect(200);
    expect(again.body.consent.withdrawn_at).toBe(withdrawn.body.consent.withdrawn_at);

    // A request sent again shares the details anew: a new consent, and the installer sees them again.
    await homeowner
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([{ installer: 'demo-installer', key: 'heat_pump_airwater', selected: true }])
      .expect(201);
    const after = (await homeowner.get('/api/flow/user/consents').expect(200)).body.consents;
    expect(after.map((c: { withdrawn_at: string | null }) => c.withdrawn_at === null)).toEqual([true, false]);
    expect((await installer.get(LEADS).expect(200)).body.requests[0].homeowner.mobile).toBe('+46701234567');
  });

  it('a request withdrawn before its mail was built mails the installer nothing about the homeowner', async () => {
    const [second] = await insertStockholmHomes(database.db, [{ street: 'Samtyckesgatan 4', building: VILLA_1970 }]);
    await homeowner.post(`/api/flow/property/${second}/building`).send({}).expect(200);
    await homeowner
      .post(`/api/flow/property/${second}/installer-requests`)
      .send([{ installer: 'demo-installer', key: 'heat_pump_airwater', selected: true }])
      .expect(201);
    const [consent] = (await homeowner.get('/api/flow/user/consents').expect(200)).body.consents;
    const [request] = await database.db.select().from(privacyConsents).where(eq(privacyConsents.id, consent.id));
    await homeowner.post(`/api/flow/user/consents/${consent.id}/withdraw`).send({}).expect(200);
    // The mails of that request as they would be built now: the homeowner's own confirmation only.
    const mails = await newRequestMails(database.db, world.app.mailer, [request!.installerRequestId!]);
    expect(mails.map((m) => m.to)).toEqual(['samtycke@example.se']);
  });
});

describe('who saw my data', () => {
  it('logs the installer staff who saw the lead and the super admin who looked the home up', async () => {
    await database.pool.query('delete from personal_data_access');
    await installer.get(LEADS).expect(200);
    const superAdmin = request.agent(app);
    await signInAs(superAdmin, 'super@demo.test').expect(200);
    await superAdmin.get(`/api/console/org/demo-energi/property-lookup/properties/${home}`).expect(200);

    const log = (await homeowner.get('/api/flow/user/access-log').expect(200)).body;
    expect(log).toMatchObject({ total: 2, page: 1, size: 50 });
    expect(log.entries).toEqual([
      {
        organisation: 'Demo Energi AB',
        role: 'super_admin',
        impersonating: false,
        reason: 'property_lookup',
        at: expect.any(String),
      },
      {
        organisation: 'Demo Installation AB',
        role: 'staff',
        impersonating: false,
        reason: 'lead_list',
        at: expect.any(String),
      },
    ]);
    const filtered = (await homeowner.get('/api/flow/user/access-log?reason=lead_list').expect(200)).body;
    expect(filtered.total).toBe(1);
    await homeowner.get('/api/flow/user/access-log?reason=peeking').expect(400);
    await homeowner.get('/api/flow/user/access-log?page=0').expect(400);
    await request(app).get('/api/flow/user/access-log').expect(401);
  });

  it('an impersonating super admin is logged as such', async () => {
    await database.pool.query('delete from personal_data_access');
    const superAdmin = request.agent(app);
    await signInAs(superAdmin, 'super@demo.test').expect(200);
    await superAdmin.post('/api/admin/impersonation').send({ organisation: 'demo-installer' }).expect(200);
    await superAdmin.get(LEADS).expect(200);
    const { entries } = (await homeowner.get('/api/flow/user/access-log').expect(200)).body;
    expect(entries).toEqual([expect.objectContaining({ role: 'super_admin', impersonating: true })]);
  });

  it("shows an organisation's admin their staff's entries only, and nobody else", async () => {
    await database.pool.query('delete from personal_data_access');
    await installer.get(LEADS).expect(200);
    const superAdmin = request.agent(app);
    await signInAs(superAdmin, 'super@demo.test').expect(200);
    await superAdmin.get(`/api/console/org/demo-energi/property-lookup/properties/${home}`).expect(200);

    const energiAdmin = request.agent(app);
    await signInAs(energiAdmin, 'admin@energi.demo.test').expect(200);
    const energi = (await energiAdmin.get('/api/console/org/demo-energi/data-access').expect(200)).body;
    expect(energi.entries).toEqual([
      expect.objectContaining({ staff: 'super@demo.test', reason: 'property_lookup', homeowner: `h${homeownerId}` }),
    ]);
    const energiStaff = request.agent(app);
    await signInAs(energiStaff, 'staff@energi.demo.test').expect(200);
    await energiStaff.get('/api/console/org/demo-energi/data-access').expect(403);
    await energiAdmin.get('/api/console/org/demo-installer/data-access').expect(404);
    await energiAdmin.get('/api/console/org/demo-energi/data-access?page=x').expect(400);
  });
});
