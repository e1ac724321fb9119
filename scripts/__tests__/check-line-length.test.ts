// The line length check of `npm run lint` (scripts/check-line-length.mjs): the real script, run over small files in a
// temporary folder laid out like the repository.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const script = path.resolve(__dirname, '..', 'check-line-length.mjs');
const LONG = `export const text = '${'x'.repeat(98)}';`; // 121 characters

let dir: string;

function write(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

function check(...files: string[]) {
  const run = spawnSync(process.execPath, [script, ...files], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, offenders: run.stdout.split('\n').filter(Boolean), stderr: run.stderr };
}

const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'line-length-'));
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a line over 120 characters in code fails, naming the file, line and length', () => {
  write({ 'bff/src/app.ts': `const a = 1;\n${LONG}\n`, 'shell/first-paint.cjs': `${LONG}\r\n` });
  const result = check('bff/src/app.ts', 'shell/first-paint.cjs');
  expect(result.status).toBe(1);
  expect(result.offenders).toEqual(['bff/src/app.ts:2: 121 columns', 'shell/first-paint.cjs:1: 121 columns']);
  expect(result.stderr).toContain('2 line(s) over 120 characters');
});

test('120 characters pass, counted as characters and not bytes', () => {
  const accented = `// ${'å'.repeat(117)}`; // 120 characters, 237 bytes
  write({ 'mfe-flow/src/exact.ts': `${LONG.slice(0, 120)}\n${accented}\n`, 'shared/src/ui/ui.css': `${accented}\n` });
  expect(check('mfe-flow/src/exact.ts', 'shared/src/ui/ui.css')).toMatchObject({ status: 0, offenders: [] });
  write({ 'shared/src/ui/ui.css': `${accented}å\n` });
  expect(check('shared/src/ui/ui.css')).toMatchObject({
    status: 1,
    offenders: ['shared/src/ui/ui.css:1: 121 columns'],
  });
});

test('translation prose, generated files and Markdown may be longer', () => {
  const sentence = JSON.stringify({ intro: LONG });
  const exempt = [
    'mfe-results/locales/en/results.json',
    'shared/locales/sv/common.json',
    'shared/src/ui/user-management/locales/sv.json',
    'bff/src/modules/mail/templates/en.json',
    'package-lock.json',
    'bff/drizzle/meta/0022_snapshot.json',
    'docs/architecture.md',
  ];
  write(Object.fromEntries(exempt.map((file) => [file, `${sentence}\n`])));
  expect(check(...exempt)).toMatchObject({ status: 0, offenders: [] });
  // The same text in a JSON file that is not a translation is checked.
  write({ 'mfe-results/src/locales.json': `${sentence}\n`, '.oxlintrc.json': `${sentence}\n` });
  expect(check('mfe-results/src/locales.json', '.oxlintrc.json').offenders).toEqual([
    'mfe-results/src/locales.json:1: 133 columns',
    '.oxlintrc.json:1: 133 columns',
  ]);
});

test('with no files named it checks every file git tracks, and only those', () => {
  expect(git('init', '--quiet').status).toBe(0);
  write({
    'bff/src/tracked.ts': `${LONG}\n`,
    'mfe-admin/locales/en/admin.json': `${JSON.stringify({ intro: LONG })}\n`,
    'bff/src/untracked.ts': `${LONG}\n`,
  });
  git('add', 'bff/src/tracked.ts', 'mfe-admin/locales/en/admin.json');
  expect(check()).toMatchObject({ status: 1, offenders: ['bff/src/tracked.ts:1: 121 columns'] });
  fs.writeFileSync(path.join(dir, 'bff/src/tracked.ts'), 'export {};\n');
  expect(check()).toMatchObject({ status: 0, offenders: [] });
});
