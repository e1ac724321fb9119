import i18next, { type i18n as I18n } from 'i18next';
import en from '../locales/en/common.json';
import sv from '../locales/sv/common.json';

/** An i18next instance with only the shell's `common` texts: what the shared UI pieces read. */
export function commonTestI18n(lng: 'en' | 'sv' = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: en }, sv: { common: sv } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export const commonTexts = { en, sv };
