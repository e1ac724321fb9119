import type { TFunction } from 'i18next';
import { measureTextKey } from '@home-energy/shared/energy/measure-names';

type Group = 'labels' | 'buildingTypes' | 'yearBands' | 'heating' | 'activities' | 'carriers' | 'actions';

// Measures, heating systems and carriers are named once for every remote, in the shared `energy` namespace.
const ENERGY_GROUPS: Partial<Record<Group, string>> = {
  heating: 'energy:heating',
  activities: 'energy:measures',
  carriers: 'energy:carriers',
};

/** A bucket's name in the page's language: known keys have texts; anything else but a measure shows as it is. */
export function bucketLabel(t: TFunction, group: Group, key: string): string {
  // A measure is always its words: one the engine no longer knows reads as "Other measures", never as its key.
  if (group === 'activities') return t(measureTextKey(key));
  const texts = ENERGY_GROUPS[group] ?? `buckets.${group}`;
  return t(`${texts}.${key}`, { defaultValue: key === 'unknown' ? t('buckets.unknown') : key });
}
