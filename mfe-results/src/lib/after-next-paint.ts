/**
 * Runs `work` in a task after the browser's next frame, so that bookkeeping a change causes (recording it, say) is not
 * part of the interaction the homeowner waits on to see the change.
 */
export function afterNextPaint(work: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(work, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(work, 0));
}
