// `npm run dev -w <front end>`: that package alone on its dev port (shared/build/webpack.cjs `devServer`), rebuilt
// on every change. webpack-dev-server has its own locked install in scripts/dev-server, made on first use, so that
// npm ci and npm start do not fetch its 154 packages; it uses the workspace's webpack.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dev-server');
const entry = path.join(dir, 'node_modules', 'webpack-dev-server', 'package.json');
if (!fs.existsSync(entry)) {
  console.log('▸ Installing webpack-dev-server for npm run dev (once)…');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (install.status !== 0 || !fs.existsSync(entry)) {
    console.error(`✖ npm ci in ${dir} failed`);
    process.exit(install.status || 1);
  }
}

// npm runs a workspace's script in that workspace's folder.
const fromPackage = createRequire(path.join(process.cwd(), 'package.json'));
const webpack = fromPackage('webpack');
const config = fromPackage(path.join(process.cwd(), 'webpack.config.js'))({}, { mode: 'development' });
const WebpackDevServer = createRequire(entry)('webpack-dev-server');
const server = new WebpackDevServer(config.devServer, webpack(config));
await server.start();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void server.stop().then(() => process.exit(0)));
