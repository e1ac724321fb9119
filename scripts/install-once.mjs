// Tools that neither `npm start` nor `npm test` needs (Lighthouse, webpack-dev-server, drizzle-kit) have their own
// locked install in a folder of scripts/, made the first time a command needs them, so a fresh `npm ci` skips them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Installs `dir`'s lock file when `file` (a path under it) is missing; exits the process when that fails. */
export function installOnce(dir, file, what) {
  if (fs.existsSync(file)) return file;
  console.log(`▸ Installing ${what} (once)…`);
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (install.status !== 0 || !fs.existsSync(file)) {
    console.error(`✖ npm ci in ${path.relative(process.cwd(), dir) || '.'} failed`);
    process.exit(install.status || 1);
  }
  return file;
}
