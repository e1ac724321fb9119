import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { COMPILE_HINT, CompileHintsPlugin } from '../compile-hints.cjs';

/** A page that loads a "library" (a module under node_modules) lazily, built as production builds are. */
function buildWithLazyLibrary(): Promise<{ dir: string; files: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  fs.mkdirSync(path.join(dir, 'node_modules', 'drawing'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'node_modules', 'drawing', 'index.js'),
    'export function draw(n) {\n  return "drawn " + n;\n}\n',
  );
  fs.writeFileSync(path.join(dir, 'index.js'), 'import("drawing").then((m) => console.log(m.draw(1)));\n');
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './index.js',
    devtool: 'hidden-source-map',
    output: { path: path.join(dir, 'dist'), filename: '[name].js', chunkFilename: '[id].chunk.js' },
    plugins: [new CompileHintsPlugin({ modules: /[\\/]node_modules[\\/]drawing[\\/]/ })],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
      else resolve({ dir, files: fs.readdirSync(path.join(dir, 'dist')) });
    }),
  );
}

describe('CompileHintsPlugin', () => {
  it("goes first in the library's chunk only; the chunk's source map still points at the library", async () => {
    const { dir, files } = await buildWithLazyLibrary();
    try {
      const read = (file: string) => fs.readFileSync(path.join(dir, 'dist', file), 'utf8');
      const chunk = files.find((file) => file.endsWith('.chunk.js'))!;
      expect(read(chunk).startsWith(COMPILE_HINT)).toBe(true);
      expect(read('main.js')).not.toContain('allFunctionsCalledOnLoad');

      const code = read(chunk);
      const at = code.indexOf('drawn ');
      const line = code.slice(0, at).split('\n').length;
      const column = at - code.lastIndexOf('\n', at) - 1;
      const original = originalPositionFor(new TraceMap(read(`${chunk}.map`)), { line, column });
      expect(original.source).toMatch(/node_modules\/drawing\/index\.js$/);
      expect(original.line).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
