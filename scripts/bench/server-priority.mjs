// The front-end bench's one allowance, off unless asked for (docs/performance.md "Lab bench"): a phone does not run the
// server, so with BENCH_SERVER_BELOW=1 the product under test runs below everything else on this machine. Linux shares
// the CPU first between sessions (autogroups), so niceness alone would not do it: the product starts in a session of
// its own whose autogroup is at SERVER_NICENESS. The browser, its pages and Lighthouse run as they would for anyone:
// nothing about their scheduling is changed.
import fs from 'node:fs';

export const SERVER_NICENESS = 10;
/**
 * By default the product runs at the same priority as the browser, as nothing is conditioned for users either;
 * BENCH_SERVER_BELOW=1 puts it below (a figure taken so says it in the table's settings row).
 */
export const serverBelow = process.platform === 'linux' && process.env.BENCH_SERVER_BELOW === '1';

const sessions = new Set();
let endWithBench = false;

/** Spawn options for the product: a session of its own (ended with the bench, see serverSession). */
export const serverSpawnOptions = () => (serverBelow ? { detached: true } : {});

function endSessions() {
  for (const pid of sessions) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/**
 * Puts the product spawned with serverSpawnOptions (and its children) at SERVER_NICENESS. A session of its own gets
 * no Ctrl-C from the terminal, so it is ended with the bench.
 */
export function serverSession(child) {
  if (!serverBelow || !child.pid) return;
  try {
    fs.writeFileSync(`/proc/${child.pid}/autogroup`, String(SERVER_NICENESS));
  } catch {
    // a kernel without autogroups: its niceness still ranks it within the bench's session
  }
  sessions.add(child.pid);
  child.once('exit', () => sessions.delete(child.pid));
  if (endWithBench) return;
  endWithBench = true;
  process.once('exit', endSessions);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.once(signal, () => {
      endSessions();
      process.kill(process.pid, signal); // this listener is gone: the signal's own ending follows
    });
}
