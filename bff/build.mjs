// Bundles the BFF (and the pure parts of @home-energy/shared it imports) for plain `node`; npm packages stay
// external so PGlite finds its wasm files in its own package.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((dep) => dep !== '@home-energy/shared');

const here = path.dirname(fileURLToPath(import.meta.url));

await build({
  absWorkingDir: here,
  entryPoints: ['src/server.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
