// What the load and fault suites run against: the built BFF (bff/dist/server.js) as its own process, on embedded
// PGlite in a temporary data dir or on a throwaway PostgreSQL cluster this process owns (so it can stop and start it).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_JS = path.join(REPO_ROOT, 'bff', 'dist', 'server.js');

/** Ports of everything these suites start (HARDENING_PORT_BASE moves the whole block). */
const BASE = Number(process.env.HARDENING_PORT_BASE ?? 3500);
export const PORTS = {
  loadBff: [BASE + 10, BASE + 11],
  loadPgliteBff: BASE + 12,
  loadPostgres: BASE + 50,
  faultBff: BASE + 20,
  faultPostgres: BASE + 51,
  killBff: BASE + 30,
  killPostgres: BASE + 52,
  seedBff: BASE + 40,
  instancesBff: [BASE + 60, BASE + 61],
  instancesProxy: BASE + 62,
  instancesSimulator: BASE + 63,
  instancesPostgres: BASE + 53,
  instancesMetrics: [BASE + 64, BASE + 65],
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Whatever is still running when this process exits (a failure, Ctrl-C) is ended with it: no stray servers.
const leftovers = new Set();
const tempDirs = new Set();
process.once('exit', () => {
  for (const end of [
    ...leftovers,
    ...[...tempDirs].map((dir) => () => fs.rmSync(dir, { recursive: true, force: true })),
  ]) {
    try {
      end();
    } catch {
      // best effort
    }
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `he-hardening-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export function assertBuilt() {
  if (!fs.existsSync(SERVER_JS))
    throw new Error(`${path.relative(REPO_ROOT, SERVER_JS)} is missing: run \`npm run build -w bff\` first.`);
}

/**
 * The BFF as the product runs it (NODE_ENV=production), with rate limits raised: the load comes from one IP, and
 * the limits guard against one abusive client, which is not what these suites measure.
 */
export async function startBff({ port, dataDir, databaseUrl, env = {}, readyTimeoutMs = 120_000 }) {
  assertBuilt();
  const child = spawn(process.execPath, [SERVER_JS], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      BANKID_SIMULATOR_PORT: '0',
      SEARCH_RATE_LIMIT: '100000000',
      SIGNIN_RATE_LIMIT: '100000000',
      BANKID_START_RATE_LIMIT: '100000000',
      FLOW_WRITE_RATE_LIMIT: '100000000',
      DOCUMENT_RATE_LIMIT: '100000000',
      ...env,
    },
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const killNow = () => child.kill('SIGKILL');
  leftovers.add(killNow);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  exited.then(() => leftovers.delete(killNow));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  let gone = null;
  exited.then((status) => (gone = status));
  for (;;) {
    if (gone)
      throw new Error(`The BFF on port ${port} exited (${JSON.stringify(gone)}) before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The BFF on port ${port} was not ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return {
    url,
    port,
    child,
    exited,
    output: () => output,
    /** Graceful stop (SIGTERM), as a deployment would. */
    async stop() {
      if (gone) return gone;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const status = await exited;
      clearTimeout(timer);
      return status;
    },
    async kill9() {
      if (gone) return gone;
      child.kill('SIGKILL');
      return exited;
    },
  };
}

/** CPU time (ms, user + system) a process has used so far, from /proc (Linux); null elsewhere. */
export function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The port the embedded database of a running BFF serves on (its lock file), to read what the BFF wrote. */
export function pgliteUrlOf(dataDir) {
  const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'db', 'pglite.lock.json'), 'utf8'));
  return `postgres://postgres@/postgres?host=${encodeURIComponent(lock.socketDir)}`;
}

/**
 * A PGlite data dir migrated and seeded once (demo register, brands, content), copied for every scenario so each
 * starts from the same database in seconds instead of seeding again.
 */
let template = null;
export async function seededPgliteDir() {
  if (!template) {
    const dir = tempDir('template');
    leftovers.add(removeTemplate);
    const bff = await startBff({ port: PORTS.seedBff, dataDir: dir });
    await bff.stop();
    template = dir;
  }
  const copy = tempDir('pglite');
  fs.cpSync(template, copy, { recursive: true });
  return copy;
}

export function removeTemplate() {
  if (template) fs.rmSync(template, { recursive: true, force: true });
  template = null;
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'postgres')));
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions.at(-1), 'bin') : null;
}

/**
 * Whether a throwaway PostgreSQL cluster can be made here (server binaries, and the postgres user when we are root).
 */
export function postgresAvailable() {
  if (!postgresBin()) return false;
  if (process.getuid?.() !== 0) return true;
  return spawnSync('id', ['-u', 'postgres']).status === 0;
}

/**
 * A PostgreSQL cluster in a temp dir on its own port. As root the server runs as the postgres user (it refuses
 * root), like .ci/run does. stop()/start() are what the fault suite uses to take the database away and back.
 */
export async function startPostgresCluster({ port }) {
  const bin = postgresBin();
  if (!bin) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const dir = tempDir('pg');
  fs.chmodSync(dir, 0o755);
  if (asRoot) spawnSync('chown', ['postgres', dir]);
  const run = (tool, args) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const full = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const result = spawnSync(command, full, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
    return result;
  };
  // Async, so the load generator keeps its schedule (and its clock) while pg_ctl waits for the server.
  const runAsync = (tool, args) =>
    new Promise((resolve, reject) => {
      const command = asRoot ? 'runuser' : path.join(bin, tool);
      const full = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
      const child = spawn(command, full, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (c) => (output += c));
      child.stderr.on('data', (c) => (output += c));
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} failed (${code}):\n${output}`)),
      );
    });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => runAsync('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    /** `pg_ctl stop -m fast`: the server ends every session (57P01) and refuses new ones until started again. */
    stop: (mode = 'fast') => runAsync('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    destroy() {
      leftovers.delete(cluster.destroy);
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  leftovers.add(cluster.destroy);
  await cluster.start();
  return cluster;
}
