// The names of the engine's measures, heating systems and energy carriers, in sv and en: the one place they are
// written. Every remote and the BFF's mails read them from here. The texts travel inside the shared package (no fetch).
import type { i18n as I18n } from 'i18next';
import en from './energy/en.json';
import sv from './energy/sv.json';

/** The namespace: `t('energy:measures.insulation_attic')`, `t('energy:heating.oil')`, `t('energy:carriers.gas')`. */
export const ENERGY_NS = 'energy';

export const ENERGY_TEXTS = { en, sv } as const;

/** Adds the energy names to an i18n instance, once. */
export function addEnergyTexts(i18n: Pick<I18n, 'hasResourceBundle' | 'addResourceBundle'>): void {
  if (i18n.hasResourceBundle('en', ENERGY_NS)) return;
  i18n.addResourceBundle('en', ENERGY_NS, en, true, true);
  i18n.addResourceBundle('sv', ENERGY_NS, sv, true, true);
}
