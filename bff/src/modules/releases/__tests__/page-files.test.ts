import fs from 'node:fs';
import path from 'node:path';
import { makeBuildFixtures } from '../../../../test/fixtures';
import { checkRelease } from '../release-check';

// A page that loads its own chunks when opened names them in the pages file, and the BFF preloads them with the
// page's HTML (web/page-hints.ts): the release check holds those names to files of the build, inside it.
const fixtures = makeBuildFixtures();
afterAll(() => fixtures.cleanup());

/** mfe-results' build whose dashboard names these files (each written into the build when `written`). */
function buildNaming(label: string, files: string[], written = files) {
  const dir = fixtures.writeRemote(label);
  for (const file of written) fs.writeFileSync(path.join(dir, file), '/* chunk */');
  const pagesJson = path.join(dir, 'pages.json');
  const pages = JSON.parse(fs.readFileSync(pagesJson, 'utf8'));
  pages.pages.dashboard = { ...pages.pages.dashboard, files };
  fs.writeFileSync(pagesJson, JSON.stringify(pages));
  return dir;
}

it('takes a release whose page names JS and CSS files of its own build', () => {
  const dir = buildNaming('held', ['page-dashboard.0123456789.css', 'page-dashboard.0123456789.js']);
  expect(checkRelease(dir, 'mfe-results').version).toMatch(/^1\.2\.0-/);
});

it('refuses one naming a file the build does not hold, with the file and its page', () => {
  const dir = buildNaming('missing', ['page-dashboard.0123456789.js', '77.abcdef0123.js'], ['77.abcdef0123.js']);
  expect(() => checkRelease(dir, 'mfe-results')).toThrow(
    'pages.json names files the build does not hold: page-dashboard.0123456789.js (page dashboard).',
  );
});

it('refuses a name out of the release or of another kind than JS and CSS', () => {
  const refusal = (rule: string) => `pages.json is not a remote's pages file (${rule} at pages.dashboard.files.0).`;
  const names = {
    '../shell/main.js': 'a file inside the release',
    'x/../../y.js': 'a file inside the release',
    'page.html': 'a JS or CSS file of the release',
    '/etc/passwd.js': 'a JS or CSS file of the release',
    'https://cdn.test/a.js': 'a JS or CSS file of the release',
  };
  for (const [index, [file, rule]] of Object.entries(names).entries()) {
    const dir = buildNaming(`odd-${index}`, [file], []);
    expect(() => checkRelease(dir, 'mfe-results')).toThrow(refusal(rule));
  }
});
