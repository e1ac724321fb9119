// Attack: erase an installer's records from the homeowner's side. A homeowner's withdraw deleted the installer's lead
// whatever its status: a lead marked won with the note "Contract signed … order #4711" vanished from the installer's
// list (PATCH → 404), and a declined lead came back as a new one after withdraw + re-request. Expected
// (docs/security.md "Installer requests and contact email"): a withdraw marks an open lead `withdrawn` (kept, with its
// note and time, without the homeowner's contact details); won, lost and declined leads stay as the installer left
// them; a re-request never resets a declined lead.
import request from 'supertest';
import type { Activity } from '@home-energy/shared/schemas/energy';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { seedPlatformContent } from '../../src/seed/platform-content';
import { seedDemoInstallers } from '../../src/seed/demo-installers';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../test/register-homes';
import { signInAs } from '../../test/staff-session';

const LEADS = '/api/console/org/demo-installer/installer-requests';
const CONTRACT = 'Contract signed 2026-11-20, order #4711';

let world: TestWorld;
let app: TestApp;
let home: number;
let measures: string[];
let homeowner: ReturnType<typeof request.agent>;
let installer: ReturnType<typeof request.agent>;

interface LeadBody {
  id: number;
  key: string;
  status: string;
  note: string | null;
  withdrawn_at: string | null;
  homeowner: { name: string; email: string | null; mobile: string | null };
}

const select = (key: string, selected: boolean) =>
  homeowner
    .post(`/api/flow/property/${home}/installer-requests`)
    .send([{ installer: 'demo-installer', key, selected }])
    .expect(201);
const leadOf = async (key: string): Promise<LeadBody | undefined> =>
  ((await installer.get(LEADS).expect(200)).body.requests as LeadBody[]).find((l) => l.key === key);
const mine = async (key: string) =>
  ((await homeowner.get(`/api/flow/property/${home}/installers`).expect(200)).body.requests as { key: string }[]).find(
    (r) => r.key === key,
  );

beforeAll(async () => {
  world = await startTestWorld({
    seed: [seedDemoStaff, seedPlatformContent, seedDemoInstallers],
    config: { FAKE_LOGIN: true },
  });
  ({ app } = world);
  [home] = await insertStockholmHomes(world.database.db, [{ street: 'Kontraktsgatan 1', building: VILLA_1970 }]);
  homeowner = request.agent(app);
  await homeowner.post('/api/flow/user/fake-login').send({}).expect(200);
  const building = await homeowner.post(`/api/flow/property/${home}/building`).send({}).expect(200);
  measures = (building.body.recommendations as Activity[])
    .filter((a) => a.needs_installer && a.available && a.completion_status !== 'completed')
    .filter((a) => a.kwh_saved_bought > 0 || a.savings.energyCostSavings > 0)
    .map((a) => a.name);
  await homeowner
    .post('/api/flow/user/profile/contact')
    .send({ email: 'anna@example.se', mobile: '070-123 45 67' })
    .expect(200);
  installer = request.agent(app);
  await signInAs(installer, 'staff@installer.demo.test').expect(200);
});
afterAll(() => world.close());

describe('attack: a homeowner’s withdraw erases the installer’s lead', () => {
  it('keeps a won lead, its status and note, when the homeowner withdraws it', async () => {
    const key = measures[0]!;
    await select(key, true);
    const lead = (await leadOf(key))!;
    for (const status of ['contacted', 'quoted']) await installer.patch(`${LEADS}/${lead.id}`).send({ status });
    await installer.patch(`${LEADS}/${lead.id}`).send({ status: 'won', note: CONTRACT }).expect(200);

    await select(key, false);
    expect(await leadOf(key)).toMatchObject({ id: lead.id, status: 'won', note: CONTRACT });
    expect(await mine(key)).toMatchObject({ status: 'won' });
  });

  it('marks an open lead withdrawn, with the time, keeping its note and leaving out the contact details', async () => {
    const key = measures[1]!;
    await select(key, true);
    const lead = (await leadOf(key))!;
    await installer.patch(`${LEADS}/${lead.id}`).send({ status: 'contacted', note: 'Called, visit on Monday.' });

    await select(key, false);
    const withdrawn = (await leadOf(key))!;
    expect(withdrawn).toMatchObject({
      id: lead.id,
      status: 'withdrawn',
      note: 'Called, visit on Monday.',
      withdrawn_at: expect.any(String),
      homeowner: { email: null, mobile: null },
    });
    expect(await mine(key)).toBeUndefined();

    // The installer may still keep notes on it, but not move it on.
    const noted = await installer
      .patch(`${LEADS}/${lead.id}`)
      .send({ status: 'withdrawn', note: 'Withdrawn by the homeowner.' })
      .expect(200);
    expect(noted.body.request).toMatchObject({ status: 'withdrawn', note: 'Withdrawn by the homeowner.' });
    const moved = await installer.patch(`${LEADS}/${lead.id}`).send({ status: 'quoted' }).expect(400);
    expect(moved.body.issues[0].path).toBe('body.status');

    // A re-request reopens it where the installer had it, with the contact details again.
    await select(key, true);
    expect(await leadOf(key)).toMatchObject({
      id: lead.id,
      status: 'contacted',
      withdrawn_at: null,
      homeowner: { mobile: '+46701234567' },
    });
  });

  it('keeps a declined lead declined through withdraw and re-request, and the homeowner sees it declined', async () => {
    const key = measures[2]!;
    await select(key, true);
    const lead = (await leadOf(key))!;
    await installer.patch(`${LEADS}/${lead.id}`).send({ status: 'declined', note: 'Outside our area.' }).expect(200);

    await select(key, false);
    await select(key, true);
    const leads = ((await installer.get(LEADS).expect(200)).body.requests as LeadBody[]).filter((l) => l.key === key);
    expect(leads).toEqual([expect.objectContaining({ id: lead.id, status: 'declined', note: 'Outside our area.' })]);
    expect(await mine(key)).toMatchObject({ status: 'declined' });
  });
});
