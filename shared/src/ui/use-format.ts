import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../format/date';
import { formatKr, formatKwh, formatNumber, formatPercent, type NumberFormatOptions } from '../format/number';

/**
 * The shared number formats (docs/product.md §9: spaces between thousands, at most 2 decimals) in the page's language.
 */
export function useFormat() {
  const { i18n } = useTranslation('common', { useSuspense: false });
  const swedish = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('sv');
  return useMemo(() => {
    const decimalSeparator: NumberFormatOptions['decimalSeparator'] = swedish ? ',' : '.';
    const withSeparator = (options: NumberFormatOptions = {}) => ({ decimalSeparator, ...options });
    const language = swedish ? 'sv' : 'en';
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
      swedish,
    };
  }, [swedish]);
}

export type Format = ReturnType<typeof useFormat>;
