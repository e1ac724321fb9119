// Attack: release uploads that are not a clean build answered 500: a manifest that is not JSON, both `a` and `a/b` as
// file paths, a buildVersion containing `../` or of ~500 characters and more. Every release now goes through one
// check (bff/src/modules/releases/release-check.ts) that answers 400 naming the problem; fast-check sends odd trees
// and versions (generators here, in the style of bad-input/arbitraries.ts).
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import request from 'supertest';
import { releaseVersionSchema } from '@home-energy/shared/remotes';
import { seedDemoStaff } from '../../src/seed/demo-staff';
import { startTestWorld, type TestApp, type TestWorld } from '../../test/test-world';
import { releaseTokenOf } from '../../test/release-token';
import { pagesFile } from '../../test/fixtures';

let world: TestWorld;
let app: TestApp;
let token: string;
let manifest: Record<string, unknown>;
let sent = 0;

beforeAll(async () => {
  // Each request from an address of its own (X-Forwarded-For): refused uploads are limited per address.
  world = await startTestWorld({ seed: [seedDemoStaff] });
  ({ app } = world);
  ({ token } = await releaseTokenOf(app));
  const dir = world.fixtures.writeRemote('template');
  manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
});
afterAll(() => world.close());

const manifestWith = (buildVersion: unknown) =>
  JSON.stringify({
    ...manifest,
    metaData: { ...(manifest.metaData as object), buildInfo: { buildVersion, buildName: 'mfe_results' } },
  });

/** Uploads these files (path → content) in this order, each part named by its path. */
function upload(files: [string, string][]) {
  sent++;
  let req = request(app)
    .post('/api/releases/mfe-results')
    .set('Authorization', `Bearer ${token}`)
    .set('X-Forwarded-For', `198.51.100.${sent % 250}`);
  for (const [name, text] of files) req = req.attach(name, Buffer.from(text), 'part');
  return req;
}

const build = (extra: [string, string][] = [], buildVersion: unknown = '1.0.0'): [string, string][] => [
  ['mf-manifest.json', manifestWith(buildVersion)],
  ['remoteEntry.js', 'var mfe_results;'],
  ['pages.json', JSON.stringify(pagesFile('mfe-results'))],
  ...extra,
];

/** A 400 whose message names `what`; never a 5xx. */
async function refused(files: [string, string][], what: RegExp | string) {
  const res = await upload(files);
  expect(res.status).toBe(400);
  expect(res.body.error).toBe('bad_request');
  if (typeof what === 'string') expect(res.body.message).toContain(what);
  else expect(res.body.message).toMatch(what);
  return res;
}

// Odd path segments: traversal, hidden, empty, backslashes, spaces, encodings, unicode, very long ones.
const oddSegment = fc.oneof(
  fc.constantFrom('..', '.', '', '.env', '\\', 'a\\b.js', ' a.js', 'a%2Fb.js', '%2e%2e', 'ä.js', 'a:b.js', '~', 'NUL'),
  fc.string({ minLength: 0, maxLength: 12 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
  fc.constant('x'.repeat(210)),
);
const cleanSegment = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,8}$/);
const extension = fc.constantFrom(
  '.js',
  '.css',
  '.json',
  '.png',
  '.html',
  '.svg',
  '.txt',
  '',
  '.map',
  '.js.br',
  '.exe',
);
// A path of 1–8 segments, at least one of them odd or its type not a release's, or deeper than allowed.
const oddPath = fc
  .tuple(fc.array(fc.oneof(cleanSegment, oddSegment), { minLength: 1, maxLength: 8 }), extension)
  .map(([segments, ext]) => `${segments.join('/')}${ext}`);
// Versions: traversal, separators, spaces, unicode, leading punctuation, and lengths around the limit.
const oddVersion = fc.oneof(
  fc.constantFrom('../../x', '0.1.0/../..', '0.1.0_evil', '.1.0', '-1', '1.0 0', '1.0.0+build', '', 'ä'),
  fc.string({ minLength: 0, maxLength: 70 }),
  fc.integer({ min: 50, max: 700 }).map((n) => '1'.repeat(n)),
  fc.constantFrom(1, null, true, ['1.0.0'], { v: 1 }),
);

describe('malformed release uploads are a 400 naming the problem, never a 500', () => {
  it('a manifest that is not JSON, or not a federation manifest', async () => {
    await refused(
      [
        ['mf-manifest.json', '{"name":'],
        ['remoteEntry.js', 'x'],
      ],
      'mf-manifest.json is not JSON',
    );
    await refused(
      [
        ['mf-manifest.json', '[]'],
        ['remoteEntry.js', 'x'],
      ],
      'mf-manifest.json is not a federation',
    );
    await refused([['mf-manifest.json', '{"name":"mfe_results"}']], /mf-manifest\.json is not a federation manifest/);
    await refused(build([], 7), /mf-manifest\.json is not a federation manifest .*buildVersion/);
  });

  it('a file that is also the folder of another, whichever comes first, and the same path twice', async () => {
    await refused(
      build([
        ['a.js', 'x'],
        ['a.js/b.js', 'y'],
      ]),
      '"a.js/b.js" is under "a.js", which is a file',
    );
    await refused(
      build([
        ['a.js/b.js', 'y'],
        ['a.js', 'x'],
      ]),
      '"a.js" is also a folder of other files',
    );
    await refused(
      build([
        ['a.js', 'x'],
        ['a.js', 'y'],
      ]),
      '"a.js" is sent twice',
    );
  });

  it('a buildVersion with "../", or of 600 characters', async () => {
    await refused(build([], '../../../etc'), /buildVersion "\.\.\/\.\.\/\.\.\/etc" does not make a release version/);
    await refused(build([], 'x'.repeat(600)), /buildVersion "x{80}…" does not make a release version/);
  });

  it('a part whose Content-Disposition has no name, file or text: a 400, not a request left unanswered', async () => {
    for (const disposition of ['form-data; filename="a.js"', 'form-data']) {
      sent++;
      const body =
        `--edge\r\nContent-Disposition: ${disposition}\r\nContent-Type: text/javascript\r\n\r\nvar a;\r\n` +
        '--edge--\r\n';
      const res = await request(app)
        .post('/api/releases/mfe-results')
        .set('Authorization', `Bearer ${token}`)
        .set('X-Forwarded-For', `198.51.100.${sent % 250}`)
        .set('Content-Type', 'multipart/form-data; boundary=edge')
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'bad_request', message: expect.stringContaining('has no name') });
    }
  });

  it('paths out of a clean tree: traversal, hidden, empty segments, backslashes, too long or too deep', async () => {
    for (const bad of ['../x.js', 'a/../b.js', '.hidden.js', 'a//b.js', 'a\\b.js', '/abs.js', 'a/b/c/d/e/f/g.js'])
      await refused(build([[bad, 'x']]), JSON.stringify(bad));
    await refused(build([[`${'a'.repeat(200)}.js`, 'x']]), 'is over 200 characters');
  });

  it('fast-check: odd paths and versions are a 400 naming the path or buildVersion, or a valid release', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(oddPath, { maxLength: 3 }), oddVersion, async (paths, version) => {
        const res = await upload(
          build(
            paths.map((p, i) => [p, `/* ${i} */`]),
            version,
          ),
        );
        expect(res.status).toBeLessThan(500);
        if (res.status === 201 || res.status === 200) {
          expect(releaseVersionSchema.safeParse(res.body.version).success).toBe(true);
          return;
        }
        expect(res.status).toBe(400);
        expect(typeof res.body.message).toBe('string');
        expect(res.body.message).toMatch(/file|path|buildVersion|mf-manifest\.json|multipart|part/i);
        expect(res.body.message).not.toMatch(/\/tmp\/|release-mfe-results-|at .*\.ts:\d+/);
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 60),
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
      },
    );
  });
});
