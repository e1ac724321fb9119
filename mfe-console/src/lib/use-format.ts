import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKr, formatKwh, formatNumber, formatPercent, type NumberFormatOptions } from '@home-energy/shared';

/** The shared number formats (spec §9: spaces between thousands, at most 2 decimals) in the page's language. */
export function useFormat() {
  const { i18n } = useTranslation('console');
  const swedish = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('sv');
  return useMemo(() => {
    const decimalSeparator: NumberFormatOptions['decimalSeparator'] = swedish ? ',' : '.';
    const withSeparator = (options: NumberFormatOptions = {}) => ({ decimalSeparator, ...options });
    const dates = new Intl.DateTimeFormat(swedish ? 'sv-SE' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
    const times = new Intl.DateTimeFormat(swedish ? 'sv-SE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    return {
      number: (value: number, options?: NumberFormatOptions) => formatNumber(value, withSeparator(options)),
      kr: (value: number, options?: NumberFormatOptions) => formatKr(value, withSeparator(options)),
      kwh: (value: number, options?: NumberFormatOptions) => formatKwh(value, withSeparator(options)),
      percent: (value: number, options?: NumberFormatOptions) => formatPercent(value, withSeparator(options)),
      /** Tonnes from kilograms, 1 decimal. */
      tonnes: (kg: number) => `${formatNumber(kg / 1000, withSeparator({ maxDecimals: 1 }))} t`,
      /** A YYYY-MM-DD day. */
      day: (day: string) => dates.format(new Date(`${day}T00:00:00Z`)),
      time: (iso: string) => times.format(new Date(iso)),
      swedish,
    };
  }, [swedish]);
}

export type Format = ReturnType<typeof useFormat>;
