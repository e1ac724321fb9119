import fs from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../db/client';
import { homeowners, installerRequests } from '../../../db/schema';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { seedPlatformContent } from '../../../seed/platform-content';
import { seedDemoInstallers } from '../../../seed/demo-installers';
import { startTestWorld, type TestWorld } from '../../../../test/test-world';
import { insertStockholmHomes, VILLA_1970 } from '../../../../test/register-homes';
import { signInAs } from '../../../../test/staff-session';
import { confirmEmailFromOutbox } from '../../../../test/confirm-email';
import { outboxMail, outboxPage } from '../../mail/outbox';
import { outboxFileName } from '../../mail/transport';
import { sweepRetention, type RetentionDeps } from '../retention';

let world: TestWorld;
let database: DatabaseHandle;
let homeownerId: number;
let outboxDir: string;
const DAY = 24 * 60 * 60 * 1000;
// The real clock: the outbox's files are named by it, and the sweep reads their age from the names.
const NOW = Date.now();
const erased: number[] = [];

function monthsAgo(n: number): number {
  const at = new Date(NOW);
  at.setUTCMonth(at.getUTCMonth() - n);
  return at.getTime();
}

function deps(eraser: RetentionDeps['eraser'] = { eraseHomeowner: async (id) => erased.push(id) }): RetentionDeps {
  return {
    db: database.db,
    settings: { inactiveMonths: 24, noticeDays: 30, leadMonths: 12, mailDays: 90 },
    mailer: world.app.mailer,
    outboxDir,
    eraser,
  };
}

beforeAll(async () => {
  world = await startTestWorld({
    seed: [seedDemoStaff, seedPlatformContent, seedDemoInstallers],
    config: { FAKE_LOGIN: true },
  });
  database = world.database;
  outboxDir = `${world.fixtures.root}/outbox`;
  const [home] = await insertStockholmHomes(database.db, [{ street: 'Gallringsvägen 1', building: VILLA_1970 }]);
  const owner = request.agent(world.app);
  await owner.post('/api/flow/user/fake-login').send({ personalNumber: '198502022383' }).expect(200);
  await owner.post(`/api/flow/property/${home}/building`).send({}).expect(200);
  await owner
    .post('/api/flow/user/profile/contact')
    .send({ email: 'gammal@example.se', mobile: '070-765 43 21' })
    .expect(200);
  await confirmEmailFromOutbox(world, 'gammal@example.se');
  await owner
    .post(`/api/flow/property/${home}/installer-requests`)
    .send([{ installer: 'demo-installer', key: 'heat_pump_airwater', selected: true }])
    .expect(201);
  homeownerId = Number((await owner.get('/api/flow/user/profile').expect(200)).body.user_id.slice(1));
  await world.app.mailer.idle();
});
afterAll(() => world.close());

async function auditedSweeps(): Promise<Record<string, number>[]> {
  const { rows } = await database.pool.query(
    "select details from audit_log where action = 'retention.sweep' order by id",
  );
  return rows.map((r: { details: Record<string, number> }) => r.details);
}

describe('the retention sweep', () => {
  it('mails a homeowner a month before their inactive account goes, once, and audits the counts', async () => {
    // Last seen 23 months and a few days ago: inside the month before the 24 months are up.
    await database.db
      .update(homeowners)
      .set({ lastSignInAt: new Date(monthsAgo(24) + 10 * DAY) })
      .where(eq(homeowners.id, homeownerId));
    const counts = await sweepRetention(deps(), NOW);
    expect(counts).toMatchObject({ noticed: 1, mailed: 1, erased: 0 });
    await world.app.mailer.idle();
    const [newest] = (await outboxPage(outboxDir, 1, 1)).mails;
    expect(newest!.to).toBe('gammal@example.se');
    const mail = await outboxMail(outboxDir, newest!.id);
    expect(mail!.subject).toContain('raderas');
    expect(mail!.text).toContain('24 månader');

    expect(await sweepRetention(deps(), NOW + 60_000)).toMatchObject({ noticed: 0, mailed: 0, erased: 0 });
    expect((await auditedSweeps()).slice(-2)).toEqual([
      { noticed: 1, mailed: 1, erased: 0, erasureWaiting: 0, leadsCleared: 0, mailCopiesDeleted: 0 },
      { noticed: 0, mailed: 0, erased: 0, erasureWaiting: 0, leadsCleared: 0, mailCopiesDeleted: 0 },
    ]);
  });

  it('erases the account once the notice period has passed, through the injected eraser', async () => {
    const later = NOW + 31 * DAY;
    expect(await sweepRetention(deps(null), later)).toMatchObject({ erased: 0, erasureWaiting: 1 });
    expect(erased).toEqual([]);
    expect(await sweepRetention(deps(), later + 60_000)).toMatchObject({ erased: 1, erasureWaiting: 0 });
    expect(erased).toEqual([homeownerId]);
  });

  it('a sign-in keeps the account: the notice is cleared', async () => {
    const owner = request.agent(world.app);
    await owner.post('/api/flow/user/fake-login').send({ personalNumber: '198502022383' }).expect(200);
    const [row] = await database.db.select().from(homeowners).where(eq(homeowners.id, homeownerId));
    expect(row!.inactivityNoticeAt).toBeNull();
    erased.length = 0;
    expect(await sweepRetention(deps(), NOW + 62 * DAY)).toMatchObject({ noticed: 0, erased: 0 });
    expect(erased).toEqual([]);
  });

  it("removes a lead's personal data 12 months after its final status; the installer keeps the lead", async () => {
    const [lead] = await database.db
      .select()
      .from(installerRequests)
      .where(eq(installerRequests.homeownerId, homeownerId));
    await database.db
      .update(installerRequests)
      .set({ status: 'declined', statusChangedAt: new Date(NOW - 400 * DAY) })
      .where(eq(installerRequests.id, lead!.id));
    const counts = await sweepRetention(deps(), NOW + 63 * DAY);
    expect(counts).toMatchObject({ leadsCleared: 1 });
    const installer = request.agent(world.app);
    await signInAs(installer, 'staff@installer.demo.test').expect(200);
    const { requests } = (await installer.get('/api/console/org/demo-installer/installer-requests').expect(200)).body;
    expect(requests[0]).toMatchObject({
      status: 'declined',
      homeowner: { name: null, email: null, mobile: null },
      personal_data_removed_at: expect.any(String),
    });
  });

  it('deletes mail copies older than 90 days and keeps newer ones', async () => {
    const at = NOW + 64 * DAY;
    const old = outboxFileName(new Date(at - 91 * DAY), false);
    const recent = outboxFileName(new Date(at - 89 * DAY), true);
    await fs.writeFile(path.join(outboxDir, old), 'old');
    await fs.writeFile(path.join(outboxDir, recent), 'recent');
    // Every mail the suite sent so far is a few seconds old.
    const counts = await sweepRetention({ ...deps(), settings: { ...deps().settings, mailDays: 90 } }, at);
    expect(counts).toMatchObject({ mailCopiesDeleted: 1 });
    const names = await fs.readdir(outboxDir);
    expect(names).toContain(recent);
    expect(names).not.toContain(old);
  });

  it('runs on one instance at a time: a second sweep while one holds the lease does nothing', async () => {
    const at = NOW + 65 * DAY;
    const both = await Promise.all([sweepRetention(deps(), at), sweepRetention(deps(), at)]);
    expect(both.filter((c) => c === null)).toHaveLength(1);
    expect(both.filter((c) => c !== null)).toHaveLength(1);
  });
});
