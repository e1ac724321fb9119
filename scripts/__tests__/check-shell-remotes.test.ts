// The check of `npm run lint` that the shell names no remote's files (scripts/check-shell-remotes.mjs): the real
// script, run over small files in a temporary folder laid out like the repository.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const script = path.resolve(__dirname, '..', 'check-shell-remotes.mjs');
let dir: string;

function check(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const run = spawnSync(process.execPath, [script, ...Object.keys(files)], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, offenders: run.stdout.split('\n').filter(Boolean) };
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-remotes-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('an import of a remote, a read of its files or a path into it fails, naming file, line and what it does', () => {
  const result = check({
    'shell/src/a.ts': "import { FlowRoutes } from 'mfe-flow/src/app/flow-routes';\n",
    'shell/webpack.config.js': "const css = fs.readFileSync(path.join(root, 'mfe-results', 'src', 'x.css'));\n",
    'shell/first-paint.cjs': "const texts = require('../mfe-admin/locales/en/admin.json');\n",
    'shell/src/__tests__/b.test.ts': 'const file = `${root}/mfe-console/src/app/console.css`;\n',
    'shell/build.mjs': "const dir = path.resolve(here, '../mfe-flow');\n",
  });
  expect(result.status).toBe(1);
  expect(result.offenders).toEqual([
    'shell/src/a.ts:1: imports a remote',
    'shell/webpack.config.js:1: reads a path inside a remote',
    'shell/first-paint.cjs:1: imports a remote',
    'shell/src/__tests__/b.test.ts:1: names a file inside a remote',
    'shell/build.mjs:1: reads a path inside a remote',
  ]);
});

test("release URLs and a remote's name in registry data pass; files outside shell/ are not the check's", () => {
  const result = check({
    'shell/src/a.ts': [
      "const entry = 'http://localhost/mfe/mfe-flow/1.0.0-abc/mf-manifest.json';",
      "await page.route('**/mfe/mfe-results/**/remoteEntry.js', held);",
      "const remote = { name: 'mfe_flow', package: 'mfe-flow' };",
    ].join('\n'),
    'bff/src/x.ts': "import pages from '../../mfe-flow/pages.cjs';\n",
  });
  expect(result).toEqual({ status: 0, offenders: [] });
});
