import { useTranslation } from 'react-i18next';

/** Dates and times in the page's language. */
export function useDateTimeFormat(): Intl.DateTimeFormat {
  const { i18n } = useTranslation('admin');
  return new Intl.DateTimeFormat(i18n.language === 'sv' ? 'sv-SE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
}
