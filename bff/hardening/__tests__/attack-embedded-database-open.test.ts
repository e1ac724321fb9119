import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, type DatabaseHandle } from '../../src/db/client';
import { copyMigratedDataDir } from '../../test/pglite-data-dirs';

// Another user on the BFF's machine reading the embedded database's lock file for its port and connecting as
// superuser without a password (then `select * from app_secrets`). Each data directory holds a copy of a migrated
// database's files (bff/test/pglite-data-dirs.ts) before it is opened, as a BFF's does after its first start; the
// directory itself is left with the copy's open permissions (0755 under the usual umask) for the BFF to narrow.

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('the embedded database seen by another local user', () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'attack-pglite-')), 'db');
  let database: DatabaseHandle;
  beforeAll(async () => {
    await copyMigratedDataDir(dataDir);
    fs.chmodSync(dataDir, 0o755);
    database = await openPglite({ dataDir, poolMax: 2 });
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('offers no TCP port: the lock file names none and the database is served on a Unix socket', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'pglite.lock.json'), 'utf8')) as Record<string, unknown>;
    expect(lock).not.toHaveProperty('port');
    expect(database.url).not.toMatch(/@[\d.]+:\d+|localhost:\d+/);
    expect(fs.statSync(path.join(dataDir, '.s.PGSQL.5432')).isSocket()).toBe(true);
  });

  it('keeps the data directory, the lock file and the socket to their owner', () => {
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'pglite.lock.json'))).toBe(0o600);
    expect(mode(path.join(dataDir, '.s.PGSQL.5432'))).toBe(0o600);
  });

  it('narrows a data directory created with open permissions when it is opened again', async () => {
    const reopened = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'attack-pglite-open-')), 'db');
    await copyMigratedDataDir(reopened);
    fs.chmodSync(reopened, 0o755);
    const handle = await openPglite({ dataDir: reopened, poolMax: 1 });
    try {
      expect(mode(reopened)).toBe(0o700);
    } finally {
      await handle.close();
      fs.rmSync(path.dirname(reopened), { recursive: true, force: true });
    }
  });

  it('cannot be reached by an unprivileged user through the socket', () => {
    // As root (CI) the probe runs as `nobody`; as an ordinary user the modes above are what keeps others out.
    const probe =
      `require('net').connect(${JSON.stringify(path.join(dataDir, '.s.PGSQL.5432'))}).on('connect', () => { ` +
      `console.log('connected'); process.exit(0); }).on('error', (e) => { console.log(e.code); ` +
      `process.exit(0); })`;
    const asOther =
      process.getuid?.() === 0 ? (['runuser', ['-u', 'nobody', '--', process.execPath, '-e', probe]] as const) : null;
    const own = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
    // The owner gets through the same socket: what stops the other user is the permissions, not a broken path.
    expect(own.stdout.trim()).toBe('connected');
    if (asOther) {
      const run = spawnSync(asOther[0], asOther[1], { encoding: 'utf8' });
      expect(run.stdout.trim()).toBe('EACCES');
    } else {
      expect(mode(dataDir) & 0o077).toBe(0);
    }
  });
});
