import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKr, formatKwh, formatNumber, formatPercent, type NumberFormatOptions } from '@home-energy/shared';

/** The shared number formats with the decimal separator of the page's language (a comma in Swedish). */
export function useFormat() {
  const { i18n } = useTranslation('results');
  const swedish = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('sv');
  return useMemo(() => {
    const decimalSeparator: NumberFormatOptions['decimalSeparator'] = swedish ? ',' : '.';
    const withSeparator = (options: NumberFormatOptions = {}) => ({ decimalSeparator, ...options });
    return {
      number: (value: number, options?: NumberFormatOptions) => formatNumber(value, withSeparator(options)),
      kr: (value: number, options?: NumberFormatOptions) => formatKr(value, withSeparator(options)),
      kwh: (value: number, options?: NumberFormatOptions) => formatKwh(value, withSeparator(options)),
      percent: (value: number, options?: NumberFormatOptions) => formatPercent(value, withSeparator(options)),
      /** Years, 1 decimal: 7.43 → "7.4". */
      years: (value: number) => formatNumber(value, withSeparator({ maxDecimals: 1 })),
    };
  }, [swedish]);
}

export type Format = ReturnType<typeof useFormat>;
