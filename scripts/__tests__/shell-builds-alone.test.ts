// The shell builds in a tree that has no remote at all (docs/architecture.md "Rules between packages"): its build
// reads nothing of the remotes, whose pages travel in their releases. The repository's tracked files are hard-linked
// into a temporary folder without any mfe-* folder, its node_modules links every installed package but the
// workspaces (so no remote can be found through them either), and the shell's own build runs there.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(__dirname, '..', '..');
const WORKSPACES = new Set(['shared', 'shell', 'bff', 'e2e', 'mfe-flow', 'mfe-results', 'mfe-console', 'mfe-admin']);
let dir: string;

/** A copy of the tracked files (hard links: fast, no bytes copied) without the remotes' folders. */
function copyWithoutRemotes(): void {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (/^mfe-/.test(file) || !fs.existsSync(path.join(repo, file))) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.linkSync(path.join(repo, file), path.join(dir, file));
  }
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(modules, '@home-energy'), { recursive: true });
  for (const name of fs.readdirSync(path.join(repo, 'node_modules'))) {
    if (WORKSPACES.has(name) || name === '@home-energy' || name === '.bin') continue;
    fs.symlinkSync(path.join(repo, 'node_modules', name), path.join(modules, name));
  }
  fs.symlinkSync(path.join(dir, 'shared'), path.join(modules, '@home-energy', 'shared'));
  for (const pkg of ['shared', 'shell'])
    if (fs.existsSync(path.join(repo, pkg, 'node_modules')))
      fs.symlinkSync(path.join(repo, pkg, 'node_modules'), path.join(dir, pkg, 'node_modules'));
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-alone-'));
  copyWithoutRemotes();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the shell builds with no mfe-* folder in the tree, first-paint pages included', () => {
  expect(fs.readdirSync(dir).filter((name) => name.startsWith('mfe-'))).toEqual([]);
  const webpack = path.join(repo, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const build = spawnSync(process.execPath, [webpack, '--mode', 'production'], {
    cwd: path.join(dir, 'shell'),
    encoding: 'utf8',
    env: { ...process.env, MFE_OUT_DIR: '' },
  });
  expect({ status: build.status, output: `${build.stdout}${build.stderr}`.slice(-2000) }).toMatchObject({ status: 0 });
  const built = fs.readdirSync(path.join(dir, 'shell', 'dist', 'first-paint')).sort();
  expect(built).toEqual(
    ['anonymous', 'console', 'homeowner'].flatMap((bar) => [`${bar}.en.html`, `${bar}.sv.html`]).sort(),
  );
}, 300_000);
