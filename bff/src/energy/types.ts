// Vocabulary of the energy engine. The docs/product.md §3 words (carriers, uses, price areas, classes, label types)
// come from the one shared schema (@home-energy/shared/schemas/energy); only what the engine alone needs is defined
// here.
import { ENERGY_USES, type EnergyUse, type PerCarrier } from '@home-energy/shared/schemas/energy';

export {
  CARRIERS,
  ENERGY_CLASSES,
  ENERGY_USES,
  EPC_LABEL_TYPES,
  PRICE_AREAS,
  type Carrier,
  type EnergyClass,
  type EnergyUse,
  type EpcLabelType,
  type PerCarrier,
  type PriceArea,
} from '@home-energy/shared/schemas/energy';

/**
 * Uses outside the spec's list that the model still needs: fastighetsenergi (counts in EP) and hushållsenergi (does
 * not).
 */
export const OTHER_USES = ['property_electricity', 'household_electricity'] as const;
export type OtherUse = (typeof OTHER_USES)[number];
export type Use = EnergyUse | OtherUse;
export const ALL_USES: readonly Use[] = [...ENERGY_USES, ...OTHER_USES];

/** BBR building category that decides the EP requirement (docs/energy.md §1.3). */
export type BuildingCategory = 'small_house' | 'multi_dwelling';

export function zeroPerUse(): Record<Use, number> {
  return {
    space_heating: 0,
    tap_water_heating: 0,
    space_cooling: 0,
    pv_production: 0,
    property_electricity: 0,
    household_electricity: 0,
  };
}

export function zeroPerCarrier(): PerCarrier {
  return {
    bio: 0,
    bio_other: 0,
    bio_tree_pellets_bricks: 0,
    district_heating: 0,
    electricity: 0,
    gas: 0,
    oil: 0,
    wood: 0,
  };
}
