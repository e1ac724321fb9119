/**
 * Boot in several main-thread tasks instead of one. Evaluating React DOM, the shared package (Redux Toolkit,
 * i18next) and the router, then rendering, took one 200–350 ms task on a throttled phone (Lighthouse's long tasks):
 * input typed into the page in that time waited for all of it. Between phases the browser may paint and handle
 * input. Nothing here may import a shared module (bootstrap.tsx runs it before React is loaded).
 */
type Scheduler = { yield?: () => Promise<void> };

/** Resolves in a later task (scheduler.yield where the browser has it: the continuation keeps its priority). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs each step in a task of its own, in order (the first in the caller's task). */
export async function runInTasks(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await yieldToMain();
    await step();
  }
}

/** Work nobody waits for (preloading on intent): after the page is interactive, or within `timeoutMs`. */
export function whenIdle(work: () => void, timeoutMs = 2000): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number })
    .requestIdleCallback;
  if (typeof idle === 'function') idle(work, { timeout: timeoutMs });
  else setTimeout(work, 0);
}
