// Attack: use the product's mail to flood someone else's inbox. A signed-in homeowner set any contact email (never
// confirmed) and sent installer requests whose `key` was free text: 4 requests sent 100 mails with the attacker's text
// to the victim (and 100 junk leads to the installer's staff); withdraw + re-request sent them all again. Expected
// (docs/security.md "Installer requests and contact email"): an unconfirmed address gets nothing but the confirmation
// link, a key that is not one of the home's measures is a 400 naming it, a withdraw + re-request within a day mails
// nobody again, and a homeowner sends at most INSTALLER_REQUESTS_PER_DAY requests a day (429).
import request from 'supertest';
import type { Activity } from '@home-energy/shared/schemas/energy';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { seedPlatformContent } from '../../src/seed/platform-content';
import { seedDemoInstallers } from '../../src/seed/demo-installers';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../test/register-homes';
import { startSmtpCapture, type ReceivedMail } from '../../test/smtp-capture';

const VICTIM = 'victim@example.org';
const SPAM = 'Your refund is ready – call +46 70 000 00 00';

let world: TestWorld;
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let homes: number[];
let clock = Date.parse('2026-11-26T10:00:00Z');

async function arrived(from: number): Promise<ReceivedMail[]> {
  await app.mailer.idle();
  return smtp.mails.slice(from);
}

/** A homeowner of their own, signed in, with a profile for the home and the victim's address as "their" contact. */
async function attacker(personalNumber: string, home: number) {
  const agent = request.agent(app);
  await agent.post('/api/flow/user/fake-login').send({ personalNumber, name: 'Mallory Angripare' }).expect(200);
  await agent.post(`/api/flow/property/${home}/building`).send({}).expect(200);
  await agent.post('/api/flow/user/profile/contact').send({ email: VICTIM, mobile: '070-123 45 67' }).expect(200);
  await app.mailer.idle();
  return agent;
}

/** The measures the results dashboard offers installers for (needs an installer, available, not done, saves). */
async function offeredMeasures(agent: ReturnType<typeof request.agent>, home: number): Promise<string[]> {
  const res = await agent.get(`/api/flow/property/${home}/building/primary/recommendations`).expect(200);
  return (res.body.recommendations as Activity[])
    .filter((a) => a.needs_installer && a.available && a.completion_status !== 'completed')
    .filter((a) => a.kwh_saved_bought > 0 || a.savings.energyCostSavings > 0)
    .map((a) => a.name);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  world = await startTestWorld({
    seed: [seedDemoStaff, seedPlatformContent, seedDemoInstallers],
    config: { FAKE_LOGIN: true },
    smtpUrl: smtp.url,
    now: () => clock,
  });
  ({ app } = world);
  homes = await insertStockholmHomes(world.database.db, [
    { street: 'Flodgatan 10', building: VILLA_1970 },
    { street: 'Flodgatan 11', building: VILLA_1970 },
  ]);
});
afterAll(async () => {
  await world.close();
  await smtp.close();
});

describe('attack: installer requests flood an unconfirmed contact address with mail', () => {
  it('mails an unconfirmed contact address nothing but the link that confirms it', async () => {
    const before = smtp.mails.length;
    const agent = await attacker('198001010016', homes[0]!);
    const [measure] = await offeredMeasures(agent, homes[0]!);
    await agent
      .post(`/api/flow/property/${homes[0]}/installer-requests`)
      .send([{ installer: 'demo-installer', key: measure, selected: true }])
      .expect(201);
    const mails = await arrived(before);
    const toVictim = mails.filter((m) => m.to.includes(VICTIM));
    expect(toVictim).toHaveLength(1);
    expect(toVictim[0]!.subject).toBe('Bekräfta din e-postadress');
    // The installer hears of the request, without the unconfirmed address.
    const lead = mails.find((m) => m.to.includes('staff@installer.demo.test'));
    expect(lead?.text).not.toContain(VICTIM);
    const { rows } = await world.database.pool.query('select contact_email from installer_requests');
    expect(rows).toEqual([{ contact_email: null }]);
  });

  it('refuses a key that is not one of the home’s measures with a 400 naming it, and mails nothing', async () => {
    const agent = await attacker('198001020015', homes[1]!);
    const before = smtp.mails.length;
    const flood = Array.from({ length: 50 }, (_, i) => ({
      installer: i % 2 ? 'demo-installer' : 'solkraft-demo',
      key: `${SPAM} ${i}`,
      selected: true,
    }));
    const refused = await agent.post(`/api/flow/property/${homes[1]}/installer-requests`).send(flood).expect(400);
    expect(refused.body.message).toContain(`${SPAM} 0`);
    expect(refused.body.issues[0].path).toBe('body.key');
    // A real measure name that this home is not offered (it has no oil boiler to replace, say) is refused too.
    const offered = await offeredMeasures(agent, homes[1]!);
    const notOffered = ['wallbox_charger_station', 'complete_renovation', 'unspecified'].find(
      (k) => !offered.includes(k),
    )!;
    await agent
      .post(`/api/flow/property/${homes[1]}/installer-requests`)
      .send([{ installer: 'demo-installer', key: notOffered, selected: true }])
      .expect(400);
    expect(await arrived(before)).toEqual([]);
  });

  it('mails nobody again when a request is withdrawn and re-requested within a day', async () => {
    const agent = await attacker('198001030014', homes[1]!);
    const [measure] = await offeredMeasures(agent, homes[1]!);
    const send = (selected: boolean) =>
      agent
        .post(`/api/flow/property/${homes[1]}/installer-requests`)
        .send([{ installer: 'demo-installer', key: measure, selected }])
        .expect(201);
    await send(true);
    await app.mailer.idle();
    const before = smtp.mails.length;
    for (let round = 0; round < 3; round++) {
      await send(false);
      await send(true);
    }
    expect(await arrived(before)).toEqual([]);
  });

  it('answers 429 with a readable message past the daily number of requests', async () => {
    const agent = await attacker('198001040013', homes[0]!);
    const measures = await offeredMeasures(agent, homes[0]!);
    const installers = ['demo-installer', 'solkraft-demo', 'varmepumpsteknik-demo', 'isolerproffsen-demo'];
    const pairs = measures.flatMap((key) => installers.map((installer) => ({ installer, key, selected: true })));
    expect(pairs.length).toBeGreaterThan(10);
    for (const pair of pairs.slice(0, 10))
      await agent.post(`/api/flow/property/${homes[0]}/installer-requests`).send([pair]).expect(201);
    const refused = await agent.post(`/api/flow/property/${homes[0]}/installer-requests`).send([pairs[10]]).expect(429);
    expect(refused.body.message).toMatch(/10 installer requests/);
    // A day later the homeowner may send more.
    clock += 24 * 60 * 60 * 1000 + 1000;
    await agent.post(`/api/flow/property/${homes[0]}/installer-requests`).send([pairs[10]]).expect(201);
  });
});
