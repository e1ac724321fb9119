// A measure's name in words, never its key: every page and mail that names a measure (My homes, the installer mails,
// the console's leads and activities) goes through here. The words live in the `energy` texts (shared/src/i18n/energy).
import { ENERGY_TEXTS } from '../i18n/energy';
import { ACTIVITY_TYPES, type ActivityType } from '../schemas/energy';

const TYPES: ReadonlySet<string> = new Set(ACTIVITY_TYPES);

export function isActivityType(key: string): key is ActivityType {
  return TYPES.has(key);
}

/**
 * The `energy` text key of a measure's name, for `t(...)`: a key the engine no longer knows reads as "Other measures"
 * rather than itself.
 */
export function measureTextKey(key: string): `energy:measures.${ActivityType}` {
  return `energy:measures.${isActivityType(key) ? key : 'unspecified'}`;
}

/** A measure's name in a language (mails and other text built outside React). */
export function measureName(language: keyof typeof ENERGY_TEXTS, key: string): string {
  return ENERGY_TEXTS[language].measures[isActivityType(key) ? key : 'unspecified'];
}
