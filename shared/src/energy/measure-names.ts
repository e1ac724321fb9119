// A measure's name in words, never its key: every page and mail that names a measure (My homes, the installer mails,
// the console's leads and activities) goes through here. The words live in the `energy` texts (shared/src/i18n/energy).
// Pure data and types only: a remote imports this module by its own path and bundles it, so it works whatever copy of
// the shared package the shell provides (docs/decisions/federation-singletons.md).
import { ENERGY_TEXTS } from '../i18n/energy';
import type { ActivityType } from '../schemas/energy';

// The measures with names (every engine measure has one: tested beside this module).
const TYPES: ReadonlySet<string> = new Set(Object.keys(ENERGY_TEXTS.en.measures));

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
