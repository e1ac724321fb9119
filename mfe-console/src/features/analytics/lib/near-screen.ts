import { useEffect, useState, type RefObject } from 'react';

/**
 * How far beyond the screen a chart counts as about to be seen: half a screen above and below, so a chart scrolled to
 * at a reading pace is drawn by the time it arrives, and one further down costs nothing until then.
 */
export const NEAR_SCREEN_MARGIN = '50% 0px';

/**
 * Whether the element is on the screen or within NEAR_SCREEN_MARGIN of it; once true it stays true. True at once where
 * the browser has no IntersectionObserver.
 */
export function useNearScreen(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

type IdleWindow = {
  requestIdleCallback?: (work: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Runs `work` once the main thread is idle (the page's own rendering done), at the latest after `timeoutMs`; a
 * timer where the browser has no requestIdleCallback. Returns the call that cancels it.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  const idle = globalThis as IdleWindow;
  if (typeof idle.requestIdleCallback === 'function') {
    const handle = idle.requestIdleCallback(work, { timeout: timeoutMs });
    return () => idle.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
