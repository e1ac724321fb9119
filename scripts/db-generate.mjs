// `npm run db:generate -w bff`: writes the next SQL migration into bff/drizzle/ from bff/src/db/schema.ts
// (offline). drizzle-kit is installed into scripts/drizzle-kit on first use (install-once.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installOnce } from './install-once.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, 'drizzle-kit');
const cli = installOnce(dir, path.join(dir, 'node_modules', 'drizzle-kit', 'bin.cjs'), 'drizzle-kit for db:generate');
const run = spawnSync(process.execPath, [cli, 'generate', ...process.argv.slice(2)], {
  cwd: path.join(path.dirname(here), 'bff'),
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
