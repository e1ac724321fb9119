// BBR rules (docs/energy.md §1.1–§1.3): EP formula, new-build requirement per Atemp band, class A–G.
import type { EstimatedEpcLabel } from '@home-energy/shared/schemas/energy';
import { ENERGY_CONSTANTS, RULE_VERSION } from './constants';
import { CARRIERS, ENERGY_CLASSES, type BuildingCategory, type Carrier, type EnergyClass } from './types';

const K = ENERGY_CONSTANTS;
const CARRIER_LIST: readonly Carrier[] = CARRIERS;

export type { EstimatedEpcLabel } from '@home-energy/shared/schemas/energy';

/**
 * Delivered energy of one carrier split into the four parts BBR counts (kWh/yr). Household energy is not among them.
 */
export interface EpParts {
  heating: number;
  cooling: number;
  tapWater: number;
  property: number;
}

/**
 * EPpet = Σ_i ((E_uppv,i / F_geo) + E_kyl,i + E_tvv,i + E_f,i) × VF_i / Atemp   [kWh/m²·yr]
 * Only heating is divided by F_geo (docs/energy.md §1.2).
 */
export function primaryEnergyNumber(
  perCarrier: Partial<Record<Carrier, EpParts>>,
  atemp: number,
  fGeo: number,
): number {
  if (!(atemp > 0)) throw new RangeError('Atemp must be positive');
  if (!(fGeo > 0)) throw new RangeError('F_geo must be positive');
  let weighted = 0;
  for (const carrier of CARRIER_LIST) {
    const p = perCarrier[carrier];
    if (!p) continue;
    weighted += (p.heating / fGeo + p.cooling + p.tapWater + p.property) * K.primaryEnergyFactor.value[carrier];
  }
  return weighted / atemp;
}

/** New-build EP requirement (BBR 29 tabell 9:2a); null when none applies (Atemp ≤ 50 m²). */
export function epRequirement(category: BuildingCategory, atemp: number): number | null {
  if (atemp <= K.epRequirementMinAtemp.value) return null;
  if (category === 'multi_dwelling') return K.epRequirementMultiDwelling.value;
  const band = K.epRequirementSmallHouse.value.find((b) => atemp > b.atempAbove);
  return band ? band.ep : null;
}

/** Tolerance for floating-point noise in EP / requirement × 100 (boundaries are inclusive, docs/energy.md §5.1 T1). */
const PERCENT_EPSILON = 1e-9;

const PERCENT = 100;
export function percentOfRequirement(ep: number, requirement: number): number {
  return (ep * PERCENT) / requirement;
}

/**
 * Class from EP relative to the requirement: A ≤ 50 %, B ≤ 75 %, C ≤ 100 %, D ≤ 135 %, E ≤ 180 %, F ≤ 235 %, else G.
 */
export function energyClass(ep: number, requirement: number): EnergyClass {
  const percent = percentOfRequirement(ep, requirement);
  const bands = K.classBandsPercent.value;
  for (let i = 0; i < bands.length; i++) if (percent <= bands[i] + PERCENT_EPSILON) return ENERGY_CLASSES[i];
  return ENERGY_CLASSES[ENERGY_CLASSES.length - 1];
}

/**
 * @deprecated Use EstimatedEpcLabel (shared schema). Kept for callers written before the shared schema; note that the
 * shared `EpcLabelValue` also admits an issued label, this alias does not (the engine only estimates).
 */
export type EpcLabelValue = EstimatedEpcLabel;

export interface EpcLabelInformation {
  type: 'epc_label';
  value: EstimatedEpcLabel;
}

/** EP is shown with one decimal. */
const EP_ROUNDING = 10;
export function epcLabel(
  type: EstimatedEpcLabel['type'],
  ep: number,
  building: { category: BuildingCategory; atemp: number; fGeo: number; fGeoIsEstimate: boolean },
): EpcLabelInformation {
  const requirement = epRequirement(building.category, building.atemp);
  return {
    type: 'epc_label',
    value: {
      type,
      energy_class: requirement === null ? null : energyClass(ep, requirement),
      ep: Math.round(ep * EP_ROUNDING) / EP_ROUNDING,
      ep_requirement: requirement,
      percent_of_requirement: requirement === null ? null : Math.round(percentOfRequirement(ep, requirement)),
      atemp: building.atemp,
      f_geo: building.fGeo,
      f_geo_is_estimate: building.fGeoIsEstimate,
      rule_version: RULE_VERSION,
    },
  };
}
