import fs from 'node:fs';
import path from 'node:path';

/** The bff package folder, whether running from src (tsx, jest) or from the esbuild bundle in dist. */
function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'bff') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`bff package.json not found above ${start}`);
    dir = parent;
  }
}

export const BFF_ROOT = findPackageRoot(__dirname);
export const REPO_ROOT = path.dirname(BFF_ROOT);
export const MIGRATIONS_DIR = path.join(BFF_ROOT, 'drizzle');
/** The Swedish geography data (postal codes, municipalities, price areas), vendored with the BFF. */
export const GEO_DIR = path.join(BFF_ROOT, 'data', 'geo');
/** The demo installers' logos, served by the BFF at /demo-logos/ (seed/demo-installers.ts). */
export const DEMO_LOGOS_DIR = path.join(BFF_ROOT, 'data', 'demo-logos');
