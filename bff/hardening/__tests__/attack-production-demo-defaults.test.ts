import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadConfig } from '../../src/config';
import { signInAs } from '../../test/staff-session';
import { PRODUCTION_ENV as PRODUCTION } from '../../test/production-env';
import { copyMigratedDataDir } from '../../test/pglite-data-dirs';
import { DEMO_PRIVACY_OPERATOR } from '../../src/production-checklist';

// An attacker's view of a deployment started as `npm start` starts it (NODE_ENV=production): the README's demo super
// admin, the bundled fake BankID, secrets the server made up (URLs built from the attacker's Host header:
// attack-production-registry-host.test.ts). The servers started here keep their data in embedded PGlite whatever the
// tests' database is, so this file runs in the PGlite pass only (scripts/test-suites.mjs).

const BFF = path.resolve(__dirname, '..', '..');
const TSX = path.join(BFF, '..', 'node_modules', 'tsx', 'dist', 'loader.mjs');

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

function omit(env: Record<string, string>, variable: string): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([key]) => key !== variable));
}

describe('a production start with the demo defaults', () => {
  it('is refused when nothing is configured, naming every missing setting', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message).toContain('Production start refused');
    for (const variable of [
      'BANKID_URL',
      'AUTH_SECRET',
      'DATA_ENCRYPTION_KEY',
      'PUBLIC_URL',
      ...Object.keys(DEMO_PRIVACY_OPERATOR),
    ])
      expect(message).toContain(`${variable}: required in production`);
  });

  it("cannot name the demo's made-up operator in the privacy notice", () => {
    // Each setting on its own: left at the demo's value, or not set at all (the default is the demo's).
    for (const [variable, demoValue] of Object.entries(DEMO_PRIVACY_OPERATOR)) {
      const lines = [{ ...PRODUCTION, [variable]: demoValue }, omit(PRODUCTION, variable)].map((env) =>
        refusal(env).split('\n').slice(1),
      );
      for (const problems of lines) {
        expect(problems).toHaveLength(1);
        expect(problems[0]).toContain(`${variable}: required in production`);
        expect(problems[0]).toContain(`the demo's (${demoValue}) is made up`);
        expect(problems[0]).toContain('the privacy notice would name it');
      }
    }
    // The demo keeps its operator, so `npm start` shows a whole notice.
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toMatchObject(DEMO_PRIVACY_OPERATOR);
  });

  it('cannot load the demo accounts, the fake login or the BankID simulator', () => {
    expect(refusal({ ...PRODUCTION, SEED_DEMO: 'true' })).toContain('SEED_DEMO: demo organisations and accounts');
    expect(refusal({ ...PRODUCTION, FAKE_LOGIN: 'true' })).toContain('FAKE_LOGIN: must not be enabled in production');
    expect(refusal({ ...PRODUCTION, BANKID_URL: 'http://127.0.0.1:4100/rp/v6.0' })).toContain(
      'BANKID_URL: must be BankID over https',
    );
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: 'http://energy.example.se' })).toContain(
      'PUBLIC_URL: must be https://',
    );
    expect(loadConfig(PRODUCTION)).toMatchObject({ demo: false, SEED_DEMO: false, FAKE_LOGIN: false });
  });
});

/** Runs the BFF's source (server.ts or cli.ts) in its own process, as a deployment would run the built one. */
function runBff(script: 'server' | 'cli', args: string[], env: Record<string, string>) {
  return spawn(process.execPath, ['--import', TSX, path.join(BFF, 'src', `${script}.ts`), ...args], {
    cwd: BFF,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: '0',
      BANKID_SIMULATOR_PORT: '0',
      SHELL_DIST: path.join(os.tmpdir(), 'no-shell'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Waits for the server to print its URL (then resolves with it) or to exit (then rejects with its output). */
function serverUrl(child: ReturnType<typeof runBff>): Promise<{ url: string; output: () => string }> {
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve({ url: `http://127.0.0.1:${match[1]}`, output: () => output });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(Object.assign(new Error(`exited ${code}`), { output, code })));
  });
}

describe('a production server on a database that holds the demo accounts', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attack-demo-'));
  const env = { ...PRODUCTION, DATA_DIR: dataDir };

  beforeAll(async () => {
    // What `npm start` leaves behind: a migrated embedded database (a copy of the run's, where the BFF keeps it:
    // db/client.ts) with the demo data, loaded in demo mode.
    await copyMigratedDataDir(path.join(dataDir, 'db'));
    const seeded = spawnSync(process.execPath, ['--import', TSX, path.join(BFF, 'src', 'cli.ts'), 'seed'], {
      cwd: BFF,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('does not start while super@demo.test can sign in, and says how to remove the demo accounts', async () => {
    const failed = await serverUrl(runBff('server', [], env)).then(
      () => {
        throw new Error('the production server started');
      },
      (error: { output: string; code: number }) => error,
    );
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('Production start refused');
    expect(failed.output).toContain('super@demo.test');
    expect(failed.output).toContain('remove-demo-accounts');
  });

  it('starts once the demo accounts are removed, without simulator; no sign-in with the demo password', async () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', TSX, path.join(BFF, 'src', 'cli.ts'), ...args], {
        cwd: BFF,
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
      });
    const removed = cli('remove-demo-accounts');
    expect(removed.status).toBe(0);
    expect(removed.stdout).toContain('super@demo.test');
    // The way a real deployment gets its first super admin: a one-time password printed once.
    const created = cli('create-super-admin', 'ops@energy.example.se', '--name', 'Operations');
    expect(created.status).toBe(0);
    const oneTimePassword = /One-time password[^:]*: (\S+)/.exec(created.stdout)?.[1];
    expect(oneTimePassword).toBeDefined();
    // Plain http on loopback in this test: cookies without Secure, so the test client sends them back.
    const child = runBff('server', [], { ...env, SECURE_COOKIES: 'false' });
    try {
      const { url, output } = await serverUrl(child);
      expect(output()).not.toMatch(/BankID simulator|Demo mode/);
      const attacker = await signInAs(request.agent(url), 'super@demo.test')
        .expect(401)
        .catch((error: Error) => {
          throw new Error(`${error.message}\nserver output:\n${output()}`);
        });
      expect(attacker.body.url).toContain('error=CredentialsSignin');
      await signInAs(request.agent(url), 'ops@energy.example.se', oneTimePassword).expect(200);
      const registry = await request(url).get('/api/mfe/registry').set('Host', 'evil.example').expect(200);
      expect(registry.body.demo).toBeUndefined();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
