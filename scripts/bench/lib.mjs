// Helpers shared by the benchmark modules: ports in the bench range, child servers, polling, small statistics.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// Benchmarks listen in their own range so a running product (3000, simulator 3010) never clashes; 3750 and up are
// left to benches given a fixed port (the front end's).
const PORT_RANGE = {
  first: Number(process.env.BENCH_PORT_FIRST ?? 3700),
  last: Number(process.env.BENCH_PORT_LAST ?? 3749),
};
let nextPort = PORT_RANGE.first;

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A free loopback port in the bench range (handed out round-robin, so two servers of one run never race for one). */
export async function freePort() {
  const span = PORT_RANGE.last - PORT_RANGE.first + 1;
  for (let i = 0; i < span; i++) {
    const port = nextPort;
    nextPort = nextPort >= PORT_RANGE.last ? PORT_RANGE.first : nextPort + 1;
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${PORT_RANGE.first}–${PORT_RANGE.last} (BENCH_PORT_FIRST/BENCH_PORT_LAST)`);
}

/** The BFF as `npm start` runs it (production, demo data) on a data dir of its own, on loopback only. */
export function demoServerEnv(dataDir) {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DEMO_MODE: 'true',
    HOST: '127.0.0.1',
    BANKID_SIMULATOR_PORT: '0',
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const round = (value, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Resolves with the status code, or null when nothing answers yet. */
export function getStatus(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(null));
  });
}

/**
 * Spawns a server and waits until `readyUrl(port)` answers 200. Returns { port, child, wallMs, output(), stop() };
 * the output (its last `keepOutput` characters) is kept so a failure can show it.
 */
export async function startServer({
  command = process.execPath,
  args,
  env,
  cwd = ROOT,
  readyPath = '/readyz',
  timeoutMs = 30_000,
  port,
  keepOutput = Infinity,
}) {
  port ??= await freePort();
  const started = performance.now();
  const child = spawn(command, args, { cwd, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  // A server logging every request under load would grow the buffer without end: keep the tail only.
  const keep = (text) => (text.length > keepOutput ? text.slice(-keepOutput) : text);
  child.stdout.on('data', (chunk) => (stdout = keep(stdout + chunk)));
  child.stderr.on('data', (chunk) => (stderr = keep(stderr + chunk)));
  let exitInfo = null;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exitInfo = { code, signal }))));
  const output = () => `--- stderr ---\n${stderr}--- stdout ---\n${stdout}`;
  const stop = async () => {
    if (!exitInfo) child.kill('SIGTERM');
    await exited;
  };
  try {
    const url = `http://127.0.0.1:${port}${readyPath}`;
    while ((await getStatus(url)) !== 200) {
      if (exitInfo)
        throw new Error(`${path.basename(args[0])} exited (${exitInfo.code ?? exitInfo.signal}) before ready`);
      if (performance.now() - started > timeoutMs) throw new Error(`${url} not 200 within ${timeoutMs} ms`);
      await sleep(25);
    }
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${output()}`);
  }
  return { port, child, wallMs: Math.round(performance.now() - started), stdout: () => stdout, output, stop };
}
