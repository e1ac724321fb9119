/**
 * The one registry request of a page load, started by the entry (index.ts) before the shared libraries are even
 * fetched: by the time React renders, the remote URLs are known. Nothing here may import a shared module (it runs
 * before the async boundary).
 */
let early: Promise<Response> | null = null;

function requestRegistry(): Promise<Response> {
  return fetch('/api/mfe/registry', { cache: 'no-store', headers: { accept: 'application/json' } });
}

export function requestRegistryEarly(): void {
  early = requestRegistry();
  early.catch(() => undefined); // the failure is seen (and retried) by whoever takes the response
}

/** The early response the first time, a fresh request after that (a retry must ask again). */
export function takeRegistryResponse(): Promise<Response> {
  const response = early ?? requestRegistry();
  early = null;
  return response;
}
