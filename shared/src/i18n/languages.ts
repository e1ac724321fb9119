/** The languages of the product: every text exists in each. */
export const LANGUAGES = ['en', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The product language an i18next instance shows (its resolved language, else English). */
export function languageOf(i18n: { resolvedLanguage?: string; language?: string }): Language {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : 'en';
}
