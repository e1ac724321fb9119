import { bucketOf, percentile, percentilesOf, valueOfBucket } from '../histogram';

function countsOf(metric: 'usable' | 'cls', values: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(bucketOf(metric, v), (counts.get(bucketOf(metric, v)) ?? 0) + 1);
  return counts;
}

function exact(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

describe('speed histograms', () => {
  it('puts each value in the bucket whose range holds it, and reads back within 2.5 %', () => {
    for (const value of [1, 1.04, 1.05, 7, 99.9, 100, 812, 2500, 2501, 60_000, 120_000]) {
      const back = valueOfBucket('usable', bucketOf('usable', value));
      expect(Math.abs(back - value) / value).toBeLessThanOrEqual(0.025);
    }
    expect(bucketOf('usable', 0)).toBe(0);
    expect(bucketOf('usable', 0.4)).toBe(0);
    expect(valueOfBucket('usable', 0)).toBe(0);
    expect(bucketOf('usable', 1)).toBe(1);
    // Buckets grow with the value, and 120 s needs fewer than 250 of them.
    expect(bucketOf('usable', 2000)).toBeGreaterThan(bucketOf('usable', 1900));
    expect(bucketOf('usable', 120_000)).toBeLessThan(250);
  });

  it('counts CLS in thousandths: 0.1 and 0.25 stay apart, 0 is its own bucket', () => {
    expect(bucketOf('cls', 0)).toBe(0);
    expect(valueOfBucket('cls', bucketOf('cls', 0.1))).toBeCloseTo(0.1, 2);
    expect(valueOfBucket('cls', bucketOf('cls', 0.25))).toBeCloseTo(0.25, 2);
    expect(bucketOf('cls', 0.1)).not.toBe(bucketOf('cls', 0.11));
  });

  it('gives p50, p75 and p95 of 10,000 skewed figures within 2.5 % of the exact ones', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    // Log-normal around 1.5 s, as page load times are.
    const values = Array.from({ length: 10_000 }, () =>
      Math.exp(Math.log(1500) + 0.6 * Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random())),
    );
    const counts = countsOf('usable', values);
    for (const p of [0.5, 0.75, 0.95]) {
      const read = percentile('usable', counts, p)!;
      expect(Math.abs(read - exact(values, p)) / exact(values, p)).toBeLessThanOrEqual(0.025);
    }
    expect(percentilesOf('usable', counts)).toEqual({
      p50: expect.any(Number),
      p75: expect.any(Number),
      p95: expect.any(Number),
      count: 10_000,
    });
  });

  it('answers the nearest rank: three of four at 1 s make p75 1 s, the fourth slow one only p95', () => {
    const counts = countsOf('usable', [1000, 1000, 1000, 9000]);
    expect(percentile('usable', counts, 0.75)).toBeCloseTo(1000, -2);
    expect(percentile('usable', counts, 0.95)).toBeCloseTo(9000, -3);
    expect(percentile('usable', new Map(), 0.75)).toBeNull();
    expect(percentilesOf('cls', new Map())).toBeNull();
  });
});
