import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

import { addEnergyTexts } from './energy';
import { LANGUAGES, languageOf, type Language } from './languages';

export { LANGUAGES, type Language } from './languages';

/** Namespaces shipped inside a remote's release are read from that release's URL; the rest from /locales. */
const namespaceBases = new Map<string, string>();

// Loads of remotes' texts still under way (registerNamespaceBase), for registeredTextsLoaded.
const pendingTexts = new Set<Promise<unknown>>();

export function registerNamespaceBase(namespace: string, baseUrl: string): void {
  namespaceBases.set(namespace, baseUrl.replace(/\/$/, ''));
  // A remote registers its texts when its App module runs, possibly on a link's hover (shell preloading): fetch them
  // now rather than when it first renders, or as soon as the page's i18n is ready (never initialises it itself).
  const loading = new Promise<unknown>((resolve) => {
    if (i18n.isInitialized) {
      resolve(i18n.loadNamespaces(namespace));
      return;
    }
    const onInitialized = () => {
      i18n.off('initialized', onInitialized);
      resolve(i18n.loadNamespaces(namespace));
    };
    i18n.on('initialized', onInitialized);
  });
  pendingTexts.add(loading);
  const settled = () => pendingTexts.delete(loading);
  loading.then(settled, settled);
}

/**
 * Resolves once the texts registered so far have loaded (or failed), or after `limitMs`: a remote rendered after it
 * shows its page at once instead of suspending on them (React holds back the reveal of a Suspense fallback it has
 * just shown by up to 300 ms).
 */
export function registeredTextsLoaded(limitMs: number): Promise<void> {
  if (pendingTexts.size === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    Promise.all(pendingTexts).then(done, done);
  });
}

function loadPath(_lngs: string[], namespaces: string[]): string {
  const base = namespaceBases.get(namespaces[0]) ?? '/locales';
  return `${base}/{{lng}}/{{ns}}.json`;
}

/** The one i18next instance of the page (a federation singleton through the shared package). */
export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | null = null;

/** <html lang> as the page's language: screen readers read the page with that language's rules. */
function keepDocumentLanguage(): void {
  if (typeof document === 'undefined') return;
  const lng = languageOf(i18n);
  if (document.documentElement.lang !== lng) document.documentElement.lang = lng;
}

export function initI18n(): Promise<unknown> {
  // The server writes lang by the same rule (?lang=, the `lang` cookie, the browser's languages): web/static.ts.
  if (!initialised) i18n.on('languageChanged', keepDocumentLanguage);
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
      // docs/product.md §9: up to 5 retries, 350 ms doubling, at most 10 parallel reads.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      interpolation: { escapeValue: false },
      detection: {
        // The cookie so the server answers the next page in the same language from its first byte; localStorage
        // for a choice made before the cookie was kept.
        order: ['querystring', 'cookie', 'localStorage', 'navigator'],
        lookupQuerystring: 'lang',
        lookupCookie: 'lang',
        lookupLocalStorage: 'lang',
        caches: ['localStorage', 'cookie'],
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
      backend: { loadPath },
      react: { useSuspense: true },
    })
    .then((t) => {
      addEnergyTexts(i18n);
      return t;
    });
  return initialised;
}

export function currentLanguage(): Language {
  return languageOf(i18n);
}

/** Switches the language of every remote at once and keeps the <html lang> attribute true. */
export async function changeLanguage(lng: Language): Promise<void> {
  await i18n.changeLanguage(lng);
  keepDocumentLanguage();
}
