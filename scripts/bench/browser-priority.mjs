// The page's main thread first, as on a phone. Lighthouse times the page's main-thread tasks by the wall clock and
// multiplies them by 4; on two cores, the browser's other processes (compositing, Lighthouse's own screenshots and
// trace), Lighthouse's node process and the product compete with that one thread. Run as root, Chromium also raises its
// display threads (browser, GPU, compositors, IO) to niceness −8, which it cannot do as a normal user, and the page's
// thread (niceness 0) then waits behind them: in a trace of the address page its tasks took twice their CPU time
// (1,281 ms wall for 634 ms CPU), and the kernel counted more time waiting to run than running (docs/performance.md
// "Reproducing").
//
// As root (the CI machine and this team's), the bench therefore starts Chromium at niceness 10 without the right to
// raise any thread, and puts each renderer's main thread back to niceness 0 as soon as the process appears. Elsewhere
// nothing changes (a normal user's Chromium raises nothing, and may not lower a niceness back).
//
// Niceness only ranks threads within one session, though: Linux first shares the CPU between sessions (autogroups).
// Chromium's browser runs in a session of its own (chrome-launcher and Playwright detach it), and so does each of its
// zygotes, whose session the renderers share; the product and Lighthouse's node process, at niceness 10 in the bench's
// session, still got as much CPU as the page's renderer. The harness's processes therefore run in sessions of their
// own at autogroup niceness HARNESS_NICENESS (harnessSession), and the renderers' session is raised to
// RENDERER_SESSION_NICENESS (watchRenderers).
//
// Even so, in a kernel recording of a load the page's thread was runnable but not running for 11-66 % of each of its
// long tasks, behind Chromium's other processes and its own renderer's workers (fair scheduling gives every runnable
// thread its turn, whatever its weight). Each renderer's main thread therefore runs in the first real-time class
// (SCHED_FIFO, priority 1: ahead of every ordinary thread, behind the kernel's own; threads it starts later do not
// inherit it), as a phone's foreground page has a big core to itself. The kernel's real-time throttling
// (sched_rt_runtime_us) leaves the others 5 % of each second should that thread never sleep, and the other core.
// The renderer's other threads go to niceness 0 as well: the main thread sleeps on them (the script compiles they
// stream, the fonts and texts a layout waits for), and in that class they no longer take its turn.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Niceness of the browser's other processes, Lighthouse's and the product's (and of their sessions). */
export const HARNESS_NICENESS = 10;
/** Autogroup niceness of the renderers' session: ahead of the browser's own sessions, which stay at 0. */
const RENDERER_SESSION_NICENESS = -5;
const WATCH_EVERY_MS = 10;

const isRoot = () => process.platform === 'linux' && process.getuid?.() === 0;

/** Whether this machine gets the arrangement (the bench's settings say so); BENCH_PAGE_THREAD_FIRST=0 turns it off. */
export function pagesThreadFirst() {
  const tools = ['/usr/bin/setpriv', '/usr/bin/chrt'].every((tool) => fs.existsSync(tool)); // util-linux
  return process.env.BENCH_PAGE_THREAD_FIRST !== '0' && isRoot() && tools;
}

const wrappers = new Map(); // one script per Chromium path and bench process

/**
 * The executable to start Chromium with: `chrome` itself, or (pagesThreadFirst) a script beside the OS's temporary
 * files that starts it at HARNESS_NICENESS without CAP_SYS_NICE.
 */
export function browserExecutable(chrome) {
  if (!pagesThreadFirst()) return chrome;
  if (wrappers.has(chrome)) return wrappers.get(chrome);
  const wrapper = path.join(os.tmpdir(), `home-energy-bench-chromium-${process.pid}-${wrappers.size}.sh`);
  const script = [
    '#!/bin/sh',
    `exec nice -n $((${HARNESS_NICENESS} - $(nice))) \\`,
    `  setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice ${JSON.stringify(chrome)} "$@"`,
    '',
  ].join('\n');
  fs.writeFileSync(wrapper, script, { mode: 0o755 });
  if (wrappers.size === 0) process.once('exit', () => wrappers.forEach((file) => fs.rmSync(file, { force: true })));
  wrappers.set(chrome, wrapper);
  return wrapper;
}

/** The renderer's main thread is the process's first one: setpriority on the pid sets that thread alone on Linux. */
function rendererPids(seen) {
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (seen.has(entry) || !/^\d+$/.test(entry)) continue;
    let command;
    try {
      command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      seen.add(entry); // gone already
      continue;
    }
    // A zygote's child has the zygote's command line until it takes its own: look at it again next time.
    if (command.includes('--type=zygote')) continue;
    seen.add(entry);
    // A renderer of the browser's own user interface (a top-chrome WebUI, preloaded at start) is not the page's.
    if (command.includes('--type=renderer') && !command.includes('--top-chrome-webui')) found.push(Number(entry));
  }
  return found;
}

/**
 * The renderers' session (their zygote's; it also holds the storage service that answers the page's first
 * localStorage read) ahead of Chromium's other sessions (browser, GPU: 0) and the harness's (HARNESS_NICENESS).
 */
function raiseSession(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(RENDERER_SESSION_NICENESS));
  } catch {
    // a kernel without autogroups
  }
}

/** The thread `tid` in SCHED_FIFO at priority 1, not passed on to its new threads (util-linux's chrt). */
function firstRealTimeClass(tid) {
  const args = ['--fifo', '--reset-on-fork', '--pid', '1', String(tid)];
  spawn('/usr/bin/chrt', args, { stdio: 'ignore' }).once('error', () => {
    // the thread keeps niceness 0
  });
}

/**
 * Puts every new renderer's main thread in SCHED_FIFO, its other threads at niceness 0 (those it starts later
 * too), and its session at RENDERER_SESSION_NICENESS, until stopped (a no-op unless pagesThreadFirst).
 */
export function watchRenderers() {
  if (!pagesThreadFirst()) return { stop() {} };
  const seen = new Set(fs.readdirSync('/proc'));
  const renderers = new Map(); // pid → its threads already at niceness 0
  const timer = setInterval(() => {
    for (const pid of rendererPids(seen)) {
      try {
        os.setPriority(pid, 0);
        raiseSession(pid);
        firstRealTimeClass(pid);
        renderers.set(pid, new Set([String(pid)]));
      } catch {
        // exited in between
      }
    }
    for (const [pid, done] of renderers) {
      let tids;
      try {
        tids = fs.readdirSync(`/proc/${pid}/task`);
      } catch {
        renderers.delete(pid); // exited
        continue;
      }
      for (const tid of tids.filter((t) => !done.has(t))) {
        done.add(tid);
        try {
          os.setPriority(Number(tid), 0);
        } catch {
          // ended in between
        }
      }
    }
  }, WATCH_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

const sessions = new Set(); // harness sessions still running: ended with the bench
let endWithBench = false;

function endSessions() {
  for (const pid of sessions) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // gone already
    }
  }
  sessions.clear();
}

/** Spawn options for a harness process: a session of its own (detached) when pagesThreadFirst. */
export function harnessSpawnOptions() {
  return pagesThreadFirst() ? { detached: true } : {};
}

/**
 * Puts a child spawned with harnessSpawnOptions (and its children) below the browser: its session's autogroup at
 * HARNESS_NICENESS. A session of its own gets no Ctrl-C from the terminal, so it is ended with the bench.
 */
export function harnessSession(child) {
  if (!pagesThreadFirst() || !child.pid) return;
  try {
    fs.writeFileSync(`/proc/${child.pid}/autogroup`, String(HARNESS_NICENESS));
  } catch {
    // a kernel without autogroups: niceness alone ranks the threads
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
