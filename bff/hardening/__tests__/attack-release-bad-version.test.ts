// Attack: a release token of mfe-admin uploaded a build whose mf-manifest.json says buildVersion `0.1.0_evil`; it was
// activated as `0.1.0_evil-<hash>`, which the registry's schema refuses, and the shell parsed the whole registry with
// it, so every front end (the Releases page that could undo it too) said "unavailable". The token API then refused the
// version (400), so it could not be addressed. Now every release's version is made with the registry's schema, the
// shell reads each entry on its own (shell/src/remotes/__tests__/registry.test.ts), and any stored release can be
// addressed (docs/releases.md "Versions").
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { insertRelease } from '../../src/modules/releases/repository';
import { listFiles, storeRelease } from '../../src/modules/releases/release-store';
import { publishRelease, ReleaseError } from '../../src/modules/releases/service';
import { localFolderStore } from '../../src/storage/local-folder-store';
import { SHELL_SHARED } from '../../test/fixtures';
import { startTestWorld, type TestApp, type TestWorld } from '../../test/test-world';
import { releaseTokenOf } from '../../test/release-token';

let world: TestWorld;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
let token: string;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ app } = world);
  ({ superAdmin, token } = await releaseTokenOf(app));
});
afterAll(() => world.close());

/** A build of mfe-results whose manifest says this buildVersion. */
function buildWithVersion(label: string, buildVersion: string): string {
  const dir = world.fixtures.writeRemote(label);
  const file = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  manifest.metaData.buildInfo.buildVersion = buildVersion;
  fs.writeFileSync(file, JSON.stringify(manifest));
  return dir;
}

function upload(dir: string) {
  let req = request(app).post('/api/releases/mfe-results').set('Authorization', `Bearer ${token}`);
  for (const file of listFiles(dir)) req = req.attach(file, fs.readFileSync(path.join(dir, file)), path.basename(file));
  return req;
}

const tokenApi = (version: string, action: 'activate' | 'rollback' | 'audience') =>
  request(app)
    .post(`/api/releases/mfe-results/${encodeURIComponent(version)}/${action}`)
    .set('Authorization', `Bearer ${token}`);

const registryVersion = async () =>
  (await request(app).get('/api/mfe/registry').expect(200)).body.remotes.find(
    (r: { package: string }) => r.package === 'mfe-results',
  )?.version as string | undefined;

describe('one bad release cannot take the others down', () => {
  it('a buildVersion the registry would refuse is a 400 naming it, on the API and the CLI alike', async () => {
    for (const bad of ['0.1.0_evil', '1.0.0 beta', '-1.0.0', '1.0.0/../x', 'ä', 'v'.repeat(54)]) {
      const dir = buildWithVersion(`bad-${bad.length}-${bad.charCodeAt(1)}`, bad);
      const res = await upload(dir);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/buildVersion/);
      const cli = publishRelease(
        world.database.db,
        { releasesDir: world.fixtures.releasesDir, SHELL_DIST: world.fixtures.shellDist },
        { remote: 'mfe-results', distDir: dir, releasedBy: 'cli', activate: 'always' },
      );
      await expect(cli).rejects.toThrow(ReleaseError);
      await expect(cli).rejects.toThrow(/buildVersion/);
    }
    expect(await registryVersion()).toBeUndefined();
    // 53 characters still make a version (with the 10-digit hash, 64 in all).
    const longest = await upload(buildWithVersion('longest', '1'.repeat(53))).expect(201);
    expect(longest.body.version).toMatch(/^1{53}-[0-9a-f]{10}$/);
  });

  it('a release with an odd version stored by older code can be activated, canaried, rolled back', async () => {
    const good = (await upload(buildWithVersion('good', '0.2.0')).expect(201)).body.version as string;
    const odd = '0.1.0_evil-4adaf6cba1';
    // As older code stored it: files under the version, then the row.
    await storeRelease(
      localFolderStore(world.fixtures.releasesDir),
      'mfe-results',
      odd,
      world.fixtures.writeRemote('odd'),
    );
    await insertRelease(world.database.db, {
      remote: 'mfe-results',
      version: odd,
      shared: SHELL_SHARED.map((s) => ({ ...s, id: `mfe_results:${s.name}` })),
      files: 3,
      bytes: 100,
      releasedBy: 'older code',
    });
    const listed = await request(app).get('/api/releases/mfe-results').set('Authorization', `Bearer ${token}`);
    expect(listed.body.releases.map((r: { version: string }) => r.version)).toContain(odd);
    await tokenApi(odd, 'audience').send({ kind: 'percent', percent: 10 }).expect(200);
    await tokenApi(odd, 'rollback').expect(200);
    await tokenApi(odd, 'activate').expect(200);
    expect(await registryVersion()).toBe(odd);
    // Undone through the API (or the Releases page, which calls the same routes with the same schema).
    await tokenApi(good, 'activate').expect(200);
    expect(await registryVersion()).toBe(good);
    await superAdmin.post(`/api/admin/releases/mfe-results/${encodeURIComponent(odd)}/activate`).expect(200);
    await superAdmin.post(`/api/admin/releases/mfe-results/${encodeURIComponent(good)}/activate`).expect(200);
    // Still a 400 for what no stored release can be called.
    await tokenApi('..', 'activate').expect(400);
    await tokenApi('a b', 'activate').expect(400);
    await tokenApi('x'.repeat(481), 'activate').expect(400);
  });
});
