/**
 * The session request of a page load, started by the entry (index.ts) beside the registry request, before the shared
 * libraries are even fetched. The shell's first render then already knows who is signed in: the top bar shows the
 * signed-in user (name, e-mail, Sign out) from its first paint instead of growing when the SessionProvider's own
 * request answered after that render. On a phone that top bar wrapped onto three more lines and pushed the whole page
 * down (a layout shift of 0.18 on the console's pages), and the console's pages waited one round trip more for it.
 *
 * The same request and the same reading of the answer as the shared auth client's `fetchData('session')`
 * (shared/src/auth/client.ts): `{}` is signed out (null). A failed request gives `undefined` (unknown): the
 * SessionProvider then asks as it always did, and logs the failure. Nothing here may import a shared module.
 */
export type EarlySession = Record<string, unknown> | null | undefined;

let early: Promise<EarlySession> | null = null;

function requestSession(basePath = '/api/auth'): Promise<EarlySession> {
  return fetch(`${basePath}/session`, { headers: { 'Content-Type': 'application/json' }, credentials: 'same-origin' })
    .then(async (res) => {
      const data: unknown = await res.json();
      if (!res.ok) return undefined;
      return data && typeof data === 'object' && Object.keys(data).length > 0
        ? (data as Record<string, unknown>)
        : null;
    })
    .catch(() => undefined);
}

export function requestSessionEarly(): void {
  early = requestSession();
}

/**
 * The early answer if it arrives within `waitMs` (it has almost always arrived long before the boot renders: it
 * travels while the boot chunk downloads), otherwise `undefined`, and the SessionProvider fetches the session itself.
 * Taken once: a later call (a second boot in tests) gives `undefined`.
 */
export function takeEarlySession(waitMs: number): Promise<EarlySession> {
  const pending = early;
  early = null;
  if (!pending) return Promise.resolve(undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)));
  return Promise.race([pending, deadline]).finally(() => clearTimeout(timer));
}
