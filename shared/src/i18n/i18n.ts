import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Namespaces shipped inside a remote's release are read from that release's URL; the rest from /locales. */
const namespaceBases = new Map<string, string>();

export function registerNamespaceBase(namespace: string, baseUrl: string): void {
  namespaceBases.set(namespace, baseUrl.replace(/\/$/, ''));
  // A remote registers its texts when its App module runs, possibly on a link's hover (shell preloading): fetch them
  // now rather than when it first renders, or as soon as the page's i18n is ready (never initialises it itself).
  if (i18n.isInitialized) {
    void i18n.loadNamespaces(namespace);
    return;
  }
  const onInitialized = () => {
    i18n.off('initialized', onInitialized);
    void i18n.loadNamespaces(namespace);
  };
  i18n.on('initialized', onInitialized);
}

function loadPath(_lngs: string[], namespaces: string[]): string {
  const base = namespaceBases.get(namespaces[0]) ?? '/locales';
  return `${base}/{{lng}}/{{ns}}.json`;
}

/** The one i18next instance of the page (a federation singleton through the shared package). */
export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | null = null;

export function initI18n(): Promise<unknown> {
  initialised ??= i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      ns: ['common'],
      defaultNS: 'common',
      // spec §9: up to 5 retries, 350 ms doubling, at most 10 parallel reads.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      interpolation: { escapeValue: false },
      detection: {
        order: ['querystring', 'localStorage', 'navigator'],
        lookupQuerystring: 'lang',
        lookupLocalStorage: 'lang',
        caches: ['localStorage'],
      },
      backend: { loadPath },
      react: { useSuspense: true },
    });
  return initialised;
}

export function currentLanguage(): Language {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : 'en';
}

/** Switches the language of every remote at once and keeps the <html lang> attribute true. */
export async function changeLanguage(lng: Language): Promise<void> {
  await i18n.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
