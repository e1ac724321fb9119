import { useEffect, useState } from 'react';
import type { Registry } from '@home-energy/shared';
import { ensureRemotesRegistered } from './registry';

/** The releases the shell registered at boot (one registry fetch per page load, shared with the remote slots). */
export function useActiveReleases(): Registry | null {
  const [registry, setRegistry] = useState<Registry | null>(null);
  useEffect(() => {
    let live = true;
    ensureRemotesRegistered().then(
      (loaded) => live && setRegistry(loaded),
      () => undefined, // the remote slots show the failure; the footer simply lists nothing
    );
    return () => {
      live = false;
    };
  }, []);
  return registry;
}
