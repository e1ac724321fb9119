import fs from 'node:fs';
import request from 'supertest';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { createSuperAdmin } from '../../../seed/production-accounts';
import { startTestWorld, type TestWorld, type TestApp } from '../../../../test/test-world';
import { signInAs } from '../../../../test/staff-session';
import { linkToken } from '../../../../test/smtp-capture';

let world: TestWorld;
let app: TestApp;
const OUTBOX = '/api/admin/outbox';

async function signedIn(email: string, password?: string) {
  const agent = request.agent(app);
  await signInAs(agent, email, password).expect(200);
  return agent;
}

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ app } = world);
});
afterAll(() => world.close());

describe('the outbox without SMTP_URL', () => {
  it('keeps every mail as an .eml file, listed newest first and paged for super admins', async () => {
    const admin = await signedIn('super@demo.test');
    for (const n of [1, 2, 3]) {
      await admin
        .post('/api/admin/users')
        .send({
          email: `ut${n}@energi.test`,
          name: `Ut ${n}`,
          memberships: [{ organisation: 'demo-energi', role: 'staff' }],
        })
        .expect(201);
      await app.mailer.idle();
    }
    const files = fs.readdirSync(`${world.fixtures.root}/outbox`);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(3);

    const first = await admin.get(`${OUTBOX}?page=1&pageSize=2`).expect(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2, delivers: false });
    expect(first.body.mails.map((m: { to: string }) => m.to)).toEqual(['ut3@energi.test', 'ut2@energi.test']);
    expect(first.body.mails[0]).toMatchObject({
      subject: 'Ditt konto i Home Energy-konsolen',
      failed: false,
      date: expect.any(String),
    });
    const second = await admin.get(`${OUTBOX}?page=2&pageSize=2`).expect(200);
    expect(second.body.mails.map((m: { to: string }) => m.to)).toEqual(['ut1@energi.test']);

    const mail = await admin.get(`${OUTBOX}/${first.body.mails[0].id}`).expect(200);
    expect(mail.body.text).toContain('http://127.0.0.1:3000/console/set-password#token=');
    await admin.get(`${OUTBOX}/20000101t000000000z-00000000`).expect(404);
    await admin.get(`${OUTBOX}/..%2f..%2fetc`).expect(400);
    await admin.get(`${OUTBOX}?pageSize=1000`).expect(400);
  });

  it('is refused to organisation admins and staff (403) and to visitors (401)', async () => {
    await (await signedIn('admin@energi.demo.test')).get(OUTBOX).expect(403);
    await (await signedIn('staff@energi.demo.test')).get(OUTBOX).expect(403);
    await request(app).get(OUTBOX).expect(401);
  });
});

describe('one-time passwords work once', () => {
  it('lets a new user in only to choose a password, then refuses the one-time password', async () => {
    const admin = await signedIn('admin@energi.demo.test');
    const created = await admin
      .post('/api/console/org/demo-energi/users')
      .send({ email: 'engang@energi.test', name: 'Eng Ång', role: 'staff' })
      .expect(201);
    const oneTime: string = created.body.oneTimePassword;
    expect(oneTime).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);

    const user = await signedIn('engang@energi.test', oneTime);
    expect((await user.get('/api/auth/session').expect(200)).body.user.mustChangePassword).toBe(true);
    const refused = await user.get('/api/console/org/demo-energi/account').expect(403);
    expect(refused.body.error).toBe('password_change_required');
    await user.get('/api/admin/users').expect(403);
    await user.post('/api/password/choose').send({ password: oneTime }).expect(400);
    await user.post('/api/password/choose').send({ password: 'mitt-eget-lösenord' }).expect(204);

    await user.get('/api/console/org/demo-energi/account').expect(200);
    await user.post('/api/password/choose').send({ password: 'ett-till-lösenord' }).expect(409);
    await signInAs(request.agent(app), 'engang@energi.test', oneTime).expect(401);
    await signedIn('engang@energi.test', 'mitt-eget-lösenord');
  });

  it('does the same after an admin reset, and the mailed link is retired once the password is chosen', async () => {
    const admin = await signedIn('super@demo.test');
    const { body: list } = await admin.get('/api/admin/users?q=staff%40energi').expect(200);
    const before: number = (await admin.get(OUTBOX).expect(200)).body.total;
    const reset = await admin.post(`/api/admin/users/${list.users[0].id}/reset-password`).expect(200);
    const user = await signedIn('staff@energi.demo.test', reset.body.oneTimePassword);
    await user.get('/api/console/org/demo-energi/account').expect(403);
    await user.post('/api/password/choose').send({ password: 'nytt-för-erik-1' }).expect(204);
    await signInAs(request.agent(app), 'staff@energi.demo.test', reset.body.oneTimePassword).expect(401);

    await app.mailer.idle();
    const page = await admin.get(OUTBOX).expect(200);
    expect(page.body.total).toBe(before + 1);
    const mail = await admin.get(`${OUTBOX}/${page.body.mails[0].id}`).expect(200);
    expect(mail.body.to).toBe('staff@energi.demo.test');
    const stale = await request(app)
      .post('/api/password/link')
      .send({ token: linkToken(mail.body.text), password: 'ett-annat-lösenord' })
      .expect(400);
    expect(stale.body.error).toBe('link_invalid');
    await signedIn('staff@energi.demo.test', 'nytt-för-erik-1');
  });

  it('holds for create-super-admin too', async () => {
    const { oneTimePassword } = await createSuperAdmin(world.database.db, 'root@example.se', 'Root');
    const root = await signedIn('root@example.se', oneTimePassword);
    expect((await root.get(OUTBOX).expect(403)).body.error).toBe('password_change_required');
    await root.post('/api/password/choose').send({ password: 'rotens-eget-lösenord' }).expect(204);
    await root.get(OUTBOX).expect(200);
    await signInAs(request.agent(app), 'root@example.se', oneTimePassword).expect(401);
  });
});

describe('an unreachable SMTP server', () => {
  it('does not fail the request; the mail is kept in the outbox marked failed and the failure logged', async () => {
    const errors: string[] = [];
    const logger = (await import('pino')).default(
      { level: 'error' },
      { write: (line: string) => void errors.push(line) },
    );
    const down = await startTestWorld({ seed: [seedDemoStaff], smtpUrl: 'smtp://127.0.0.1:9', logger });
    try {
      const admin = request.agent(down.app);
      await signInAs(admin, 'super@demo.test').expect(200);
      const created = await admin
        .post('/api/admin/users')
        .send({ email: 'nere@energi.test', name: 'Nere', memberships: [] })
        .expect(201);
      expect(created.body.oneTimePassword).toBeNull();
      await down.app.mailer.idle();
      const page = await admin.get(OUTBOX).expect(200);
      expect(page.body).toMatchObject({ total: 1, delivers: true, mails: [{ to: 'nere@energi.test', failed: true }] });
      expect(errors.some((line) => line.includes('mail not delivered'))).toBe(true);
    } finally {
      await down.close();
    }
  });
});

describe('"Forgot password?" limits', () => {
  it('answers 429 past PASSWORD_RESET_RATE_LIMIT requests from one address in an hour', async () => {
    const limited = await startTestWorld({ seed: [seedDemoStaff], config: { PASSWORD_RESET_RATE_LIMIT: 2 } });
    try {
      for (const email of ['a@demo.test', 'b@demo.test'])
        await request(limited.app).post('/api/password/forgot').send({ email }).expect(202);
      const refused = await request(limited.app)
        .post('/api/password/forgot')
        .send({ email: 'c@demo.test' })
        .expect(429);
      expect(refused.body.error).toBe('too_many_requests');
    } finally {
      await limited.close();
    }
  });
});
