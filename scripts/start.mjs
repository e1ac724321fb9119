// `npm start`: from a fresh clone to the running product on its embedded defaults (PGlite in .data/).
// Installs when needed, builds when sources changed, migrates, publishes the built remotes, then serves.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_PACKAGES } from './remotes.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const stampFile = path.join(root, 'node_modules', '.cache', 'home-energy', 'build.stamp');
const SOURCE_PATHS = [
  'package-lock.json',
  'shared',
  'shell',
  ...REMOTE_PACKAGES,
  'bff/src',
  'bff/drizzle',
  'bff/build.mjs',
];

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(target) {
  let newest = 0;
  const visit = (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file)) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(file, entry));
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  visit(path.join(root, target));
  return newest;
}

function needsInstall() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(installed)) return true;
  return fs.statSync(path.join(root, 'package-lock.json')).mtimeMs > fs.statSync(installed).mtimeMs;
}

function needsBuild() {
  const outputs = [
    'shell/dist/index.html',
    'bff/dist/server.js',
    ...REMOTE_PACKAGES.map((r) => `${r}/dist/mf-manifest.json`),
  ];
  if (outputs.some((file) => !fs.existsSync(path.join(root, file)))) return true;
  if (!fs.existsSync(stampFile)) return true;
  const built = fs.statSync(stampFile).mtimeMs;
  return SOURCE_PATHS.some((p) => newestMtime(p) > built);
}

if (needsInstall()) {
  console.log('▸ Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}
if (needsBuild()) {
  console.log('▸ Building shell, remotes and BFF…');
  run('npm', ['run', 'build']);
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, new Date().toISOString());
} else {
  console.log('▸ Build is up to date.');
}
console.log('▸ Demo mode: migrating the database, loading demo data and publishing the built remotes…');
// `npm start` is the demo (test data, the BankID simulator): docs/operations.md "Production start" for a real
// deployment.
const demo = { DEMO_MODE: process.env.DEMO_MODE ?? 'true' };
run('node', ['bff/dist/cli.js', 'seed', '--journeys'], demo);
run('node', ['bff/dist/cli.js', 'publish-local'], demo);

console.log('▸ Starting the BFF…');
// A terminal gets one short line per request; LOG_FORMAT=json npm start gives the structured lines.
const env = { NODE_ENV: 'production', LOG_FORMAT: 'text', ...process.env, ...demo };
const server = spawn('node', ['bff/dist/server.js'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
