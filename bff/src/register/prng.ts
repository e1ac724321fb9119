/** Seeded pseudo-random numbers: the same seed always gives the same sequence (for reproducible demo data). */

export type Rng = () => number;

/** mulberry32: a small, fast 32-bit PRNG; returns floats in [0, 1). Not for cryptography. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max], both included. */
export function randInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** A weighted choice; weights need not sum to 1 but must not all be 0. */
export function weighted<T>(rng: Rng, entries: ReadonlyArray<readonly [T, number]>): T {
  let total = 0;
  for (const [, w] of entries) total += Math.max(0, w);
  if (!(total > 0)) throw new Error('weighted: no positive weight');
  let r = rng() * total;
  for (const [value, w] of entries) {
    if (w <= 0) continue;
    r -= w;
    if (r < 0) return value;
  }
  // Floating-point rest: the last positive entry.
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i][1] > 0) return entries[i][0];
  throw new Error('unreachable');
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

/** Normal distribution (Box-Muller), for sizes. */
export function normal(rng: Rng, mean: number, sd: number): number {
  const u = 1 - rng(); // (0, 1]
  const v = rng();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
