import { useMemo } from 'react';
import { useFormat } from '@home-energy/shared';
import type { VitalMetric } from '@home-energy/shared/mfe/vitals';

/**
 * Speed figures in the page's language: milliseconds under a second as "120 ms", from a second on as "1.8 s"
 * (Swedish "1,8 s"); CLS, which has no unit, with up to 2 decimals.
 */
export function useSpeedFormat() {
  const format = useFormat();
  return useMemo(() => {
    const ms = (value: number) => {
      const whole = Math.round(value);
      return whole >= 1000
        ? `${format.number(whole / 1000, { minDecimals: 1, maxDecimals: 1 })} s`
        : `${format.number(whole, { maxDecimals: 0 })} ms`;
    };
    return {
      ms,
      metric: (metric: VitalMetric, value: number) =>
        metric === 'cls' ? format.number(value, { maxDecimals: 2 }) : ms(value),
      count: (value: number) => format.number(value, { maxDecimals: 0 }),
      day: format.day,
    };
  }, [format]);
}

export type SpeedFormat = ReturnType<typeof useSpeedFormat>;
