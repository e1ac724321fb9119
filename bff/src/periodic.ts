/**
 * Runs `task` now and every `intervalMs`, reporting failures to `onError`; the timers never keep the process alive.
 * Returns stop().
 */
export function runPeriodically(
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
  intervalMs: number,
): () => void {
  const run = () => void task().catch(onError);
  const first = setTimeout(run, 0);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
