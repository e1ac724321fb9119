import type { TFunction } from 'i18next';

/** A bucket's name in the page's language: known keys have texts; anything else shows as it is. */
export function bucketLabel(t: TFunction, group: 'labels' | 'buildingTypes' | 'yearBands' | 'heating' | 'activities' | 'carriers' | 'actions', key: string): string {
  return t(`buckets.${group}.${key}`, { defaultValue: key === 'unknown' ? t('buckets.unknown') : key });
}
