import request from 'supertest';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { seedDemoInstallers } from '../../../seed/demo-installers';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';
import { emailLinkToken, linkToken, startSmtpCapture, type ReceivedMail } from '../../../../test/smtp-capture';

let world: TestWorld;
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let clock = Date.parse('2026-11-26T10:00:00Z');
const HOUR = 60 * 60 * 1000;

/** The mails that arrived since `from`, once every queued mail has been handed to the SMTP server. */
async function arrived(from: number): Promise<ReceivedMail[]> {
  await app.mailer.idle();
  return smtp.mails.slice(from);
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
});
afterAll(async () => {
  await world.close();
  await smtp.close();
});

describe('contact email confirmation', () => {
  it('mails a new address a link that confirms it once; a changed address is unconfirmed again', async () => {
    const homeowner = request.agent(app);
    await homeowner.post('/api/flow/user/fake-login').send({ personalNumber: '198505051234' }).expect(200);
    const before = smtp.mails.length;
    const saved = await homeowner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'bo@example.se', mobile: '070-123 45 67' })
      .expect(200);
    expect(saved.body.contact).toMatchObject({ email: 'bo@example.se', email_verified: false });
    const [link] = await arrived(before);
    expect(link?.to).toEqual(['bo@example.se']);
    expect(link?.subject).toBe('Bekräfta din e-postadress');
    expect(link?.text).toContain('http://127.0.0.1:3000/flow/confirm-email#token=');
    // Only the token's hash is stored.
    const token = emailLinkToken(link!.text);
    const { rows } = await world.database.pool.query('select token_hash from homeowner_email_verifications');
    expect(rows.map((r: { token_hash: string }) => r.token_hash)).not.toContain(token);

    // Saving the same details again sends nothing; "send again" at once is refused, a minute later it is sent.
    await homeowner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'bo@example.se', mobile: '070-123 45 67' })
      .expect(200);
    const soon = await homeowner.post('/api/flow/user/profile/contact/verification').send({}).expect(429);
    expect(soon.body.message).toMatch(/less than a minute ago/);
    // Its reason and wait as a code, for the page to say in its language.
    expect(soon.body.issues).toEqual([
      { path: 'body', message: soon.body.message, code: 'too_soon', params: { seconds: soon.headers['retry-after'] } },
    ]);
    clock += 61_000;
    await homeowner.post('/api/flow/user/profile/contact/verification').send({}).expect(202);
    expect((await arrived(before)).map((m) => m.to)).toEqual([['bo@example.se'], ['bo@example.se']]);

    // The link works once, without signing in.
    expect((await request(app).post('/api/flow/user/email-verification').send({ token }).expect(200)).body).toEqual({
      email: 'bo@example.se',
    });
    const again = await request(app).post('/api/flow/user/email-verification').send({ token }).expect(400);
    expect(again.body.error).toBe('link_invalid');
    expect((await homeowner.get('/api/flow/user/profile').expect(200)).body.contact.email_verified).toBe(true);
    await homeowner.post('/api/flow/user/profile/contact/verification').send({}).expect(409);

    // A new address is unconfirmed; the link still open for the old one no longer confirms anything.
    const second = emailLinkToken((await arrived(before))[1]!.text);
    await homeowner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'bo.ny@example.se', mobile: '070-123 45 67' })
      .expect(200);
    expect((await homeowner.get('/api/flow/user/profile').expect(200)).body.contact.email_verified).toBe(false);
    expect((await arrived(before)).map((m) => m.to)).toEqual([
      ['bo@example.se'],
      ['bo@example.se'],
      ['bo.ny@example.se'],
    ]);
    await request(app).post('/api/flow/user/email-verification').send({ token: second }).expect(400);
    expect((await homeowner.get('/api/flow/user/profile').expect(200)).body.contact.email_verified).toBe(false);
  });

  it('mails a corrected address its own link at once; a resend to it waits its minute', async () => {
    const homeowner = request.agent(app);
    await homeowner.post('/api/flow/user/fake-login').send({ personalNumber: '198507071234' }).expect(200);
    await app.mailer.idle();
    const before = smtp.mails.length;
    const contact = (email: string) =>
      homeowner.post('/api/flow/user/profile/contact').send({ email, mobile: '070-123 45 67' }).expect(200);
    await contact('eva@exmaple.se');
    clock += 5_000;
    await contact('eva@example.se');
    const mails = await arrived(before);
    expect(mails.map((m) => m.to)).toEqual([['eva@exmaple.se'], ['eva@example.se']]);
    // The corrected address's link confirms it.
    const token = emailLinkToken(mails[1]!.text);
    await request(app).post('/api/flow/user/email-verification').send({ token }).expect(200);
    expect((await homeowner.get('/api/flow/user/profile').expect(200)).body.contact).toMatchObject({
      email: 'eva@example.se',
      email_verified: true,
    });

    // Back to an address mailed a moment ago: that is a resend, which waits for its minute.
    await contact('eva@exmaple.se');
    const soon = await homeowner.post('/api/flow/user/profile/contact/verification').send({}).expect(429);
    expect(soon.body.message).toMatch(/less than a minute ago/);
    expect((await arrived(before)).length).toBe(2);
  });

  it('refuses a link after 72 hours', async () => {
    const homeowner = request.agent(app);
    await homeowner.post('/api/flow/user/fake-login').send({ personalNumber: '198506061234' }).expect(200);
    const before = smtp.mails.length;
    await homeowner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'sen@example.se', mobile: '070-123 45 67' })
      .expect(200);
    const token = emailLinkToken((await arrived(before))[0]!.text);
    clock += 72 * HOUR + 1000;
    await request(app).post('/api/flow/user/email-verification').send({ token }).expect(400);
    expect((await homeowner.get('/api/flow/user/profile').expect(200)).body.contact.email_verified).toBe(false);
  });
});

describe('installer request mails', () => {
  it('mails the installer staff the lead and the homeowner a confirmation, then each status change', async () => {
    const [home] = await insertStockholmHomes(world.database.db, [{ street: 'Ledgatan 4', building: VILLA_1970 }]);
    const homeowner = request.agent(app);
    await homeowner.post('/api/flow/user/fake-login').send({}).expect(200);
    await homeowner.post(`/api/flow/property/${home}/building`).send({}).expect(200);
    const beforeContact = smtp.mails.length;
    await homeowner
      .post('/api/flow/user/profile/contact')
      .send({ email: 'anna@example.se', mobile: '070-123 45 67' })
      .expect(200);
    const [link] = await arrived(beforeContact);
    await request(app)
      .post('/api/flow/user/email-verification')
      .send({ token: emailLinkToken(link!.text) })
      .expect(200);
    const before = smtp.mails.length;
    await homeowner
      .post(`/api/flow/property/${home}/installer-requests`)
      .send([{ installer: 'demo-installer', key: 'heat_pump_airwater', selected: true }])
      .expect(201);

    const sent = await arrived(before);
    // The installer organisation's staff (its admin too) and the homeowner, nobody else.
    expect(sent.map((m) => m.to).sort()).toEqual([
      ['admin@installer.demo.test'],
      ['anna@example.se'],
      ['staff@installer.demo.test'],
    ]);
    const lead = sent.find((m) => m.to.includes('staff@installer.demo.test'));
    expect(lead?.subject).toMatch(/^Ny förfrågan: Luft\/vatten-värmepump på Ledgatan 4, \d{3} \d{2} Stockholm$/);
    expect(lead?.text).toContain('anna@example.se');
    expect(lead?.text).toContain('http://127.0.0.1:3000/console/org/demo-installer/requests');
    const confirmation = sent.find((m) => m.to.includes('anna@example.se'));
    expect(confirmation?.subject).toMatch(/^Din förfrågan till .+ har skickats$/);

    const installer = request.agent(app);
    await signInAs(installer, 'staff@installer.demo.test').expect(200);
    const [request1] = (await installer.get('/api/console/org/demo-installer/installer-requests').expect(200)).body
      .requests;
    const beforeStatus = smtp.mails.length;
    await installer
      .patch(`/api/console/org/demo-installer/installer-requests/${request1.id}`)
      .send({ status: 'contacted', note: 'Vi ringer på måndag.' })
      .expect(200);
    const [statusMail] = await arrived(beforeStatus);
    expect(statusMail?.to).toEqual(['anna@example.se']);
    expect(statusMail?.text).toContain('installatören har kontaktat dig');
    expect(statusMail?.text).toContain('Vi ringer på måndag.');
  });
});

describe('console invitations', () => {
  it('mails a link instead of showing a password; the link sets the password once', async () => {
    const admin = request.agent(app);
    await signInAs(admin, 'super@demo.test').expect(200);
    const before = smtp.mails.length;
    const created = await admin
      .post('/api/admin/users')
      .send({
        email: 'ny@energi.test',
        name: 'Ny Person',
        memberships: [{ organisation: 'demo-energi', role: 'staff' }],
      })
      .expect(201);
    expect(created.body.oneTimePassword).toBeNull();
    const [invitation] = await arrived(before);
    expect(invitation?.to).toEqual(['ny@energi.test']);
    expect(invitation?.subject).toBe('Ditt konto i Home Energy-konsolen');
    const token = linkToken(invitation!.text);

    await request(app).post('/api/password/link').send({ token, password: 'short' }).expect(400);
    await request(app).post('/api/password/link').send({ token, password: 'mitt-eget-lösenord' }).expect(204);
    const user = request.agent(app);
    await signInAs(user, 'ny@energi.test', 'mitt-eget-lösenord').expect(200);
    expect((await user.get('/api/auth/session').expect(200)).body.user.mustChangePassword).toBeUndefined();
    await user.get('/api/console/org/demo-energi/account').expect(200);

    const again = await request(app)
      .post('/api/password/link')
      .send({ token, password: 'ett-annat-lösenord' })
      .expect(400);
    expect(again.body.error).toBe('link_invalid');
    await signInAs(request.agent(app), 'ny@energi.test', 'ett-annat-lösenord').expect(401);
  });

  it('refuses an invitation link after 72 hours', async () => {
    const admin = request.agent(app);
    await signInAs(admin, 'super@demo.test').expect(200);
    const before = smtp.mails.length;
    await admin
      .post('/api/admin/users')
      .send({
        email: 'sen@energi.test',
        name: 'Sen Person',
        memberships: [{ organisation: 'demo-energi', role: 'staff' }],
      })
      .expect(201);
    const token = linkToken((await arrived(before))[0]!.text);
    clock += 72 * HOUR + 1000;
    const late = await request(app)
      .post('/api/password/link')
      .send({ token, password: 'mitt-eget-lösenord' })
      .expect(400);
    expect(late.body.error).toBe('link_invalid');
    await signInAs(request.agent(app), 'sen@energi.test', 'mitt-eget-lösenord').expect(401);
  });
});

describe('forgot password', () => {
  it('mails a reset link to an account, answers an unknown address the same way and sends it nothing', async () => {
    const before = smtp.mails.length;
    const known = await request(app).post('/api/password/forgot').send({ email: 'Admin@Bank.demo.test' }).expect(202);
    const unknown = await request(app)
      .post('/api/password/forgot')
      .send({ email: 'nobody@bank.demo.test' })
      .expect(202);
    expect(unknown.body).toEqual(known.body);
    const mails = await arrived(before);
    expect(mails.map((m) => m.to)).toEqual([['admin@bank.demo.test']]);
    expect(mails[0]!.subject).toBe('Återställ ditt lösenord');

    // Asked again at once: no second mail.
    await request(app).post('/api/password/forgot').send({ email: 'admin@bank.demo.test' }).expect(202);
    expect(await arrived(before + 1)).toEqual([]);

    await request(app)
      .post('/api/password/link')
      .send({ token: linkToken(mails[0]!.text), password: 'ett-nytt-lösenord' })
      .expect(204);
    await signInAs(request.agent(app), 'admin@bank.demo.test', 'ett-nytt-lösenord').expect(200);
    await signInAs(request.agent(app), 'admin@bank.demo.test').expect(401);
  });

  it('refuses a reset link after an hour', async () => {
    const before = smtp.mails.length;
    await request(app).post('/api/password/forgot').send({ email: 'staff@energi.demo.test' }).expect(202);
    const token = linkToken((await arrived(before))[0]!.text);
    clock += HOUR + 1000;
    expect(
      (await request(app).post('/api/password/link').send({ token, password: 'ett-nytt-lösenord' }).expect(400)).body
        .error,
    ).toBe('link_invalid');
  });
});
