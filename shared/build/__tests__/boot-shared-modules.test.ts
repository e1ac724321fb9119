/**
 * The shell's boot (shell/src/boot/boot.ts) evaluates the shared package's costly modules one per task, from the
 * package's own list (src/evaluation-order.ts), before the package's entry, so that the entry only looks them up.
 * That only helps if each listed module is one the entry imports (the same file, hence the same webpack module: one
 * instance), and if each comes after the package modules it imports (else its task also evaluates those).
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const src = path.join(root, 'shared/src');
const orderFile = path.join(src, 'evaluation-order.ts');

/** A relative import of `from` as the file it names (.ts, .tsx or a folder's index). */
function resolveRelative(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The package files a module imports at evaluation (type-only imports and dynamic imports left out). */
function staticImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specs = [...source.matchAll(/^(?:export|import)\s(?!type\b)[^;]*?from '(\.[^']+)'/gms)].map((m) => m[1]);
  const sideEffects = [...source.matchAll(/^import '(\.[^']+)'/gm)].map((m) => m[1]);
  return [...specs, ...sideEffects]
    .map((spec) => resolveRelative(file, spec))
    .filter((f): f is string => f !== null && /\.tsx?$/.test(f));
}

/** Every package file evaluated with `file` (itself included). */
function evaluatedWith(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of staticImports(file)) evaluatedWith(imported, seen);
  return seen;
}

const order = [
  ...fs.readFileSync(orderFile, 'utf8').matchAll(/import\(\/\* webpackMode: "eager"[^*]*\*\/ '([^']+)'\)/g),
].map((m) => m[1]);
const ownModules = order
  .filter((spec) => spec.startsWith('.'))
  .map((spec) => ({ spec, file: resolveRelative(orderFile, spec) }));

test('the list names zod first, then modules of the package, every one a file that exists', () => {
  expect(order.slice(0, 2)).toEqual(['zod/v4/core', 'zod']);
  expect(ownModules.length).toBeGreaterThanOrEqual(20);
  for (const { spec, file } of ownModules) expect({ spec, exists: file !== null }).toEqual({ spec, exists: true });
});

test('every listed module is one the entry evaluates (one instance, not a second copy)', () => {
  const entry = evaluatedWith(path.join(src, 'index.ts'));
  for (const { spec, file } of ownModules) {
    expect({ spec, evaluatedByEntry: entry.has(file!) }).toEqual({ spec, evaluatedByEntry: true });
  }
});

test('every listed module comes after the listed modules it imports', () => {
  const position = new Map(ownModules.map(({ file }, index) => [file!, index]));
  for (const [index, { spec, file }] of ownModules.entries()) {
    const later = [...evaluatedWith(file!)]
      .filter((dep) => dep !== file && (position.get(dep) ?? -1) > index)
      .map((dep) => path.relative(src, dep));
    expect({ spec, importsListedLater: later }).toEqual({ spec, importsListedLater: [] });
  }
});
