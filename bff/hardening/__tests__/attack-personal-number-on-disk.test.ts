// Attack: someone who gets a copy of the data directory (a backup, a disk image, the WAL) reads homeowners' personal
// numbers in it. docs/using-the-demo.md "Homeowner sign-in (BankID)": the personal number is stored encrypted, found by
// a keyed hash. Embedded PGlite's files whatever the tests' database is (the logs: attack-personal-number-in-logs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, type DatabaseHandle } from '../../src/db/client';
import { RpClient } from '../../src/bankid/rp-client';
import { startBankIdSimulator, type RunningBankIdSimulator } from '../../src/bankid/simulator/app';
import { createTestApp } from '../../test/test-app';
import { makeBuildFixtures } from '../../test/fixtures';
import { copyMigratedDataDir } from '../../test/pglite-data-dirs';
import { confirmIdentity, csrf, needles, PERSON, signInWithBankId, TestClock } from './bankid-homeowner-support';

const MARKER = 'disk-search-control-5f1c9a';

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
    // The embedded database as a migrated one is on disk (a copy of the run's; the files a backup would hold).
    await copyMigratedDataDir(dataDir);
    database = await openPglite({ dataDir, poolMax: 4 });
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
