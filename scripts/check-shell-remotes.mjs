// The shell knows remotes only through the registry at run time (docs/architecture.md "Rules between packages"): no
// file of shell/ (its source, build config or tests) imports a remote, names a file inside one, or reads one from
// disk. A remote's pages, texts and CSS travel in its release (docs/releases.md "A remote's pages"). Checks the files
// named on the command line, or else every file git tracks under shell/; prints `file:line: what` for each reference
// and exits 1. Release URLs (`/mfe/mfe-flow/<version>/…`) and a remote's name in registry data are no reference.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const CHECKED = /^shell\/.+\.(?:[cm]?[jt]s|[jt]sx|json)$/;

/** What a line does with a remote's folder, or null. */
function referenceIn(line) {
  if (/(?:\bfrom\s+|\brequire(?:\.resolve)?\(\s*|\bimport\(\s*)['"`](?:\.{1,2}\/)*mfe-/.test(line))
    return 'imports a remote';
  if (
    /\b(?:join|resolve|read\w*|exists\w*|stat\w*|open\w*|glob\w*|copy\w*|cp\w*)\([^)]*['"`](?:\.{1,2}\/)*mfe-/.test(
      line,
    )
  )
    return 'reads a path inside a remote';
  for (const found of line.matchAll(/mfe-[a-z][a-z-]*\/[^\s'"`)]/g)) {
    const before = line.slice(Math.max(0, found.index - 5), found.index);
    if (before !== '/mfe/') return 'names a file inside a remote';
  }
  return null;
}

function references(files, root) {
  const found = [];
  for (const file of files) {
    const name = file.split(path.sep).join('/');
    const full = path.resolve(root, file);
    if (!CHECKED.test(name) || !fs.existsSync(full)) continue;
    fs.readFileSync(full, 'utf8')
      .split(/\r?\n/)
      .forEach((line, index) => {
        const what = referenceIn(line);
        if (what) found.push({ file: name, line: index + 1, what });
      });
  }
  return found;
}

const named = process.argv.slice(2);
const root =
  named.length > 0 ? process.cwd() : execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const files =
  named.length > 0
    ? named
    : execFileSync('git', ['-C', root, 'ls-files', '-z', 'shell'], { encoding: 'utf8' }).split('\0').filter(Boolean);
const found = references(files, root);
for (const { file, line, what } of found) console.log(`${file}:${line}: ${what}`);
if (found.length > 0) {
  console.error(
    `${found.length} reference(s) from the shell into a remote: the shell knows remotes through the registry only.`,
  );
  process.exit(1);
}
