import { loadRemote, preloadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@home-energy/shared';
import { ensureRemotesRegistered } from './registry';
import { remoteForPath } from './route-remotes';

const fetched = new Set<RemoteName>();
const prepared = new Set<RemoteName>();

async function isReleased(remote: RemoteName): Promise<boolean> {
  const registry = await ensureRemotesRegistered();
  return registry.remotes.some((r) => r.name === remote);
}

/**
 * Fetches a remote's manifest, entry and the chunks of its App in parallel (not its lazy routes, not its own copies of
 * shared libraries), so that mounting it costs no round trip. Once per remote and page load; a failure is forgotten
 * so a later call tries again, and the remote slot reports an outage itself.
 */
export function preloadRemoteApp(remote: RemoteName): Promise<void> {
  if (fetched.has(remote)) return Promise.resolve();
  fetched.add(remote);
  return isReleased(remote)
    .then((released) =>
      released ? preloadRemote([{ nameOrAlias: remote, exposes: ['App'], resourceCategory: 'sync' }]) : undefined,
    )
    .catch(() => {
      fetched.delete(remote);
    });
}

/**
 * On intent: fetch the remote and also run its App module (the parse and evaluation a click would otherwise wait
 * for; it registers the remote's texts, which then load too), so the click only renders. The remote slot's
 * loadRemote then finds the module ready.
 */
export function prepareRemoteApp(remote: RemoteName): void {
  if (prepared.has(remote)) return;
  prepared.add(remote);
  void preloadRemoteApp(remote);
  isReleased(remote)
    .then((released) => (released ? loadRemote(`${remote}/App`) : undefined))
    .catch(() => prepared.delete(remote));
}

/** The path of a link to a page of this app (null: not a link, or to another origin). */
function pathOfLink(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url.pathname : null;
}

/**
 * Preload on intent: hovering, focusing or touching any link (the shell's or a remote's) prepares the remote that
 * owns its path, so the click finds it ready. Returns the uninstaller.
 */
export function preloadRemotesOnIntent(root: Document = document): () => void {
  const onIntent = (event: Event) => {
    const path = pathOfLink(event.target);
    if (path === null) return;
    // Which remote a path is, by the routes the registry names (answered long before anyone hovers).
    ensureRemotesRegistered()
      .then((registry) => {
        const remote = remoteForPath(registry, path);
        if (remote) prepareRemoteApp(remote);
      })
      .catch(() => undefined);
  };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) root.addEventListener(type, onIntent, { passive: true, capture: true });
  return () => {
    for (const type of events) root.removeEventListener(type, onIntent, { capture: true });
  };
}
