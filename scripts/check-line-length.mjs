// The line length check of `npm run lint` (docs/decisions/lint-and-format.md): no line of code or config over 120
// characters, translation prose and generated files aside. Checks the files named on the command line, or else every
// file git tracks; prints `file:line: N columns` for each line over the limit and exits 1. Prettier keeps lines within
// 120 where it can, but it does not break strings, comments or JSON, and oxlint has no line length rule.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const MAX_COLUMNS = 120;

const CHECKED = /\.(?:[cm]?[jt]s|[jt]sx|json|css)$/;

const EXEMPT = [
  // Translation prose: translators edit whole sentences, one per string, and JSON has no line continuation.
  /^[^/]+\/locales\/.+\.json$/,
  /^shared\/src\/ui\/(?:.+\/)?locales\/[^/]+\.json$/,
  /^bff\/src\/modules\/mail\/templates\/[^/]+\.json$/,
  /^bff\/src\/modules\/privacy\/locales\/[^/]+\.json$/,
  // Written by npm and drizzle-kit.
  /(?:^|\/)package-lock\.json$/,
  /^bff\/drizzle\/meta\//,
];

/** Whether the check reads a file, by its path relative to the repository root. */
function isChecked(file) {
  const name = file.split(path.sep).join('/');
  return CHECKED.test(name) && !EXEMPT.some((pattern) => pattern.test(name));
}

/** The lines of the given files (relative to `root`) longer than MAX_COLUMNS characters, not bytes. */
function longLines(files, root) {
  const found = [];
  for (const file of files.filter(isChecked)) {
    const full = path.resolve(root, file);
    // A tracked file deleted in the work tree has nothing to check.
    if (!fs.existsSync(full)) continue;
    fs.readFileSync(full, 'utf8')
      .split(/\r?\n/)
      .forEach((line, index) => {
        const columns = [...line].length;
        if (columns > MAX_COLUMNS) found.push({ file, line: index + 1, columns });
      });
  }
  return found;
}

const git = (args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

// Named files are relative to the current folder, which is then the repository root (as under `npm run lint`).
const named = process.argv.slice(2);
const root = named.length > 0 ? process.cwd() : git(['rev-parse', '--show-toplevel']).trim();
const files = named.length > 0 ? named : git(['-C', root, 'ls-files', '-z']).split('\0').filter(Boolean);
const found = longLines(files, root);
for (const { file, line, columns } of found) console.log(`${file}:${line}: ${columns} columns`);
if (found.length > 0) {
  console.error(
    `${found.length} line(s) over ${MAX_COLUMNS} characters: wrap them (docs/decisions/lint-and-format.md).`,
  );
  process.exit(1);
}
