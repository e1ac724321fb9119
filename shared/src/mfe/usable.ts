import { useEffect } from 'react';
import { useLocation } from '@home-energy/shared/router';
import { USABLE_MARK } from './vitals';

/**
 * Marks this page usable: what the user came for has rendered and takes input (docs/performance.md "Field vitals").
 * The shell's speed reports time it from the page load or the navigation that led here; a page's first mark counts.
 */
export function markUsable(path: string = location.pathname): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.mark(USABLE_MARK, { detail: { path } });
}

/** Marks the page usable once `ready` (its main content rendered), again after each navigation to another path. */
export function useMarkUsable(ready: boolean): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (ready) markUsable(pathname);
  }, [ready, pathname]);
}
