// Numbers as the product shows them (docs/product.md §9): spaces as thousands separators, rounded to at most 2
// decimals.
import { roundToDecimals } from '../finance/rounding';

export interface NumberFormatOptions {
  /** At most this many decimals (0–2; default 2). Trailing zeros are dropped down to minDecimals. */
  maxDecimals?: number;
  minDecimals?: number;
  /** '.' (default) or ',' (Swedish texts). */
  decimalSeparator?: '.' | ',';
}

/** What is shown for a number that is not one (NaN, ±Infinity). */
export const NOT_A_NUMBER = '–';

/** 1234567.891 → "1 234 567.89"; 0.5 → "0.5"; -1234 → "-1 234". */
export function formatNumber(value: number, options: NumberFormatOptions = {}): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const maxDecimals = Math.min(2, Math.max(0, Math.trunc(options.maxDecimals ?? 2)));
  const minDecimals = Math.min(maxDecimals, Math.max(0, Math.trunc(options.minDecimals ?? 0)));
  const rounded = roundToDecimals(value, maxDecimals);
  const [integer, fraction = ''] = Math.abs(rounded).toFixed(maxDecimals).split('.');
  let decimals = fraction;
  while (decimals.length > minDecimals && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const sign = rounded < 0 ? '-' : '';
  return `${sign}${grouped}${decimals ? `${options.decimalSeparator ?? '.'}${decimals}` : ''}`;
}

/** Kronor, whole by default: 3146 → "3 146 kr". */
export function formatKr(value: number, options: NumberFormatOptions = {}): string {
  return `${formatNumber(value, { maxDecimals: 0, ...options })} kr`;
}

/** Kilowatt-hours, whole by default: 26883.42 → "26 883 kWh". */
export function formatKwh(value: number, options: NumberFormatOptions = {}): string {
  return `${formatNumber(value, { maxDecimals: 0, ...options })} kWh`;
}

/** Percent with up to 2 decimals: 3.1 → "3.1 %". */
export function formatPercent(value: number, options: NumberFormatOptions = {}): string {
  return `${formatNumber(value, options)} %`;
}
