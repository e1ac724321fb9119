import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * The one registry request of a page load, started by the entry (index.ts) before the shared libraries are even
 * fetched. As soon as it answers, this page's remote (manifest, entry, App chunks) is fetched too: both travel while
 * React and the other shared libraries download. Nothing here may import a shared module (it runs before the async
 * boundary); the response is parsed and validated by registry.ts.
 */
let early: Promise<Response> | null = null;

function requestRegistry(): Promise<Response> {
  return fetch('/api/mfe/registry', { cache: 'no-store', headers: { accept: 'application/json' } });
}

interface RegistryEntry {
  name?: unknown;
  entry?: unknown;
}

/**
 * The remote the server found this page's path to be, by the routes of the releases it serves this visitor
 * (bff/src/web/static.ts names it in the HTML): null when it named none. It holds the first render until the registry
 * has answered (app/app.tsx).
 */
export function pageRemoteOfHtml(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector('meta[name="he-page-remote"]')?.getAttribute('content') || null;
}

/** Fetch-only preload of the remote that renders this page; any failure is left to the remote slot to report. */
async function preloadPageRemote(response: Response): Promise<void> {
  const remote = pageRemoteOfHtml();
  if (!response.ok || !remote) return;
  const { remotes } = (await response.json()) as { remotes?: RegistryEntry[] };
  const entry = remotes?.find((r) => r.name === remote)?.entry;
  if (typeof entry !== 'string') return;
  registerRemotes([{ name: remote, entry }]);
  await preloadRemote([{ nameOrAlias: remote, exposes: ['App'], resourceCategory: 'sync' }]);
}

export function requestRegistryEarly(): void {
  early = requestRegistry();
  early.then((response) => preloadPageRemote(response.clone())).catch(() => undefined);
}

/** The early response the first time, a fresh request after that (a retry must ask again). */
export function takeRegistryResponse(): Promise<Response> {
  const response = early ?? requestRegistry();
  early = null;
  return response;
}
