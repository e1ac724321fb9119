// `npm run dev -w <front end>`: that package alone on its dev port (shared/build/webpack.cjs `devServer`), rebuilt
// on every change. webpack-dev-server is installed into scripts/dev-server on first use (install-once.mjs), so a
// fresh npm ci skips its 154 packages; it runs the workspace's webpack.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installOnce } from './install-once.mjs';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dev-server');
const entry = installOnce(
  dir,
  path.join(dir, 'node_modules', 'webpack-dev-server', 'package.json'),
  'webpack-dev-server for npm run dev',
);

// npm runs a workspace's script in that workspace's folder.
const fromPackage = createRequire(path.join(process.cwd(), 'package.json'));
const webpack = fromPackage('webpack');
const config = fromPackage(path.join(process.cwd(), 'webpack.config.js'))({}, { mode: 'development' });
const WebpackDevServer = createRequire(entry)('webpack-dev-server');
const server = new WebpackDevServer(config.devServer, webpack(config));
await server.start();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void server.stop().then(() => process.exit(0)));
