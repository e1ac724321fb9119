// The package rules of docs/architecture.md §4 as `npm run lint` enforces them: the real linter with the repository's
// config, run over small files laid out like the repository in a temporary folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const oxlint = path.join(root, 'node_modules', '.bin', 'oxlint');

interface Diagnostic {
  code: string;
  filename: string;
  message: string;
  help?: string;
}

let dir: string;

function lint(files: Record<string, string>): Diagnostic[] {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const run = spawnSync(oxlint, ['-c', '.oxlintrc.json', '--format', 'json', ...Object.keys(files)], {
    cwd: dir,
    encoding: 'utf8',
  });
  return (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

/** "file: rule (help)" per finding, for readable failures. */
const findings = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => `${d.filename}: ${d.code}${d.help ? ` (${d.help})` : ''}`).sort();

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-rules-'));
  fs.copyFileSync(path.join(root, '.oxlintrc.json'), path.join(dir, '.oxlintrc.json'));
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the shell importing a remote is an error', () => {
  const [finding, ...rest] = lint({ 'shell/src/app/uses-remote.ts': "export { App } from 'mfe-results/src/app';\n" });
  expect(rest).toEqual([]);
  expect(finding).toMatchObject({ code: 'eslint(no-restricted-imports)', filename: 'shell/src/app/uses-remote.ts' });
  expect(finding.help).toContain('The shell never imports a remote');
});

test('a remote importing another remote or the shell is an error; shared is allowed', () => {
  const result = lint({
    'mfe-flow/src/other-remote.ts': "export { App } from 'mfe-console/src/app';\n",
    'mfe-flow/src/the-shell.ts': "export { boot } from 'shell/src/boot';\n",
    'mfe-flow/src/contract.ts': "export { baseApi } from '@home-energy/shared';\n",
  });
  expect(findings(result)).toEqual([
    expect.stringMatching(/^mfe-flow\/src\/other-remote\.ts: .*A remote imports neither another remote nor the shell/),
    expect.stringMatching(/^mfe-flow\/src\/the-shell\.ts: .*A remote imports neither another remote nor the shell/),
  ]);
});

test('shared importing any other package of ours is an error', () => {
  const result = lint({ 'shared/src/ui/texts.ts': "export { default } from 'shell/src/texts';\n" });
  expect(findings(result)).toEqual([expect.stringContaining('shared is the contract')]);
});

test('a relative import into another package is an error, also in tests', () => {
  // From mfe-admin/src/app/__tests__ up to the repo root, then into the shared package's texts.
  const intoShared = [...Array(4).fill('..'), 'shared', 'locales', 'en', 'common.json'].join('/');
  const result = lint({ 'mfe-admin/src/app/__tests__/texts.test.ts': `export { default } from '${intoShared}';\n` });
  expect(findings(result)).toEqual([expect.stringContaining('never by a relative path')]);
});

test('the engine may import only shared and itself, and no I/O', () => {
  const result = lint({
    'bff/src/energy/reads-files.ts': "import fs from 'node:fs';\nexport const read = fs.readFileSync;\n",
    'bff/src/energy/activities/uses-register.ts': "export { parseCsv } from '../../register/csv';\n",
    'bff/src/energy/activities/measures/uses-package.ts': "export { z } from 'zod';\n",
    'bff/src/energy/activities/measures/allowed.ts': [
      "export { ENERGY_CONSTANTS } from '../../constants';",
      "export { message } from '../messages';",
      "export { PRICE_AREAS } from '@home-energy/shared/schemas/energy';",
      '',
    ].join('\n'),
    'bff/src/energy/__tests__/fixtures.ts': "export { loadGeoTables } from '../../register/geo-tables';\n",
  });
  expect(findings(result)).toEqual([
    expect.stringMatching(/^bff\/src\/energy\/activities\/measures\/uses-package\.ts: .*energy engine imports only/),
    expect.stringMatching(/^bff\/src\/energy\/activities\/uses-register\.ts: .*energy engine imports only/),
    expect.stringMatching(/^bff\/src\/energy\/reads-files\.ts: .*energy engine imports only/),
  ]);
});

test('an import circle is an error, type-only imports included', () => {
  const result = lint({
    'bff/src/modules/a.ts': "import type { B } from './b';\nexport interface A { b: B }\n",
    'bff/src/modules/b.ts': "import type { A } from './a';\nexport interface B { a: A }\n",
  });
  expect(findings(result)).toEqual([
    expect.stringMatching(/^bff\/src\/modules\/a\.ts: .*no-cycle/),
    expect.stringMatching(/^bff\/src\/modules\/b\.ts: .*no-cycle/),
  ]);
});
