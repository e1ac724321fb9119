import request from 'supertest';
import { eq } from 'drizzle-orm';
import type { Agent } from 'supertest';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { seedDemoInstallers } from '../../../seed/demo-installers';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';
import { outboxMail, outboxPage } from '../outbox';
import { emailLinkToken } from '../../../../test/smtp-capture';
import { staffUsers } from '../../../db/schema';

let world: TestWorld;
let app: TestApp;
const clock = Date.parse('2026-11-26T10:00:00Z');
const ACCOUNT = '/api/console/org/demo-installer/account';

/** An agent whose page shows the UI in `language`: the header the shared API slice and sign-in client send. */
function speaking(language: 'sv' | 'en' | 'de'): Agent {
  return request.agent(app).set('X-UI-Language', language);
}

const outboxDir = () => `${world.fixtures.root}/outbox`;
const outboxIds = async () => new Set((await outboxPage(outboxDir(), 1, 100)).mails.map((m) => m.id));

/** The mails written to the outbox since `known` were there, parsed back from their .eml files. */
async function outboxSince(known: Set<string>) {
  await app.mailer.idle();
  const fresh = (await outboxPage(outboxDir(), 1, 100)).mails.filter((m) => !known.has(m.id));
  return Promise.all(fresh.map(async (m) => (await outboxMail(outboxDir(), m.id))!));
}

async function homeownerWithRequest(agent: Agent, personalNumber: string, street: string, email: string) {
  const [home] = await insertStockholmHomes(world.database.db, [{ street, building: VILLA_1970 }]);
  await agent.post('/api/flow/user/fake-login').send({ personalNumber }).expect(200);
  await agent.post(`/api/flow/property/${home}/building`).send({}).expect(200);
  const known = await outboxIds();
  await agent.post('/api/flow/user/profile/contact').send({ email, mobile: '070-123 45 67' }).expect(200);
  // The address is confirmed through the mailed link before it gets the request's mails.
  const link = (await outboxSince(known)).find((m) => m.to === email)!;
  await request(app)
    .post('/api/flow/user/email-verification')
    .send({ token: emailLinkToken(link.text) })
    .expect(200);
  const selection = [{ installer: 'demo-installer', key: 'heat_pump_airwater', selected: true }];
  await agent.post(`/api/flow/property/${home}/installer-requests`).send(selection).expect(201);
}

async function storedMailLanguage(email: string) {
  const db = world.database.db;
  const [row] = await db
    .select({ language: staffUsers.mailLanguage })
    .from(staffUsers)
    .where(eq(staffUsers.email, email));
  return row?.language;
}

async function setStatus(homeownerEmail: string, status: string) {
  const installer = request.agent(app);
  await signInAs(installer, 'staff@installer.demo.test').expect(200);
  const { requests } = (await installer.get('/api/console/org/demo-installer/installer-requests').expect(200)).body;
  const lead = requests.find((r: { homeowner: { email: string } }) => r.homeowner.email === homeownerEmail);
  const path = `/api/console/org/demo-installer/installer-requests/${lead.id}`;
  await installer.patch(path).send({ status, note: 'Hej!' }).expect(200);
}

beforeAll(async () => {
  const seed = [seedDemoStaff, seedPlatformContent, seedDemoInstallers];
  world = await startTestWorld({ seed, config: { FAKE_LOGIN: true }, now: () => clock });
  ({ app } = world);
});
afterAll(() => world.close());

describe("homeowners' mails in their language", () => {
  it('writes the confirmation and status mails in English to a homeowner using the English UI', async () => {
    const before = await outboxIds();
    await homeownerWithRequest(speaking('en'), '199002021234', 'Ledgatan 4', 'emma@example.se');
    const sent = await outboxSince(before);
    expect(sent.filter((m) => m.to === 'emma@example.se').map((m) => m.subject)).toContain(
      'Confirm your email address',
    );
    const confirmation = sent.find((m) => m.to === 'emma@example.se' && m.subject !== 'Confirm your email address');
    expect(confirmation?.subject).toMatch(/^Your request to .+ has been sent$/);
    expect(confirmation?.text).toContain('Hello Anna Andersson,');
    expect(confirmation?.text).toContain('Air-to-water heat pump');
    // The installer's staff have no language yet: their lead stays Swedish.
    expect(sent.find((m) => m.to === 'staff@installer.demo.test')?.subject).toMatch(/^Ny förfrågan: /);

    const beforeStatus = await outboxIds();
    await setStatus('emma@example.se', 'contacted');
    const [status] = await outboxSince(beforeStatus);
    expect(status?.to).toBe('emma@example.se');
    expect(status?.subject).toMatch(/: the installer has contacted you$/);
    expect(status?.text).toMatch(
      /your request of \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} CES?T about Air-to-water heat/,
    );
  });

  it('writes them in Swedish to a homeowner using the Swedish UI', async () => {
    const before = await outboxIds();
    await homeownerWithRequest(speaking('sv'), '198003031234', 'Ledgatan 6', 'sven@example.se');
    const sent = (await outboxSince(before)).filter((m) => m.to === 'sven@example.se');
    expect(sent.map((m) => m.subject).sort()).toEqual([
      'Bekräfta din e-postadress',
      expect.stringMatching(/^Din förfrågan till .+ har skickats$/),
    ]);

    const beforeStatus = await outboxIds();
    await setStatus('sven@example.se', 'contacted');
    const [status] = await outboxSince(beforeStatus);
    expect(status?.subject).toMatch(/: installatören har kontaktat dig$/);
    expect(status?.text).toMatch(/Din förfrågan från \d{4}-\d{2}-\d{2} \d{2}:\d{2} CES?T om Luft\/vatten-värmepump/);
  });

  it('keeps the language chosen in My homes whatever the UI shows; refuses a language it does not write', async () => {
    const owner = speaking('en');
    await owner.post('/api/flow/user/fake-login').send({ personalNumber: '197004041234' }).expect(200);
    expect((await owner.get('/api/flow/user/profile').expect(200)).body.mailLanguage).toBe('en');
    const chosen = await owner.patch('/api/flow/user/profile').send({ mailLanguage: 'sv' }).expect(200);
    expect(chosen.body).toEqual({ mailLanguage: 'sv' });

    await homeownerWithRequest(owner, '197004041234', 'Ledgatan 8', 'valde@example.se');
    expect((await owner.get('/api/flow/user/profile').expect(200)).body.mailLanguage).toBe('sv');

    const refused = await owner.patch('/api/flow/user/profile').send({ mailLanguage: 'de' }).expect(400);
    expect(refused.body.issues).toEqual([{ path: 'body.mailLanguage', message: 'must be one of en, sv' }]);
    await owner.patch('/api/flow/user/profile').send({ mailLanguage: 42 }).expect(400);
  });

  it('starts a homeowner whose UI language is unknown in Swedish', async () => {
    const owner = speaking('de');
    await owner.post('/api/flow/user/fake-login').send({ personalNumber: '196005051234' }).expect(200);
    expect((await owner.get('/api/flow/user/profile').expect(200)).body.mailLanguage).toBe('sv');
  });
});

describe("console users' mails in their language", () => {
  it("invites a new user in the inviting admin's UI language, then follows the user's own", async () => {
    const admin = speaking('en');
    await signInAs(admin, 'super@demo.test').expect(200);
    const before = await outboxIds();
    const memberships = [{ organisation: 'demo-energi', role: 'staff' }];
    const invitee = { email: 'new@energi.test', name: 'New Person', memberships };
    const created = await admin.post('/api/admin/users').send(invitee).expect(201);
    const [invitation] = await outboxSince(before);
    expect(invitation?.to).toBe('new@energi.test');
    expect(invitation?.subject).toBe('Your console account at Home Energy');
    // 72 hours from 26 Nov 2026 10:00 UTC, in Swedish time.
    expect(invitation?.text).toContain('It works once and for 72 hours, until 29 Nov 2026, 11:00 CET.');

    // The user signs in with the Swedish UI: from then on their mails are Swedish.
    await signInAs(speaking('sv'), 'new@energi.test', created.body.oneTimePassword).expect(200);
    const beforeReset = await outboxIds();
    await admin.post(`/api/admin/users/${created.body.user.id}/reset-password`).expect(200);
    const [reset] = await outboxSince(beforeReset);
    expect(reset?.subject).toBe('Återställ ditt lösenord');
    expect(reset?.text).toContain('fungerar en gång och i en timme, till 2026-11-26 12:00 CET.');
  });

  it("follows a switch of the console's language, until the user chooses on the account page", async () => {
    const staff = speaking('sv');
    await signInAs(staff, 'staff@installer.demo.test').expect(200);
    // Stored by the time the sign-in answers: a switch right after it is never overwritten by the sign-in's own write.
    expect(await storedMailLanguage('staff@installer.demo.test')).toBe('sv');
    expect((await staff.get(ACCOUNT).expect(200)).body.mailLanguage).toBe('sv');
    staff.set('X-UI-Language', 'en');
    expect((await staff.get(ACCOUNT).expect(200)).body.mailLanguage).toBe('en');

    const before = await outboxIds();
    await homeownerWithRequest(speaking('sv'), '195006061234', 'Ledgatan 10', 'olle@example.se');
    const lead = (await outboxSince(before)).find((m) => m.to === 'staff@installer.demo.test');
    expect(lead?.subject).toMatch(/^New request: Air-to-water heat pump at Ledgatan 10, \d{3} \d{2} Stockholm$/);

    expect((await staff.patch(ACCOUNT).send({ mailLanguage: 'sv' }).expect(200)).body.mailLanguage).toBe('sv');
    const again = speaking('sv');
    await signInAs(again, 'staff@installer.demo.test').expect(200);
    again.set('X-UI-Language', 'en');
    expect((await again.get(ACCOUNT).expect(200)).body.mailLanguage).toBe('sv');

    const beforeForgot = await outboxIds();
    await request(app).post('/api/password/forgot').send({ email: 'staff@installer.demo.test' }).expect(202);
    expect((await outboxSince(beforeForgot))[0]?.subject).toBe('Återställ ditt lösenord');
  });

  it('refuses a mail language it does not write, naming the field', async () => {
    const staff = request.agent(app);
    await signInAs(staff, 'admin@energi.demo.test').expect(200);
    const refused = await staff.patch('/api/console/org/demo-energi/account').send({ mailLanguage: 'fr' }).expect(400);
    expect(refused.body.message).toBe('Invalid body.mailLanguage: must be one of en, sv');
    await staff.patch('/api/console/org/demo-energi/account').send({}).expect(400);
    await staff.patch('/api/console/org/demo-energi/account').send({ mailLanguage: null }).expect(400);
  });
});
