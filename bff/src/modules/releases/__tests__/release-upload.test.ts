import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { DatabaseHandle } from '../../../db/client';
import { seedDemoStaff } from '../../../seed/demo-staff';
import type { AddressInfo } from 'node:net';
import { listFiles } from '../release-store';
import { uploadRelease } from '../upload-client';
import { SHELL_SHARED } from '../../../../test/fixtures';
import { createTestApp } from '../../../../test/test-app';
import { storesOf } from '../../../../test/s3-server';
import { startTestWorld, type BuildFixtures, type TestApp, type TestWorld } from '../../../../test/test-world';
import { signInAs } from '../../../../test/staff-session';

// A team's CI releases its remote through the API with a token of that remote, into the S3 release store.
let world: TestWorld;
let database: DatabaseHandle;
let fixtures: BuildFixtures;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
let closeStores: () => Promise<void>;
let stores: Awaited<ReturnType<typeof storesOf>>['stores'];

beforeAll(async () => {
  ({ stores, close: closeStores } = await storesOf('s3'));
  world = await startTestWorld({
    seed: [seedDemoStaff],
    stores,
    config: { RELEASE_UPLOAD_FILES: 6, RELEASE_UPLOAD_MB: 1 },
  });
  ({ database, fixtures, app } = world);
  superAdmin = request.agent(app);
  await signInAs(superAdmin, 'super@demo.test').expect(200);
});
afterAll(async () => {
  await world.close();
  await closeStores();
});

/** POST /api/releases/<remote> with every file of a build folder, each part named by its path. */
function upload(remote: string, token: string | null, dir: string, extra: Record<string, string> = {}) {
  let req = request(app).post(`/api/releases/${remote}`);
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  for (const file of listFiles(dir)) req = req.attach(file, fs.readFileSync(path.join(dir, file)), path.basename(file));
  for (const [name, text] of Object.entries(extra)) req = req.attach(name, Buffer.from(text), 'extra.js');
  return req;
}

async function makeToken(remote: string, label: string): Promise<{ id: number; token: string }> {
  const res = await superAdmin.post('/api/admin/release-tokens').send({ remote, label }).expect(201);
  return res.body;
}

const auditRows = async (action: string) =>
  (
    await database.pool.query(`select actor_email, target, details from audit_log where action = $1 order by id`, [
      action,
    ])
  ).rows;
const activeVersion = async () =>
  (await request(app).get('/api/mfe/registry').expect(200)).body.remotes.find(
    (r: { package: string }) => r.package === 'mfe-results',
  )?.version;

it('a super admin makes a token for one remote: shown once, stored hashed, listed without it, audited', async () => {
  const res = await superAdmin
    .post('/api/admin/release-tokens')
    .send({ remote: 'mfe-results', label: 'results team CI' })
    .expect(201);
  expect(res.body).toMatchObject({
    remote: 'mfe-results',
    label: 'results team CI',
    createdBy: 'super@demo.test',
    revokedAt: null,
    token: expect.stringMatching(/^hert_[\w-]{43}$/),
  });
  const listed = await superAdmin.get('/api/admin/release-tokens').expect(200);
  expect(JSON.stringify(listed.body)).not.toContain(res.body.token);
  const { rows } = await database.pool.query('select token_hash from release_tokens where id = $1', [res.body.id]);
  expect(rows[0].token_hash).not.toContain(res.body.token);
  expect(await auditRows('release_token.create')).toContainEqual({
    actor_email: 'super@demo.test',
    target: `release-token:${res.body.id}`,
    details: { remote: 'mfe-results', label: 'results team CI' },
  });
  await superAdmin.post('/api/admin/release-tokens').send({ remote: 'mfe-nothing', label: 'x' }).expect(400);
  await superAdmin.post('/api/admin/release-tokens').send({ remote: 'mfe-results', label: '  ' }).expect(400);
  await request(app).post('/api/admin/release-tokens').send({ remote: 'mfe-results', label: 'anonymous' }).expect(401);
});

it("a build uploaded with the remote's token is checked, stored in the bucket, activated and served", async () => {
  const { id, token } = await makeToken('mfe-results', 'results CI');
  const res = await upload('mfe-results', token, fixtures.writeRemote('from-ci')).expect(201);
  expect(res.body).toMatchObject({ remote: 'mfe-results', created: true, activated: true });
  expect(await activeVersion()).toBe(res.body.version);
  const served = await request(app).get(`/mfe/mfe-results/${res.body.version}/remoteEntry.js`).expect(200);
  expect(served.text).toBe('/* from-ci */ var mfe_results;');
  expect(await stores!.releases.head(`mfe-results/${res.body.version}/mf-manifest.json`)).not.toBeNull();
  expect(await auditRows('release.upload')).toContainEqual({
    actor_email: `release-token:${id} (results CI)`,
    target: `release-token:${id}`,
    details: expect.objectContaining({
      remote: 'mfe-results',
      version: res.body.version,
      created: true,
      activated: true,
      files: 4,
    }),
  });
  const listed = (await superAdmin.get('/api/admin/release-tokens').expect(200)).body.tokens.find(
    (t: { id: number }) => t.id === id,
  );
  expect(listed.lastUsedAt).toEqual(expect.any(String));
  // The same build again is the same release: nothing new.
  const again = await upload('mfe-results', token, fixtures.writeRemote('from-ci')).expect(200);
  expect(again.body).toMatchObject({ version: res.body.version, created: false });
});

it("refuses no token and an unknown one (401), another remote's (403), a revoked one (401), audited", async () => {
  const build = fixtures.writeRemote('refused');
  const before = await activeVersion();
  await upload('mfe-results', null, build).expect(401);
  const unknown = await upload('mfe-results', 'hert_not-a-real-token', build).expect(401);
  expect(unknown.body.message).toBe('This release token is not known.');
  const flow = await makeToken('mfe-flow', 'flow CI');
  const other = await upload('mfe-results', flow.token, build).expect(403);
  expect(other.body.message).toBe('This release token is for mfe-flow, not mfe-results.');
  const results = await makeToken('mfe-results', 'old CI');
  const revoked = await superAdmin.post(`/api/admin/release-tokens/${results.id}/revoke`).expect(200);
  expect(revoked.body).toMatchObject({ id: results.id, revokedBy: 'super@demo.test', revokedAt: expect.any(String) });
  await superAdmin.post(`/api/admin/release-tokens/${results.id}/revoke`).expect(404);
  const gone = await upload('mfe-results', results.token, build).expect(401);
  expect(gone.body.message).toBe('This release token was revoked.');
  expect(await activeVersion()).toBe(before);
  const refused = (await auditRows('release.token_refused')).map((row) => [row.actor_email, row.details.reason]);
  expect(refused).toEqual([
    ['release-token:unknown', 'unknown token'],
    [`release-token:${flow.id} (flow CI)`, 'token of mfe-flow'],
    [`release-token:${results.id} (old CI)`, 'revoked'],
  ]);
  expect(await auditRows('release_token.revoke')).toEqual([
    {
      actor_email: 'super@demo.test',
      target: `release-token:${results.id}`,
      details: { remote: 'mfe-results', label: 'old CI' },
    },
  ]);
});

it('refuses a build the shell cannot satisfy with 409 naming the library, before it can become active', async () => {
  const { token } = await makeToken('mfe-results', 'results CI (react 18)');
  const before = await activeVersion();
  const res = await upload(
    'mfe-results',
    token,
    fixtures.writeRemote(
      'react18',
      SHELL_SHARED.map((s) => (s.name === 'react' ? { ...s, requiredVersion: '^18.2.0' } : s)),
    ),
  ).expect(409);
  expect(res.body.message).toBe(
    'Refusing to release mfe-results: react: the remote requires ^18.2.0 but the shell provides 19.3.1.',
  );
  expect(res.body.issues).toEqual([
    { path: 'react', message: 'react: the remote requires ^18.2.0 but the shell provides 19.3.1' },
  ]);
  expect(await activeVersion()).toBe(before);
  expect((await auditRows('release.upload_refused')).at(-1).details.reason).toMatch(/react: the remote requires/);
});

it('bounds uploads: paths out of the build, hidden files, no manifest, other remote, too many or too big', async () => {
  const { token } = await makeToken('mfe-results', 'results CI (limits)');
  const build = fixtures.writeRemote('limits');
  for (const bad of ['../escape.js', 'a/../../escape.js', '.hidden.js', '/etc/passwd']) {
    const res = await upload('mfe-results', token, build, { [bad]: 'x' }).expect(400);
    expect(res.body.message).toMatch(/Invalid file path/);
  }
  const noManifest = fixtures.writeRemote('no-manifest');
  fs.rmSync(path.join(noManifest, 'mf-manifest.json'));
  expect((await upload('mfe-results', token, noManifest).expect(400)).body.message).toBe(
    'The build has no mf-manifest.json: send the whole build folder.',
  );
  const flowBuild = fixtures.writeRemote('flow-build', SHELL_SHARED, 'mfe_flow');
  expect((await upload('mfe-results', token, flowBuild).expect(400)).body.message).toBe(
    'the upload holds the build of mfe_flow, not mfe-results (mfe_results).',
  );
  const many = Object.fromEntries(['1', '2', '3', '4'].map((n) => [`extra-${n}.js`, 'x']));
  await upload('mfe-results', token, build, many).expect(413);
  await upload('mfe-results', token, build, { 'big.js': 'x'.repeat(1024 * 1024 + 1) }).expect(413);
  await request(app)
    .post('/api/releases/mfe-results')
    .set('Authorization', `Bearer ${token}`)
    .send({ files: [] })
    .expect(400);
});

it('points the registry at MFE_PUBLIC_URL (a CDN) and lets the pages load remote files from there', async () => {
  const cdn = createTestApp(database, fixtures, { MFE_PUBLIC_URL: 'https://cdn.example.se/mfe/' }, { stores });
  const version = await activeVersion();
  const registry = await request(cdn).get('/api/mfe/registry').expect(200);
  expect(registry.body.remotes.find((r: { package: string }) => r.package === 'mfe-results').entry).toBe(
    `https://cdn.example.se/mfe/mfe-results/${version}/mf-manifest.json`,
  );
  expect(registry.headers['content-security-policy']).toMatch(/script-src 'self' [^;]*https:\/\/cdn\.example\.se/);
  const own = await request(app).get('/api/mfe/registry').expect(200);
  expect(own.body.remotes.find((r: { package: string }) => r.package === 'mfe-results').entry).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/mfe\/mfe-results\//,
  );
});

it("the CLI's upload (release --to --token) publishes a build on a running deployment, or says why not", async () => {
  const { token } = await makeToken('mfe-results', 'results CI (cli)');
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const to = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = await uploadRelease({ to, token, remote: 'mfe-results', distDir: fixtures.writeRemote('from-cli') });
    expect(answer).toMatchObject({ remote: 'mfe-results', created: true, activated: true });
    expect(await activeVersion()).toBe(answer.version);
    await expect(
      uploadRelease({ to, token: 'hert_wrong', remote: 'mfe-results', distDir: fixtures.writeRemote('from-cli') }),
    ).rejects.toThrow('401: This release token is not known.');
    await expect(
      uploadRelease({
        to: 'http://energy.example.se',
        token,
        remote: 'mfe-results',
        distDir: fixtures.writeRemote('from-cli'),
      }),
    ).rejects.toThrow('--to: use https://');
    await expect(
      uploadRelease({ to, token, remote: 'mfe-results', distDir: path.join(fixtures.root, 'nothing') }),
    ).rejects.toThrow('no mf-manifest.json');
    await expect(
      uploadRelease({
        to: 'http://127.0.0.1:9',
        token,
        remote: 'mfe-results',
        distDir: fixtures.writeRemote('from-cli'),
      }),
    ).rejects.toThrow('Cannot reach http://127.0.0.1:9');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

it('stops answering an address after 60 refused uploads in 15 minutes (429): no flooding the audit log', async () => {
  const statuses: number[] = [];
  for (let n = 0; n < 61; n++)
    statuses.push(
      (await request(app).post('/api/releases/mfe-results').set('Authorization', 'Bearer hert_guess')).status,
    );
  expect(statuses).toContain(429);
  const audited = (await auditRows('release.token_refused')).length;
  const limited = await request(app)
    .post('/api/releases/mfe-results')
    .set('Authorization', 'Bearer hert_guess')
    .expect(429);
  expect(limited.body.message).toBe('Too many refused release requests from this address. Try again in 15 minutes.');
  expect(limited.headers['retry-after']).toBeTruthy();
  expect((await auditRows('release.token_refused')).length).toBe(audited);
});
