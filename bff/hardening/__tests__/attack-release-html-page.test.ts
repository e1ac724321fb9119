// Attack: with a release token of mfe-results, upload (activate=false) a build holding changelog.html
// (`<script src="c.js">`) and c.js; /mfe/mfe-results/<version>/changelog.html was served as text/html under the site's
// CSP (script-src 'self'), so a super admin who opened it ran the attacker's script with their session (minted a
// token of mfe-admin, made a console admin). A release now holds only a build's file types, every file is served with
// its own type, nosniff and (unless code) a sandbox CSP, and a release nobody has yet is served to super admins only
// (docs/security.md "Release trust model").
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { mfeReleases } from '../../src/db/schema';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { listFiles } from '../../src/modules/releases/release-store';
import { localFolderStore } from '../../src/storage/local-folder-store';
import { startTestWorld, type TestApp, type TestWorld } from '../../test/test-world';
import { signInAs } from '../../test/staff-session';
import { releaseTokenOf } from '../../test/release-token';

let world: TestWorld;
let app: TestApp;
let superAdmin: ReturnType<typeof request.agent>;
let orgAdmin: ReturnType<typeof request.agent>;
let token: string;

beforeAll(async () => {
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ app } = world);
  ({ superAdmin, token } = await releaseTokenOf(app));
  orgAdmin = request.agent(app);
  await signInAs(orgAdmin, 'admin@energi.demo.test').expect(200);
});
afterAll(() => world.close());

/** POST /api/releases/mfe-results with a build folder's files plus `extra` ones, as a team's CI sends it. */
function upload(dir: string, extra: Record<string, string> = {}, activate?: 'false') {
  let req = request(app).post('/api/releases/mfe-results').set('Authorization', `Bearer ${token}`);
  if (activate) req = req.field('activate', activate);
  for (const file of listFiles(dir)) req = req.attach(file, fs.readFileSync(path.join(dir, file)), path.basename(file));
  for (const [name, text] of Object.entries(extra)) req = req.attach(name, Buffer.from(text), path.basename(name));
  return req;
}

const activeVersion = async () =>
  (await request(app).get('/api/mfe/registry').expect(200)).body.remotes.find(
    (r: { package: string }) => r.package === 'mfe-results',
  )?.version as string | undefined;

describe('a release token cannot run script as the super admin', () => {
  it('an upload holding HTML, SVG, text or an unknown type is a 400 naming the file, nothing stored', async () => {
    const build = world.fixtures.writeRemote('with-page');
    for (const [file, text] of [
      ['changelog.html', '<script src="c.js"></script>'],
      ['docs/changelog.HTM', '<script src="c.js"></script>'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['notes.txt', 'hello'],
      ['page.xhtml', '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'],
      ['tool.wasm', 'x'],
      ['README', 'x'],
    ]) {
      const res = await upload(build, { [file!]: text!, 'c.js': 'fetch("/api/admin/release-tokens")' }, 'false');
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(JSON.stringify(file));
    }
    const rows = await world.database.db.select().from(mfeReleases);
    expect(rows).toHaveLength(0);
  });

  it("an inactive release's files are a 404 to anyone and an org admin, served to the super admin only", async () => {
    const res = await upload(world.fixtures.writeRemote('inactive'), {}, 'false').expect(201);
    const file = `/mfe/mfe-results/${res.body.version}/remoteEntry.js`;
    const anonymous = await request(app).get(file).expect(404);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    await orgAdmin.get(file).expect(404);
    const preview = await superAdmin.get(file).expect(200);
    expect(preview.text).toBe('/* inactive */ var mfe_results;');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    // Given an audience (a canary) it is public; withdrawn by hand, it stays public for a day, then not.
    await superAdmin
      .post(`/api/admin/releases/mfe-results/${res.body.version}/audience`)
      .send({ kind: 'percent', percent: 10 })
      .expect(200);
    await request(app).get(file).expect(200);
    await superAdmin.post(`/api/admin/releases/mfe-results/${res.body.version}/rollback`).expect(200);
    await request(app).get(file).expect(200);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await world.database.db
      .update(mfeReleases)
      .set({ canaryVerdictAt: dayAgo })
      .where(eq(mfeReleases.version, res.body.version));
    await request(app).get(file).expect(404);
    await superAdmin.get(file).expect(200);
  });

  it('a release replaced a minute ago is still served (open pages need its chunks), a day later not', async () => {
    const first = (await upload(world.fixtures.writeRemote('first')).expect(201)).body.version as string;
    const second = (await upload(world.fixtures.writeRemote('second')).expect(201)).body.version as string;
    expect(await activeVersion()).toBe(second);
    const chunk = `/mfe/mfe-results/${first}/__federation_expose_App.abcdef0123.js`;
    await request(app).get(chunk).expect(200);
    // The active release was activated more than a day ago: its predecessor is no longer public.
    await world.database.db
      .update(mfeReleases)
      .set({ activatedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(mfeReleases.version, second));
    await request(app).get(chunk).expect(404);
    await request(app).get(`/mfe/mfe-results/${second}/remoteEntry.js`).expect(200);
  });

  it('an HTML or SVG object stored by older code is never served, not even to the super admin', async () => {
    const version = await activeVersion();
    const store = localFolderStore(world.fixtures.releasesDir);
    await store.put(`mfe-results/${version}/changelog.html`, Buffer.from('<script src="c.js"></script>'));
    await store.put(`mfe-results/${version}/logo.svg`, Buffer.from('<svg><script>alert(1)</script></svg>'));
    await store.put(`mfe-results/${version}/notes.txt`, Buffer.from('x'));
    for (const file of ['changelog.html', 'logo.svg', 'notes.txt', 'changelog.HTML']) {
      await request(app).get(`/mfe/mfe-results/${version}/${file}`).expect(404);
      await superAdmin.get(`/mfe/mfe-results/${version}/${file}`).expect(404);
    }
  });

  it('every file is sent with its own type and nosniff, and anything but code with a sandbox CSP', async () => {
    const version = await activeVersion();
    const store = localFolderStore(world.fixtures.releasesDir);
    await store.put(`mfe-results/${version}/assets/logo.0123456789.png`, Buffer.from('png'));
    await store.put(`mfe-results/${version}/main.0123456789.css`, Buffer.from('.a{}'));
    for (const [file, type, sandboxed] of [
      ['remoteEntry.js', 'text/javascript; charset=utf-8', false],
      ['main.0123456789.css', 'text/css; charset=utf-8', false],
      ['mf-manifest.json', 'application/json; charset=utf-8', true],
      ['assets/logo.0123456789.png', 'image/png', true],
    ] as const) {
      const res = await request(app).get(`/mfe/mfe-results/${version}/${file}`).expect(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      if (sandboxed) expect(res.headers['content-security-policy']).toMatch(/^sandbox\b/);
      else expect(res.headers['content-security-policy']).not.toMatch(/sandbox/);
    }
  });
});
