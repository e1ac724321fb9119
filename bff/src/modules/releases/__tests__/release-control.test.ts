import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import { REPO_ROOT } from '../../../paths';
import { SHELL_SHARED } from '../../../../test/fixtures';
import { startTestWorld, type BuildFixtures, type TestApp, type TestWorld } from '../../../../test/test-world';
import { signInAs } from '../../../../test/staff-session';
import { changeRelease, releaseStatus, setAudience, uploadRelease, type Deployment } from '../upload-client';
import { releaseRequestOf, type ReleaseFlags } from '../release-command';
import { insertRelease } from '../repository';
import { storeRelease } from '../release-store';
import { localFolderStore } from '../../../storage/local-folder-store';

// A team's CI gives its remote's release a canary audience, promotes it and rolls it back with its release token,
// over real HTTP on loopback through the CLI's client, as a super admin does on the Releases page.
let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: TestApp;
let server: Server;
let to: string;
let superAdmin: ReturnType<typeof request.agent>;
let results: Deployment & { id: number };

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ database, fixtures, app } = world);
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  to = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { id, token } = await makeToken('mfe-results', 'results CI');
  results = { to, token, remote: 'mfe-results', id };
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await world.close();
});

async function makeToken(remote: string, label: string): Promise<{ id: number; token: string }> {
  return (await superAdmin.post('/api/admin/release-tokens').send({ remote, label }).expect(201)).body;
}

const AUDIT = 'select actor_email, target, details from audit_log where action = $1 order by id';
const auditRows = async (action: string) => (await database.pool.query(AUDIT, [action])).rows;
const TOKEN_ACTOR = () => `release-token:${results.id} (results CI)`;
const registryVersion = async (cookie = '') => {
  const res = await request(app).get('/api/mfe/registry').set('Cookie', cookie).expect(200);
  return res.body.remotes.find((r: { package: string }) => r.package === 'mfe-results')?.version as string;
};
const upload = async (label: string, activate = true) =>
  (await uploadRelease({ ...results, distDir: fixtures.writeRemote(label), activate })).version;

it('uploads a build without activating it, gives it to 10 % of sessions, then promotes it to everyone', async () => {
  const stable = await upload('stable');
  const canary = await upload('canary-promoted', false);
  expect(await registryVersion()).toBe(stable);

  const set = await setAudience(results, canary, { kind: 'percent', percent: 10 });
  expect(set).toMatchObject({ version: canary, active: false, audience: { kind: 'percent', percent: 10 } });
  const status = await releaseStatus(results);
  expect(status.remote).toBe('mfe-results');
  expect(status.releases.find((r) => r.version === canary)).toMatchObject({
    audience: { kind: 'percent', percent: 10 },
    health: { sessions: 0, failedSessions: 0, errors: 0 },
    verdict: null,
  });
  expect(await auditRows('release.canary')).toContainEqual({
    actor_email: TOKEN_ACTOR(),
    target: `mfe-results@${canary}`,
    details: expect.objectContaining({ version: canary, audience: { kind: 'percent', percent: 10 } }),
  });

  const promoted = await setAudience(results, canary, { kind: 'everyone' });
  expect(promoted).toMatchObject({ version: canary, active: true, audience: null, activatedBy: TOKEN_ACTOR() });
  expect(await registryVersion()).toBe(canary);
  expect((await auditRows('release.activate')).at(-1)).toMatchObject({
    actor_email: TOKEN_ACTOR(),
    details: expect.objectContaining({ version: canary, previous: stable, canary: { kind: 'percent', percent: 10 } }),
  });
  // Asking again changes nothing, and the call is still on record.
  await setAudience(results, canary, { kind: 'everyone' });
  expect((await auditRows('release.activate')).at(-1).details).toMatchObject({ version: canary, unchanged: true });
});

it("gives a canary to one brand's sessions, then rolls it back: everyone has the active release again", async () => {
  const active = await registryVersion();
  const canary = await upload('canary-brand', false);
  await setAudience(results, canary, { kind: 'brand', brand: 'demo-bank' });
  expect(await registryVersion('owner=demo-bank')).toBe(canary);
  expect(await registryVersion()).toBe(active);

  const rolledBack = await changeRelease(results, canary, 'rollback');
  expect(rolledBack).toMatchObject({ version: canary, active: false, audience: null });
  expect(rolledBack.verdict).toMatchObject({ result: 'rolled-back' });
  expect(await registryVersion('owner=demo-bank')).toBe(active);
  expect((await auditRows('release.rollback')).at(-1)).toEqual({
    actor_email: TOKEN_ACTOR(),
    target: `mfe-results@${canary}`,
    details: expect.objectContaining({ automatic: false, audience: { kind: 'brand', brand: 'demo-bank' } }),
  });
  const again = changeRelease(results, canary, 'rollback');
  await expect(again).rejects.toThrow(`409: mfe-results ${canary} is not a canary`);
  const unknownBrand = setAudience(results, canary, { kind: 'brand', brand: 'no-such-brand' });
  await expect(unknownBrand).rejects.toThrow('400: Invalid body.brand: no organisation has the brand no-such-brand.');
});

it('activates an earlier release (rolling back the active one), and says 404 for one it does not have', async () => {
  const current = await registryVersion();
  const { releases } = await releaseStatus(results);
  const earlier = releases.find((r) => !r.active && r.version !== current && r.verdict === null)!;
  const activated = await changeRelease(results, earlier.version, 'activate');
  expect(activated).toMatchObject({ version: earlier.version, active: true });
  expect(await registryVersion()).toBe(earlier.version);
  const audited = (await auditRows('release.activate')).at(-1).details;
  expect(audited).toMatchObject({ version: earlier.version, previous: current, rollback: true });
  const missing = changeRelease(results, '9.9.9-0000000000', 'activate');
  const notFound = '404: mfe-results has no release 9.9.9-0000000000. See the releases with --status.';
  await expect(missing).rejects.toThrow(notFound);
});

it('refuses to activate or canary a release the shell cannot satisfy (409), by token as by the admin', async () => {
  const before = await registryVersion();
  const react18 = SHELL_SHARED.map((s) => (s.name === 'react' ? { ...s, requiredVersion: '^18.2.0' } : s));
  const version = '0.0.1-react18aaaa';
  const row = { remote: 'mfe-results', version, shared: react18, files: 3, bytes: 10, releasedBy: 'old ci' };
  await insertRelease(database.db, row);
  const problem = 'react: the remote requires ^18.2.0 but the shell provides 19.3.1';
  // The row has no stored manifest, so the federation runtime check refuses it too (listed after the singletons).
  const refused = `Refusing to activate mfe-results ${version}: ${problem}`;
  await expect(changeRelease(results, version, 'activate')).rejects.toThrow(`409: ${refused}`);
  await expect(setAudience(results, version, { kind: 'percent', percent: 5 })).rejects.toThrow(`409: ${refused}`);
  const admin = await superAdmin.post(`/api/admin/releases/mfe-results/${version}/activate`).expect(409);
  expect(admin.body.message).toContain(refused);
  expect(await registryVersion()).toBe(before);
});

it('refuses to activate or canary a release built before pages travelled with releases (409), naming it', async () => {
  const before = await registryVersion();
  const dist = fixtures.writeRemote('before-pages');
  fs.rmSync(path.join(dist, 'pages.json'));
  const version = '0.0.2-nopagesaaaa';
  await storeRelease(localFolderStore(fixtures.releasesDir), 'mfe-results', version, dist);
  const row = { remote: 'mfe-results', version, shared: SHELL_SHARED, files: 3, bytes: 10, releasedBy: 'old ci' };
  await insertRelease(database.db, { ...row, releasedAt: new Date('2025-01-01T00:00:00Z') });
  const refused = `409: mfe-results ${version} was built before pages travelled with releases (it has no pages.json)`;
  await expect(changeRelease(results, version, 'activate')).rejects.toThrow(refused);
  await expect(setAudience(results, version, { kind: 'brand', brand: 'demo-bank' })).rejects.toThrow(refused);
  await expect(setAudience(results, version, { kind: 'everyone' })).rejects.toThrow(refused);
  const listed = (await releaseStatus(results)).releases.find((r) => r.version === version);
  expect(listed).toMatchObject({ pages: false, active: false, audience: null });
  expect(await registryVersion()).toBe(before);
});

it('scopes the token to its remote (403), refuses revoked and unknown tokens (401), auditing each', async () => {
  const version = await registryVersion();
  const flow = await makeToken('mfe-flow', 'flow CI');
  const otherRemote = releaseStatus({ ...results, token: flow.token });
  const scoped = '403: This release token is for mfe-flow, not mfe-results. Use the release token of this remote.';
  await expect(otherRemote).rejects.toThrow(scoped);
  await expect(setAudience({ ...results, token: flow.token }, version, { kind: 'everyone' })).rejects.toThrow('403');
  const old = await makeToken('mfe-results', 'old CI');
  await superAdmin.post(`/api/admin/release-tokens/${old.id}/revoke`).expect(200);
  const revoked = changeRelease({ ...results, token: old.token }, version, 'activate');
  await expect(revoked).rejects.toThrow('401: This release token was revoked. Check RELEASE_TOKEN');
  const unknown = releaseStatus({ ...results, token: 'hert_nobody' });
  await expect(unknown).rejects.toThrow('401: This release token is not known.');
  await request(app).get('/api/releases/mfe-results').expect(401);
  const bearer = `Bearer ${results.token}`;
  const all = { kind: 'percent', percent: 100 };
  const audience = `/api/releases/mfe-results/${version}/audience`;
  await request(app).post(audience).set('Authorization', bearer).send(all).expect(400);
  await request(app).post(`/api/releases/mfe-nothing/${version}/rollback`).set('Authorization', bearer).expect(400);
  const refused = (await auditRows('release.token_refused')).map((row) => [row.actor_email, row.details.reason]);
  expect(refused).toEqual([
    [`release-token:${flow.id} (flow CI)`, 'token of mfe-flow'],
    [`release-token:${flow.id} (flow CI)`, 'token of mfe-flow'],
    [`release-token:${old.id} (old CI)`, 'revoked'],
    ['release-token:unknown', 'unknown token'],
  ]);
  expect((await auditRows('release.list')).map((row) => row.actor_email)).toContain(TOKEN_ACTOR());
  const unreachable = releaseStatus({ ...results, to: 'http://127.0.0.1:9' });
  await expect(unreachable).rejects.toThrow('Cannot reach http://127.0.0.1:9');
});

it('stops answering an address after 60 refused calls in 15 minutes (429), counted with refused uploads', async () => {
  const statuses: number[] = [];
  for (let n = 0; n < 61; n++) {
    const res = await request(app).get('/api/releases/mfe-results').set('Authorization', 'Bearer hert_guess');
    statuses.push(res.status);
  }
  expect(statuses).toContain(429);
  const limited = await request(app).post('/api/releases/mfe-results').set('Authorization', 'Bearer hert_guess');
  expect(limited.status).toBe(429);
  expect(limited.body.message).toBe('Too many refused release requests from this address. Try again in 15 minutes.');
});

describe("the CLI's release flags", () => {
  const to = 'https://energy.example.se';
  const read = (flags: ReleaseFlags) => releaseRequestOf({ to, ...flags });

  it('reads one action: upload (active or canary), promote, rollback or status', () => {
    expect(read({})).toEqual({ kind: 'upload', canary: null });
    expect(releaseRequestOf({})).toEqual({ kind: 'upload', canary: null });
    expect(read({ canary: '10' })).toEqual({ kind: 'upload', canary: { kind: 'percent', percent: 10 } });
    const brand = { kind: 'brand', brand: 'demo-bank' };
    expect(read({ 'canary-brand': 'demo-bank' })).toEqual({ kind: 'upload', canary: brand });
    const version = '0.1.0-4adaf6cba1';
    expect(read({ promote: version })).toEqual({ kind: 'promote', version });
    expect(read({ rollback: version })).toEqual({ kind: 'rollback', version });
    expect(read({ status: true })).toEqual({ kind: 'status' });
  });

  it('says what is wrong with a flag', () => {
    for (const percent of ['0', '100', '12.5', 'ten', '-5', '']) {
      const message = `--canary: "${percent}" is not a whole percentage of sessions from 1 to 99.`;
      expect(() => read({ canary: percent })).toThrow(message);
    }
    const brand = '--canary-brand: "Demo Bank" is not a brand id such as demo-bank.';
    expect(() => read({ 'canary-brand': 'Demo Bank' })).toThrow(brand);
    expect(() => read({ promote: '../x' })).toThrow('--promote: "../x" is not a release version');
    const actions = '--canary, --canary-brand, --promote, --rollback, --status';
    const one = `Give one of ${actions} at a time, not --canary and --promote.`;
    expect(() => read({ canary: '10', promote: '0.1.0-4adaf6cba1' })).toThrow(one);
    expect(() => read({ status: true, rollback: '0.1.0-4adaf6cba1' })).toThrow('not --rollback and --status');
    const local = "--canary speaks to a deployment's API: add --to URL (and RELEASE_TOKEN).";
    expect(() => releaseRequestOf({ canary: '10' })).toThrow(local);
  });

  it('prints the refusal and exits 1, with no stack trace', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'bff/src/cli.ts', 'release', 'mfe-results', ...args], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, RELEASE_TOKEN: '' },
      });
    const local = cli('--canary', '10');
    expect(local.status).toBe(1);
    expect(local.stderr.trim()).toBe("--canary speaks to a deployment's API: add --to URL (and RELEASE_TOKEN).");
    const missing = cli('--to', to, '--canary');
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^Option '--canary <value>' argument missing/);
  });
});
