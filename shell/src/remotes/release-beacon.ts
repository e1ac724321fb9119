import type { BeaconErrorClass, ReleaseBeacon, RemoteName } from '@home-energy/shared/remotes';
import { REMOTES } from '@home-energy/shared/remotes';
import { whenIdle } from '../boot/yield';

/**
 * The shell's health reports on the releases it loads (POST /api/mfe/beacon): that a release loaded in this session
 * (once per tab session), or that it failed to load or threw while rendering. Only the remote, version, kind and a
 * coarse error class are sent: never a message or a stack, which may hold what the user typed.
 */
const NAMES: Record<string, BeaconErrorClass> = {
  TypeError: 'type',
  ReferenceError: 'reference',
  RangeError: 'range',
  SyntaxError: 'syntax',
};

export function errorClassOf(error: unknown): BeaconErrorClass {
  if (!(error instanceof Error)) return 'other';
  const named = NAMES[error.name];
  if (named) return named;
  const text = `${error.name} ${error.message}`;
  if (/timeout|timed out/i.test(text)) return 'timeout';
  if (/manifest/i.test(text)) return 'manifest';
  if (/ChunkLoadError|Loading (css )?chunk|Failed to fetch|NetworkError|RUNTIME-008/i.test(text)) return 'network';
  return 'other';
}

function packageOf(remote: RemoteName) {
  return REMOTES.find((r) => r.name === remote)!.package;
}

function send(beacon: ReleaseBeacon): Promise<void> {
  return fetch('/api/mfe/beacon', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(beacon),
  }).then(
    () => undefined,
    () => undefined, // a lost report must never disturb the page
  );
}

/** Counts this session for the release, once per tab session (the BFF counts each session once anyway). */
export function reportLoaded(remote: RemoteName, version: string): void {
  const key = `he.release-loaded.${remote}@${version}`;
  try {
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
  } catch {
    // no storage (private mode): the BFF's own de-duplication still counts the session once
  }
  void send({ kind: 'loaded', remote: packageOf(remote), version });
}

// Loaded reports waiting for an idle moment, by remote@version.
const pendingLoaded = new Map<string, () => void>();

/**
 * reportLoaded once the page is idle: a page's first sessionStorage read is a synchronous call to the browser, which
 * held a loading page's main thread for 7–145 ms (4× CPU throttling) right as the remote arrived. An error report of
 * the same release sends it first, so a session that failed still counts as one that loaded.
 */
export function reportLoadedWhenIdle(remote: RemoteName, version: string): void {
  const key = `${remote}@${version}`;
  if (pendingLoaded.has(key)) return;
  const report = () => {
    if (pendingLoaded.get(key) !== report) return;
    pendingLoaded.delete(key);
    reportLoaded(remote, version);
  };
  pendingLoaded.set(key, report);
  whenIdle(report, 10_000);
}

export function reportError(
  remote: RemoteName,
  version: string,
  kind: 'load-error' | 'render-error',
  error: unknown,
): Promise<void> {
  pendingLoaded.get(`${remote}@${version}`)?.();
  return send({ kind, remote: packageOf(remote), version, errorClass: errorClassOf(error) });
}
