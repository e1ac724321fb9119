// Vocabulary of the energy engine (spec §3): carriers, uses, price areas, classes, label types.

export const CARRIERS = [
  'bio',
  'bio_other',
  'bio_tree_pellets_bricks',
  'district_heating',
  'electricity',
  'gas',
  'oil',
  'wood',
] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The spec's energy uses. pv_production is negative: the PV electricity used in the building (it lowers what is bought). */
export const ENERGY_USES = ['space_heating', 'tap_water_heating', 'space_cooling', 'pv_production'] as const;
export type EnergyUse = (typeof ENERGY_USES)[number];

/** Uses outside the spec's list that the model still needs: fastighetsenergi (counts in EP) and hushållsenergi (does not). */
export const OTHER_USES = ['property_electricity', 'household_electricity'] as const;
export type OtherUse = (typeof OTHER_USES)[number];
export type Use = EnergyUse | OtherUse;
export const ALL_USES: readonly Use[] = [...ENERGY_USES, ...OTHER_USES];

export const PRICE_AREAS = ['SE1', 'SE2', 'SE3', 'SE4'] as const;
export type PriceArea = (typeof PRICE_AREAS)[number];

export const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

export type EpcLabelType = 'issued' | 'estimated_measured' | 'estimated_calculated';

/** BBR building category that decides the EP requirement (energy-domain.md §1.3). */
export type BuildingCategory = 'small_house' | 'multi_dwelling';

export type PerCarrier = Record<Carrier, number>;

export function zeroPerUse(): Record<Use, number> {
  return { space_heating: 0, tap_water_heating: 0, space_cooling: 0, pv_production: 0, property_electricity: 0, household_electricity: 0 };
}

export function zeroPerCarrier(): PerCarrier {
  return { bio: 0, bio_other: 0, bio_tree_pellets_bricks: 0, district_heating: 0, electricity: 0, gas: 0, oil: 0, wood: 0 };
}
