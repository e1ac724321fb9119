import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { BFF_ROOT } from '../../paths';
import { signInAs } from '../../../test/staff-session';
import { copyMigratedDataDir } from '../../../test/pglite-data-dirs';
import { createPostgresDatabase } from '../../../test/test-database';

/**
 * Real BFF processes (tsx src/server.ts): sessions must outlive a restart and be shared by instances on one database.
 * Each starts on a copy of the run's migrated database (bff/test/test-database.ts), as after a first start: what is
 * tested is the sessions, not the migrations.
 */
async function freePort(): Promise<number> {
  // Below Linux's ephemeral range (32768–60999): a port the OS picked for us could be handed to another jest worker's
  // listen(0) before the child binds it, and the readiness check would then reach that server instead.
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

async function startBff(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(BFF_ROOT, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'src/server.ts'],
    {
      cwd: BFF_ROOT,
      // Each instance starts its own BankID simulator: any free port.
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        BANKID_SIMULATOR_PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`BFF exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`BFF not ready in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const handle = {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        running.splice(running.indexOf(handle), 1);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  running.push(handle);
  return handle;
}

const serverUrl = process.env.TEST_DATABASE_URL;
const running: { stop: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

/** Signs in on one instance and returns the session cookie, as a browser would keep it. */
async function signedInCookie(url: string, email: string): Promise<string> {
  const res = await signInAs(request.agent(url), email).expect(200);
  const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('he.session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0];
}

async function restartOnEmbeddedDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-restart-'));
  await copyMigratedDataDir(path.join(dataDir, 'db')); // where the BFF keeps its embedded database (db/client.ts)
  try {
    const first = await startBff({ DATA_DIR: dataDir });
    const cookie = await signedInCookie(first.url, 'staff@energi.demo.test');
    expect((await request(first.url).get('/api/auth/session').set('Cookie', cookie)).body.user.email).toBe(
      'staff@energi.demo.test',
    );
    await first.stop();
    const second = await startBff({ DATA_DIR: dataDir });
    const after = await request(second.url).get('/api/auth/session').set('Cookie', cookie).expect(200);
    expect(after.body.user?.email).toBe('staff@energi.demo.test');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function twoInstancesOnPostgres() {
  const database = await createPostgresDatabase(serverUrl!, 'bff_sessions');
  const url = database.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-two-'));
  try {
    // Start A first so only one instance creates the shared secret.
    const a = await startBff({ DATABASE_URL: url, DATA_DIR: dataDir });
    const b = await startBff({ DATABASE_URL: url, DATA_DIR: dataDir });
    const cookie = await signedInCookie(a.url, 'admin@bank.demo.test');
    const viaB = await request(b.url).get('/api/console/org/demo-bank/details').set('Cookie', cookie).expect(200);
    expect(viaB.body.name).toBe('Demo Bank');
    await a.stop();
    const again = await startBff({ DATABASE_URL: url, DATA_DIR: dataDir });
    expect((await request(again.url).get('/api/auth/session').set('Cookie', cookie)).body.user?.email).toBe(
      'admin@bank.demo.test',
    );
  } finally {
    await Promise.all(running.splice(0).map((server) => server.stop()));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// The same promise on each database this run uses: the embedded one restarts, PostgreSQL also gets two instances.
it(
  serverUrl
    ? 'shares sessions between two BFF instances on one PostgreSQL, and across a restart'
    : 'keeps staff signed in across a BFF restart (embedded PGlite)',
  () => (serverUrl ? twoInstancesOnPostgres() : restartOnEmbeddedDatabase()),
  120_000,
);
