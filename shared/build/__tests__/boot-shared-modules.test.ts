/**
 * The shell's boot (shell/src/boot/boot.ts) evaluates some of the shared package's modules by subpath, each group in
 * its own task, before the package's entry, so that the entry only looks them up. That only helps if each subpath is a
 * module the entry itself imports: the same file, hence the same webpack module (one instance). A subpath that resolved
 * elsewhere would build its schemas twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SINGLETONS } from '../federation.cjs';

const root = path.resolve(__dirname, '../../..');
const sharedDir = path.join(root, 'shared');
const bootSource = fs.readFileSync(path.join(root, 'shell/src/boot/boot.ts'), 'utf8');
const evaluated = [
  ...bootSource.matchAll(/import\(\/\* webpackMode: "eager" \*\/ '@home-energy\/shared\/([^']+)'\)/g),
].map((m) => m[1]);
/** Subpaths shared under their own name (the router) come from the share scope: federation keeps them single. */
const subpaths = evaluated.filter((subpath) => !(SINGLETONS as string[]).includes(`@home-energy/shared/${subpath}`));

/** The package.json `exports` of the shared package, resolved by hand ("./schemas/*" patterns included). */
function resolveSubpath(subpath: string): string {
  const exportsMap = JSON.parse(fs.readFileSync(path.join(sharedDir, 'package.json'), 'utf8')).exports as Record<
    string,
    string
  >;
  const key = `./${subpath}`;
  if (exportsMap[key]) return path.join(sharedDir, exportsMap[key]);
  for (const [pattern, target] of Object.entries(exportsMap)) {
    if (!pattern.endsWith('/*')) continue;
    const prefix = pattern.slice(0, -1);
    if (key.startsWith(prefix)) return path.join(sharedDir, target.replace('*', key.slice(prefix.length)));
  }
  throw new Error(`@home-energy/shared/${subpath} is not exported`);
}

test('the boot evaluates several of the shared modules ahead of the entry, and the router singleton', () => {
  expect(subpaths.length).toBeGreaterThanOrEqual(10);
  expect(evaluated).toContain('router');
});

test('every shared subpath the boot evaluates is a module the shared entry imports (one instance)', () => {
  const entry = path.join(sharedDir, 'src/index.ts');
  const entrySource = fs.readFileSync(entry, 'utf8');
  const imported = new Set(
    [...entrySource.matchAll(/^(?:export|import)\s(?!type\b)[^;]*?from '(\.[^']+)'/gms)].map((m) =>
      path.resolve(path.dirname(entry), `${m[1]}.ts`),
    ),
  );
  for (const subpath of subpaths) {
    const file = resolveSubpath(subpath);
    expect(fs.existsSync(file)).toBe(true);
    expect({ subpath, importedByEntry: imported.has(file) }).toEqual({ subpath, importedByEntry: true });
  }
});
