// The buckets real users' figures are counted in (docs/performance.md "Field vitals"): logarithmic, each 5 % wider
// than the one before, so a percentile read back from the counts is within ±2.5 % of the true one at any scale, and
// a metric has at most ~250 buckets whatever the number of reports. CLS is counted in thousandths.
import type { VitalMetric } from '@home-energy/shared/mfe/vitals';

const GROWTH = 1.05;
const LOG_GROWTH = Math.log(GROWTH);
/** CLS is a unitless score (0.1 is "good"): counted in thousandths, so its buckets resolve 0.001. */
const SCALE: Record<VitalMetric, number> = { usable: 1, lcp: 1, inp: 1, ttfb: 1, cls: 1000 };

/** Bucket 0 holds values below 1 (in the metric's unit after scaling); bucket b ≥ 1 holds [1.05^(b-1), 1.05^b). */
export function bucketOf(metric: VitalMetric, value: number): number {
  const scaled = value * SCALE[metric];
  if (!(scaled >= 1)) return 0;
  return 1 + Math.floor(Math.log(scaled) / LOG_GROWTH + 1e-9);
}

/** The value a bucket stands for: 0 for bucket 0, else the geometric middle of its range, in the metric's unit. */
export function valueOfBucket(metric: VitalMetric, bucket: number): number {
  if (bucket <= 0) return 0;
  return (GROWTH ** (bucket - 1) * Math.sqrt(GROWTH)) / SCALE[metric];
}

export interface Percentiles {
  p50: number;
  p75: number;
  p95: number;
  count: number;
}

/** The p-th percentile (0–1, nearest rank) of the counts per bucket, or null without any. */
export function percentile(metric: VitalMetric, counts: ReadonlyMap<number, number>, p: number): number | null {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket)!;
    if (seen >= rank) return valueOfBucket(metric, bucket);
  }
  return null;
}

/** p50, p75 and p95 of the counts, or null without any. */
export function percentilesOf(metric: VitalMetric, counts: ReadonlyMap<number, number>): Percentiles | null {
  const count = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (count === 0) return null;
  const at = (p: number) => round(metric, percentile(metric, counts, p)!);
  return { p50: at(0.5), p75: at(0.75), p95: at(0.95), count };
}

/** Milliseconds to whole ms, CLS to three decimals. */
export function round(metric: VitalMetric, value: number): number {
  return metric === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value);
}
