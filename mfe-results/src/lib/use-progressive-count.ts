import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './after-next-paint';

/**
 * How many of `total` items to render now: `first` at once, then `step` more after each frame, each step in a
 * transition. The dashboard's twenty cards in one render were one commit and one style and layout pass of 45 and 64 ms
 * on a slow phone (its longest tasks); a few at a time keep each short, and the cards far below the screen arrive a
 * few frames later.
 */
export function useProgressiveCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    let current = true;
    afterNextPaint(() => {
      if (current) startTransition(() => setCount((shown) => shown + step));
    });
    return () => {
      current = false;
    };
  }, [count, total, step]);
  return Math.min(count, total);
}
