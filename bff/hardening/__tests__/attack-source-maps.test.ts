// Attack: GET /<chunk>.js.map (the shell) or /mfe/<remote>/<version>/<chunk>.js.map (a release) returned the
// source maps, i.e. the front ends' source. Production builds write hidden maps (no sourceMappingURL in the code) that
// stay on disk beside the build and in the release store, and the BFF answers 404 for any *.map.
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { publishRelease } from '../../src/modules/releases/service';
import { startTestWorld, type TestWorld, type TestApp } from '../../test/test-world';

// shared/build/webpack.cjs is plain CommonJS: the config factory every front end's webpack.config.js calls.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createWebpackConfig } = require('@home-energy/shared/webpack') as {
  createWebpackConfig: (
    options: Record<string, unknown>,
  ) => (env: unknown, argv: { mode?: string }) => { devtool: string | false };
};

const MAP = JSON.stringify({
  version: 3,
  sources: ['webpack://shell/./src/secret.ts'],
  sourcesContent: ['const secret = 1;'],
  mappings: 'AAAA',
});

let world: TestWorld;
let app: TestApp;
let release: string;

beforeAll(async () => {
  world = await startTestWorld();
  ({ app } = world);
  const { fixtures, database } = world;
  fs.writeFileSync(path.join(fixtures.shellDist, 'main.0123456789.js.map'), MAP);
  fs.writeFileSync(path.join(fixtures.shellDist, 'main.0123456789.css.map'), MAP);
  const dist = fixtures.writeRemote('maps');
  fs.writeFileSync(path.join(dist, '__federation_expose_App.abcdef0123.js.map'), MAP);
  fs.writeFileSync(path.join(dist, 'remoteEntry.js.map'), MAP);
  const published = await publishRelease(
    database.db,
    { releasesDir: fixtures.releasesDir, SHELL_DIST: fixtures.shellDist },
    { remote: 'mfe-results', distDir: dist, releasedBy: 'ci', activate: 'always' },
  );
  release = `/mfe/mfe-results/${published.version}`;
});
afterAll(() => world.close());

describe('source maps are not served', () => {
  it('the shell’s maps: 404, however the path is spelt; the code beside them is served', async () => {
    await request(app).get('/main.0123456789.js').expect(200);
    for (const url of [
      '/main.0123456789.js.map',
      '/main.0123456789.css.map',
      '/main.0123456789.js%2Emap',
      '/main.0123456789.js%2emap',
      '/MAIN.0123456789.JS.MAP',
      '/main.0123456789.js.map?x=1',
    ]) {
      const res = await request(app).get(url).set('Accept', '*/*');
      expect({ url, status: res.status, leaked: res.text.includes('sourcesContent') }).toEqual({
        url,
        status: 404,
        leaked: false,
      });
    }
    const head = await request(app).head('/main.0123456789.js.map');
    expect(head.status).toBe(404);
  });

  it('a release’s maps: 404, while they stay in the release store for decoding its stack traces', async () => {
    await request(app).get(`${release}/remoteEntry.js`).expect(200);
    for (const url of [
      `${release}/__federation_expose_App.abcdef0123.js.map`,
      `${release}/remoteEntry.js.map`,
      `${release}/remoteEntry.js%2Emap`,
    ]) {
      const res = await request(app).get(url);
      expect({ url, status: res.status, leaked: res.text.includes('sourcesContent') }).toEqual({
        url,
        status: 404,
        leaked: false,
      });
    }
    expect(
      fs.existsSync(path.join(world.fixtures.releasesDir, release.slice('/mfe/'.length), 'remoteEntry.js.map')),
    ).toBe(true);
  });

  it('production builds of the shell and every remote write hidden maps (no sourceMappingURL comment)', () => {
    const root = path.join(__dirname, '../../..');
    for (const pkg of ['shell', 'mfe-flow', 'mfe-results', 'mfe-console', 'mfe-admin']) {
      const source = fs.readFileSync(path.join(root, pkg, 'webpack.config.js'), 'utf8');
      expect({ pkg, usesSharedConfig: source.includes('createWebpackConfig') }).toEqual({
        pkg,
        usesSharedConfig: true,
      });
    }
    const config = createWebpackConfig({
      pkgDir: path.join(root, 'mfe-flow'),
      name: 'mfe_flow',
      title: 'flow',
      exposes: { './App': './src/app.tsx' },
      devPort: 3101,
    });
    expect(config(undefined, { mode: 'production' }).devtool).toBe('hidden-source-map');
    expect(config(undefined, {}).devtool).toBe('hidden-source-map');
  });
});
