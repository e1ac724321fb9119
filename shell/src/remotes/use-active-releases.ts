import { useEffect, useState } from 'react';
import type { Registry } from '@home-energy/shared';
import { ensureRemotesRegistered, latestRegistry, onRegistry } from './registry';

/**
 * The releases the registry names for this page (one registry fetch per page load, shared with the remote slots),
 * and its later answers (a slot's retry after the registry was down asks it anew).
 */
export function useActiveReleases(): Registry | null {
  const [registry, setRegistry] = useState<Registry | null>(latestRegistry);
  useEffect(() => {
    let live = true;
    const unsubscribe = onRegistry((answered) => live && setRegistry(answered));
    ensureRemotesRegistered().then(
      (loaded) => live && setRegistry(loaded),
      () => undefined, // the remote slots show the failure; the footer simply lists nothing
    );
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  return registry;
}
