import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { activateRelease, publishRelease } from '../../releases/service';
import { insertRelease } from '../../releases/repository';
import { storeRelease } from '../../releases/release-store';
import { localFolderStore } from '../../../storage/local-folder-store';
import { REMOTE_EXTERNAL, SHELL_RUNTIME, SHELL_SHARED } from '../../../../test/fixtures';
import { startTestWorld, type TestWorld, type BuildFixtures, type TestApp } from '../../../../test/test-world';
import { signInAs } from '../../../../test/staff-session';

let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
let first: string;
let second: string;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, fixtures, app } = world);
  const settings = { releasesDir: fixtures.releasesDir, SHELL_DIST: fixtures.shellDist };
  first = (
    await publishRelease(database.db, settings, {
      remote: 'mfe-results',
      distDir: fixtures.writeRemote('one'),
      releasedBy: 'ci',
      activate: 'always',
    })
  ).version;
  second = (
    await publishRelease(database.db, settings, {
      remote: 'mfe-results',
      distDir: fixtures.writeRemote('two'),
      releasedBy: 'ci',
      activate: 'always',
    })
  ).version;
  // A release built against React 18: stored earlier, before the shell moved on (the release check would refuse it
  // today).
  const old = fixtures.writeRemote(
    'react18',
    SHELL_SHARED.map((s) => (s.name === 'react' ? { ...s, requiredVersion: '^18.2.0' } : s)),
  );
  await storeRelease(localFolderStore(fixtures.releasesDir), 'mfe-results', '0.9.0-old', old);
  await insertRelease(database.db, {
    remote: 'mfe-results',
    version: '0.9.0-old',
    shared: SHELL_SHARED.map((s) => (s.name === 'react' ? { ...s, requiredVersion: '^18.2.0' } : s)),
    files: 3,
    bytes: 100,
    releasedBy: 'ci',
    releasedAt: new Date('2025-01-01T00:00:00Z'),
  });
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
});
afterAll(() => world.close());

it("lists every remote's releases with who released and activated them and the shared-dependency check", async () => {
  const res = await superAdmin.get('/api/admin/releases').expect(200);
  expect(res.body.remotes.map((r: { remote: string }) => r.remote)).toEqual([
    'mfe-flow',
    'mfe-results',
    'mfe-console',
    'mfe-admin',
  ]);
  expect(res.body.shell.shared).toEqual(SHELL_SHARED.map(({ name, version }) => ({ name, version })));
  const results = res.body.remotes.find((r: { remote: string }) => r.remote === 'mfe-results').releases;
  expect(results.map((r: { version: string; active: boolean }) => [r.version, r.active])).toEqual([
    [second, true],
    [first, false],
    ['0.9.0-old', false],
  ]);
  expect(results[0]).toMatchObject({
    releasedBy: 'ci',
    activatedBy: 'ci',
    files: 4,
    compatible: true,
    releasedAt: expect.any(String),
    activatedAt: expect.any(String),
  });
  expect(results[0].checks).toEqual([
    { name: 'react', requiredVersion: '^19.3.1', shellVersion: '19.3.1', ok: true },
    { name: 'react-dom', requiredVersion: '^19.3.1', shellVersion: '19.3.1', ok: true },
    { name: '@home-energy/shared', requiredVersion: '^0.1.0', shellVersion: '0.1.0', ok: true },
  ]);
  expect(results[2].compatible).toBe(false);
  expect(results[2].checks[0]).toMatchObject({
    name: 'react',
    ok: false,
    problem: 'react: the remote requires ^18.2.0 but the shell provides 19.3.1',
  });
});

it('rolls back: activates the earlier version, the registry serves it, audited with the real user', async () => {
  const res = await superAdmin.post(`/api/admin/releases/mfe-results/${first}/activate`).expect(200);
  expect(res.body).toMatchObject({ version: first, active: true, activatedBy: 'super@demo.test', compatible: true });
  const registry = await request(app).get('/api/mfe/registry').expect(200);
  expect(registry.body.remotes.find((r: { package: string }) => r.package === 'mfe-results').version).toBe(first);
  const { rows } = await database.pool.query(`select * from audit_log where action = 'release.activate'`);
  expect(rows).toEqual([
    expect.objectContaining({
      actor_email: 'super@demo.test',
      target: `mfe-results@${first}`,
      organisation_id: null,
      details: { remote: 'mfe-results', version: first, previous: second, rollback: true },
    }),
  ]);
  // Activating the active release changes nothing and writes nothing.
  await superAdmin.post(`/api/admin/releases/mfe-results/${first}/activate`).expect(200);
  expect((await database.pool.query(`select count(*)::int as n from audit_log`)).rows[0].n).toBe(1);
});

it('refuses a release the shell cannot satisfy (409 naming the library), and bad or unknown versions', async () => {
  const res = await superAdmin.post('/api/admin/releases/mfe-results/0.9.0-old/activate').expect(409);
  expect(res.body.message).toBe(
    'Refusing to activate mfe-results 0.9.0-old: react: the remote requires ^18.2.0 but the shell provides 19.3.1.',
  );
  expect(
    (await request(app).get('/api/mfe/registry')).body.remotes.find(
      (r: { package: string }) => r.package === 'mfe-results',
    ).version,
  ).toBe(first);
  await superAdmin.post('/api/admin/releases/mfe-results/9.9.9-nothing/activate').expect(404);
  const bad = await superAdmin.post('/api/admin/releases/mfe-nothing/1.0.0/activate').expect(400);
  expect(bad.body.issues[0].path).toBe('params.remote');
  await superAdmin.post('/api/admin/releases/mfe-results/..%2F..%2Fetc/activate').expect(400);
  expect((await database.pool.query(`select count(*)::int as n from audit_log`)).rows[0].n).toBe(1);
});

it("refuses a remote built with another federation runtime than the shell's, at publish and activation", async () => {
  const settings = { releasesDir: fixtures.releasesDir, SHELL_DIST: fixtures.shellDist };
  const newer = fixtures.writeRemote('runtime-2-10', SHELL_SHARED, 'mfe_results', {
    ...REMOTE_EXTERNAL,
    version: '2.10.0',
  });
  await expect(
    publishRelease(database.db, settings, {
      remote: 'mfe-results',
      distDir: newer,
      releasedBy: 'ci',
      activate: 'always',
    }),
  ).rejects.toThrow(
    'Refusing to release mfe-results: @module-federation/runtime: the remote was built against 2.10.0 but ' +
      'the shell provides 2.9.2.',
  );
  // Stored by an earlier shell's day: its manifest as released is what activation reads.
  const older = fixtures.writeRemote('runtime-2-8', SHELL_SHARED, 'mfe_results', {
    ...REMOTE_EXTERNAL,
    version: '2.8.0',
  });
  await storeRelease(localFolderStore(fixtures.releasesDir), 'mfe-results', '0.8.0-runtime', older);
  const row = {
    remote: 'mfe-results',
    version: '0.8.0-runtime',
    shared: SHELL_SHARED,
    files: 3,
    bytes: 100,
    releasedBy: 'ci',
  };
  await insertRelease(database.db, { ...row, releasedAt: new Date('2025-01-01T00:00:00Z') });
  const res = await superAdmin.post('/api/admin/releases/mfe-results/0.8.0-runtime/activate').expect(409);
  expect(res.body.message).toBe(
    'Refusing to activate mfe-results 0.8.0-runtime: @module-federation/runtime: the remote was built ' +
      'against 2.8.0 but the shell provides 2.9.2.',
  );
  // The Releases page says so before anyone tries: the runtime check beside the singletons', and not compatible.
  const list = await superAdmin.get('/api/admin/releases').expect(200);
  expect(list.body.shell.runtime).toBe('2.9.2');
  const listed = list.body.remotes
    .find((r: { remote: string }) => r.remote === 'mfe-results')
    .releases.filter((r: { version: string }) => ['0.8.0-runtime', first].includes(r.version));
  expect(listed.map((r: { version: string; compatible: boolean }) => [r.version, r.compatible])).toEqual([
    [first, true],
    ['0.8.0-runtime', false],
  ]);
  expect(listed[0].runtime).toEqual({
    name: '@module-federation/runtime',
    requiredVersion: '2.9.2',
    shellVersion: '2.9.2',
    external: true,
    shellProvides: true,
    ok: true,
  });
  expect(listed[1].runtime).toMatchObject({ requiredVersion: '2.8.0', shellVersion: '2.9.2', ok: false });
  expect(listed[1].checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
  expect(
    (await request(app).get('/api/mfe/registry')).body.remotes.find(
      (r: { package: string }) => r.package === 'mfe-results',
    ).version,
  ).toBe(first);
});

it("refuses a remote that runs on the shell's runtime core under a shell that provides none", async () => {
  const settings = { releasesDir: fixtures.releasesDir, SHELL_DIST: fixtures.shellDist };
  // Stored while the shell provided its runtime core; then a shell built with a runtime of its own only goes live.
  const onShellCore = fixtures.writeRemote('on-shell-core');
  await storeRelease(localFolderStore(fixtures.releasesDir), 'mfe-results', '0.9.5-core', onShellCore);
  const row = { remote: 'mfe-results', version: '0.9.5-core', shared: SHELL_SHARED, files: 3, bytes: 100 };
  await insertRelease(database.db, { ...row, releasedBy: 'ci', releasedAt: new Date('2025-02-01T00:00:00Z') });
  fixtures.writeShell({ version: SHELL_RUNTIME });
  try {
    const refusal =
      "@module-federation/runtime: the remote runs on the shell's runtime core, but the shell provides none";
    await expect(
      publishRelease(database.db, settings, {
        remote: 'mfe-results',
        distDir: fixtures.writeRemote('on-shell-core-again'),
        releasedBy: 'ci',
        activate: 'always',
      }),
    ).rejects.toThrow(`Refusing to release mfe-results: ${refusal}.`);
    const res = await superAdmin.post('/api/admin/releases/mfe-results/0.9.5-core/activate').expect(409);
    expect(res.body).toMatchObject({
      error: 'incompatible',
      message: `Refusing to activate mfe-results 0.9.5-core: ${refusal}.`,
    });
    const list = await superAdmin.get('/api/admin/releases').expect(200);
    const listed = list.body.remotes
      .find((r: { remote: string }) => r.remote === 'mfe-results')
      .releases.find((r: { version: string }) => r.version === '0.9.5-core');
    expect(listed.compatible).toBe(false);
    expect(listed.runtime).toMatchObject({ external: true, shellProvides: false, ok: false, problem: refusal });
    // A remote that carries its own runtime core still runs under that shell.
    const ownCore = fixtures.writeRemote('own-core', SHELL_SHARED, 'mfe_results', { version: SHELL_RUNTIME });
    const own = await publishRelease(database.db, settings, {
      remote: 'mfe-results',
      distDir: ownCore,
      releasedBy: 'ci',
      activate: 'never',
    });
    expect(own.checks.at(-1)).toMatchObject({ external: false, shellProvides: false, ok: true });
  } finally {
    fixtures.writeShell();
  }
});

it('refuses to serve a release built before pages travelled with releases, on any path, and lists it so', async () => {
  const settings = { releasesDir: fixtures.releasesDir, SHELL_DIST: fixtures.shellDist };
  // Stored by the code before pages.json: a compatible build, but without its route table and frames.
  const dist = fixtures.writeRemote('before-pages');
  fs.rmSync(path.join(dist, 'pages.json'));
  await storeRelease(localFolderStore(fixtures.releasesDir), 'mfe-results', '0.9.7-nopages', dist);
  const row = { remote: 'mfe-results', version: '0.9.7-nopages', shared: SHELL_SHARED, files: 3, bytes: 100 };
  await insertRelease(database.db, { ...row, releasedBy: 'ci', releasedAt: new Date('2025-03-01T00:00:00Z') });
  const registryVersion = async () =>
    (await request(app).get('/api/mfe/registry')).body.remotes.find(
      (r: { package: string }) => r.package === 'mfe-results',
    ).version;
  const before = await registryVersion();
  const audits = async () => (await database.pool.query(`select count(*)::int as n from audit_log`)).rows[0].n;
  const audited = await audits();

  const refusal =
    'mfe-results 0.9.7-nopages was built before pages travelled with releases (it has no pages.json), ' +
    'so its pages would be unreachable: rebuild it and release it again.';
  const activate = await superAdmin.post('/api/admin/releases/mfe-results/0.9.7-nopages/activate').expect(409);
  expect(activate.body).toMatchObject({ error: 'conflict', message: refusal });
  const canary = await superAdmin
    .post('/api/admin/releases/mfe-results/0.9.7-nopages/audience')
    .send({ kind: 'percent', percent: 10 })
    .expect(409);
  expect(canary.body.message).toBe(refusal);
  // The CLI's `activate` runs the release service's own activation.
  await expect(activateRelease(database.db, settings, 'mfe-results', '0.9.7-nopages', 'ops')).rejects.toThrow(refusal);
  expect(await registryVersion()).toBe(before);
  expect(await audits()).toBe(audited);

  const list = await superAdmin.get('/api/admin/releases').expect(200);
  const releases = list.body.remotes.find((r: { remote: string }) => r.remote === 'mfe-results').releases;
  expect(releases.find((r: { version: string }) => r.version === '0.9.7-nopages')).toMatchObject({
    compatible: true,
    pages: false,
  });
  expect(releases.find((r: { version: string }) => r.version === first).pages).toBe(true);
});
