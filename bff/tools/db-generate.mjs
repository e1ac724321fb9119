// `npm run db:generate -w bff`: writes the next SQL migration into drizzle/ from src/db/schema.ts (offline).
// drizzle-kit has its own locked install beside this file, made on first use, so that npm ci and npm start do not
// fetch its 56 packages: only a change to the schema needs it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, 'drizzle-kit');
const cli = path.join(dir, 'node_modules', 'drizzle-kit', 'bin.cjs');

if (!fs.existsSync(cli)) {
  console.log('▸ Installing drizzle-kit for db:generate (once)…');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (install.status !== 0 || !fs.existsSync(cli)) {
    console.error(`✖ npm ci in ${path.relative(process.cwd(), dir)} failed`);
    process.exit(install.status || 1);
  }
}
const run = spawnSync(process.execPath, [cli, 'generate', ...process.argv.slice(2)], {
  cwd: path.dirname(here),
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
