// The shared formats in one language, outside React: what `useFormat` (shared/src/ui/use-format.ts) gives a page, for
// text built in the BFF (the readable page of "Download my data") to say figures as the dashboard does.
import { formatDate, formatDateTime } from './date';
import { formatKr, formatKwh, formatNumber, formatPercent, type NumberFormatOptions } from './number';

/** Numbers, money, energy, years and times as the product shows them in `language` (docs/product.md §9). */
export function formatsFor(language: 'sv' | 'en') {
  const decimalSeparator: NumberFormatOptions['decimalSeparator'] = language === 'sv' ? ',' : '.';
  const withSeparator = (options: NumberFormatOptions = {}) => ({ decimalSeparator, ...options });
  return {
    number: (value: number, options?: NumberFormatOptions) => formatNumber(value, withSeparator(options)),
    kr: (value: number, options?: NumberFormatOptions) => formatKr(value, withSeparator(options)),
    kwh: (value: number, options?: NumberFormatOptions) => formatKwh(value, withSeparator(options)),
    percent: (value: number, options?: NumberFormatOptions) => formatPercent(value, withSeparator(options)),
    /** Years, 1 decimal: 7.43 → "7.4". */
    years: (value: number) => formatNumber(value, withSeparator({ maxDecimals: 1 })),
    /** Tonnes from kilograms, 1 decimal. */
    tonnes: (kg: number) => `${formatNumber(kg / 1000, withSeparator({ maxDecimals: 1 }))} t`,
    /** A YYYY-MM-DD day. */
    day: (day: string) => formatDate(day, language),
    time: (iso: string) => formatDateTime(iso, language),
    swedish: language === 'sv',
  };
}

export type Formats = ReturnType<typeof formatsFor>;
