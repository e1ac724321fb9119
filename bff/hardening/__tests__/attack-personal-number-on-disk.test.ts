// Attack: someone who gets a copy of the data directory (a backup, a disk image, the WAL) reads homeowners' personal
// numbers in it. docs/using-the-demo.md "Homeowner sign-in (BankID)": the personal number is stored encrypted, found by
// a keyed hash.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, type DatabaseHandle } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { RpClient } from '../../src/bankid/rp-client';
import { startBankIdSimulator, type RunningBankIdSimulator } from '../../src/bankid/simulator/app';
import pino from 'pino';
import request from 'supertest';
import { createTestApp } from '../../test/test-app';
import { makeBuildFixtures } from '../../test/fixtures';
import { startBankIdTestWorld, type BankIdTestWorld } from '../../test/test-world';
import { confirmIdentity, csrf, signInWithBankId, TestClock, type TestPerson } from './bankid-homeowner-support';

// Unusual on purpose: no other test data or demo seed contains these digits.
const PERSON: TestPerson = {
  personalNumber: '194211307364',
  name: 'Ottilia Brask',
  givenName: 'Ottilia',
  surname: 'Brask',
};
const MARKER = 'disk-search-control-5f1c9a';

/** The forms a personal number takes in files: 12 digits, YYYYMMDD-NNNN, 10 digits, each as bytes and UTF-16LE. */
function needles(personalNumber: string): { label: string; bytes: Buffer }[] {
  const forms = [personalNumber, `${personalNumber.slice(0, 8)}-${personalNumber.slice(8)}`, personalNumber.slice(2)];
  return forms.flatMap((form) => [
    { label: `"${form}" (utf8)`, bytes: Buffer.from(form, 'utf8') },
    { label: `"${form}" (utf16le)`, bytes: Buffer.from(form, 'utf16le') },
  ]);
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

function search(dir: string, wanted: { label: string; bytes: Buffer }[]): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    const content = fs.readFileSync(file);
    for (const needle of wanted)
      if (content.includes(needle.bytes)) found.push(`${needle.label} in ${path.relative(dir, file)}`);
  }
  return found;
}

describe('attack: reading personal numbers from a copy of the data directory', () => {
  let dataDir: string;
  let database: DatabaseHandle | undefined;
  let simulator: RunningBankIdSimulator | undefined;
  let rp: RpClient | undefined;
  let fixtures: ReturnType<typeof makeBuildFixtures> | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-pnr-disk-'));
  });
  afterAll(async () => {
    rp?.close();
    await simulator?.close();
    await database?.close().catch(() => undefined);
    fixtures?.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a homeowner's personal number is in no file of the data directory after BankID sign-in", async () => {
    database = await openPglite({ dataDir, poolMax: 4 });
    await runMigrations(database.db);
    simulator = await startBankIdSimulator({ port: 0 });
    rp = new RpClient({ baseUrl: simulator.rpApiUrl, timeoutMs: 5000 });
    fixtures = makeBuildFixtures();
    const clock = new TestClock();
    const app = createTestApp(database, fixtures, {}, { rp, now: clock.now });

    // Sign in, use the session, confirm the identity (BankID is told the stored number), sign in again, log out.
    const { agent, user } = await signInWithBankId(app, simulator, clock, PERSON);
    expect(user.personalNumberMasked).toBe('19421130-****');
    await agent.get('/api/flow/user/profile').expect(200);
    await agent
      .post('/api/flow/user/profile/contact')
      .send({ email: 'ottilia@example.se', mobile: '0701234567' })
      .expect(200);
    expect((await confirmIdentity(agent, simulator, clock, PERSON)).validated).toBe(true);
    const second = await signInWithBankId(app, simulator, clock, PERSON);
    expect(second.user.id).toBe(user.id);
    const csrfToken = await csrf(second.agent);
    await second.agent.post('/api/flow/user/logout').send({ csrfToken }).expect(200);
    // A control row: proves committed data is in the files searched.
    await database.pool.query(`insert into app_secrets (name, value) values ('disk-search-control', $1)`, [MARKER]);

    await database.close(); // PGlite writes its pages and WAL out on close
    database = undefined;

    const files = filesUnder(dataDir);
    expect(files.length).toBeGreaterThan(10);
    expect(search(dataDir, [{ label: 'control', bytes: Buffer.from(MARKER) }]).length).toBeGreaterThan(0);
    expect(search(dataDir, needles(PERSON.personalNumber))).toEqual([]);
  });
});

describe('attack: reading personal numbers from the log files', () => {
  const clock = new TestClock();
  let world: BankIdTestWorld;
  beforeAll(async () => {
    world = await startBankIdTestWorld({ now: clock.now });
  });
  afterAll(() => world.close());

  it("no log line carries a homeowner's personal number, even at trace level", async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const app = createTestApp(
      world.database,
      world.fixtures,
      { FAKE_LOGIN: true },
      { rp: world.rp, now: clock.now, logger },
    );
    const other = { ...PERSON, personalNumber: '194211307372' };

    const { agent } = await signInWithBankId(app, world.simulator, clock, PERSON);
    expect((await confirmIdentity(agent, world.simulator, clock, PERSON)).validated).toBe(true);
    await request(app)
      .post('/api/flow/user/fake-login')
      .send({ personalNumber: other.personalNumber, name: 'Ottilia Brask' })
      .expect(200);
    await request(app)
      .post('/api/flow/user/fake-login')
      .send({ name: 'x', personalNumber: other.personalNumber.slice(0, 11) })
      .expect(400);
    // A client that still puts the number in the query string: refused, and the log line does not keep it.
    await request(app).post(`/api/flow/user/fake-login?personalNumber=${other.personalNumber}`).send({}).expect(400);

    expect(lines.some((line) => line.includes('/api/flow/user/fake-login'))).toBe(true); // the request log ran
    const text = Buffer.from(lines.join(''));
    for (const needle of [
      ...needles(PERSON.personalNumber),
      ...needles(other.personalNumber),
      ...needles(other.personalNumber.slice(0, 11)),
    ]) {
      expect(`${needle.label}: ${text.includes(needle.bytes)}`).toBe(`${needle.label}: false`);
    }
  });
});
