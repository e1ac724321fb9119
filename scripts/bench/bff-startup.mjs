// BFF cold start: the built server spawned on a data dir that already exists, timed to the first 200 from /readyz.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, sleep, startServer } from './lib.mjs';

const START_RUNS = 3;

function runCli(root, env, ...args) {
  const started = performance.now();
  try {
    execFileSync(process.execPath, [path.join(root, 'bff/dist/cli.js'), ...args], { cwd: root, env, stdio: 'pipe' });
  } catch (error) {
    throw new Error(`bff cli ${args.join(' ')} failed (exit ${error.status}):\n${error.stderr}${error.stdout}`);
  }
  return Math.round(performance.now() - started);
}

/** Starts the server once: wall time to a 200 from /readyz and the "ready in" the server prints itself. */
export async function coldStart(root, env) {
  // Any free port for the bundled BankID simulator, so a running product (on 3010) does not clash.
  const server = await startServer({
    args: [path.join(root, 'bff/dist/server.js')],
    cwd: root,
    env: { ...env, HOST: '127.0.0.1', BANKID_SIMULATOR_PORT: '0' },
  });
  try {
    // The ready line may still be in the pipe when /readyz answers; give it a moment.
    for (let i = 0; i < 40 && !/ready in \d+ ms/.test(server.stdout()); i++) await sleep(25);
    const reported = server.stdout().match(/ready in (\d+) ms/);
    return { wallMs: server.wallMs, reportedReadyMs: reported ? Number(reported[1]) : null };
  } finally {
    await server.stop();
  }
}

/** Cold starts on `dataDir` (which must hold a migrated, seeded database): rows plus the figures. */
export async function coldStarts(root, env, label = 'bff cold start') {
  const rows = [];
  const runs = [];
  for (let i = 1; i <= START_RUNS; i++) {
    const run = await coldStart(root, env);
    runs.push(run);
    rows.push([`${label} run ${i}`, `${run.wallMs} ms (server says ready in ${run.reportedReadyMs ?? '?'} ms)`, '']);
  }
  const medianMs = median(runs.map((run) => run.wallMs));
  const reported = runs.map((run) => run.reportedReadyMs).filter((ms) => ms !== null);
  const medianReportedMs = reported.length ? median(reported) : null;
  rows.push([`${label} median (spawn → /readyz 200)`, `${medianMs} ms`, '≤ 3000 ms']);
  rows.push([`${label} "ready in" median (server log)`, `${medianReportedMs ?? '?'} ms`, '']);
  return { rows, results: { runs, medianMs, medianReportedReadyMs: medianReportedMs } };
}

export async function benchBffStartup({ root }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bff-'));
  const env = { ...process.env, DATA_DIR: dataDir };
  try {
    // Migrated and seeded as `npm start` leaves it, so every timed start is one on an existing data dir.
    const seedMs = runCli(root, env, 'seed');
    const rows = [['bff first start (initdb + migrate + demo seed)', `${seedMs} ms`, '']];
    const starts = await coldStarts(root, env);
    return { rows: [...rows, ...starts.rows], results: { seedMs, ...starts.results } };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export { runCli };
