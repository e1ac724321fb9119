/**
 * Value sets and row shapes of the property register (demo generator and CSV import share them).
 * Field names follow docs/product.md §3: addresses (street, postal_code, postal_city) and the building answer keys
 * building_type, construction_year, num_floors, atemp, primary_heating_systems.
 */

// The value sets are the shared energy vocabulary (@home-energy/shared/schemas/energy), one source for the register,
// the energy engine and the remotes. Their meanings are documented there and in README.md of this folder.
import {
  BUILDING_TYPES,
  ENERGY_CLASSES,
  type BuildingType,
  type EnergyClass,
  type HeatingSystem,
} from '@home-energy/shared/schemas/energy';
import { formatPostcode } from '@home-energy/shared/format/postcode';

export {
  BUILDING_TYPES,
  HEATING_SYSTEMS,
  PRICE_AREAS,
  type BuildingType,
  type HeatingSystem,
  type PriceArea,
} from '@home-energy/shared/schemas/energy';

/** Småhus (one- or two-dwelling houses): every building type except flerbostadshus. */
export const SMALL_HOUSE_TYPES: readonly BuildingType[] = BUILDING_TYPES.filter((t) => t !== 'flerbostadshus');

/**
 * The heating systems the demo generator mixes (our estimate of the common ones). The CSV import accepts every one of
 * the shared HEATING_SYSTEMS; the generator simply never draws heat_pump_exhaust_air, gas, bio or bio_other.
 */
export const REGISTER_HEATING_MIX = [
  'district_heating',
  'heat_pump_air',
  'heat_pump_airwater',
  'heat_pump_geothermal',
  'electric_direct',
  'electric_waterborne',
  'oil',
  'pellets',
  'wood',
] as const satisfies readonly HeatingSystem[];
export type RegisterHeatingSystem = (typeof REGISTER_HEATING_MIX)[number];

/** Energy classes of an issued EPC (BBR, from 2014): the shared ENERGY_CLASSES. */
export const EPC_CLASSES = ENERGY_CLASSES;
export type EpcClass = EnergyClass;

/** The building answers a register row provides (docs/product.md §3 building answer keys). */
export interface RegisterBuilding {
  building_type: BuildingType;
  /** Year, integer. */
  construction_year: number;
  /** Whole storeys above ground; null when unknown (CSV import only). */
  num_floors: number | null;
  /** Heated floor area Atemp, m², integer. */
  atemp: number;
  /** At least one; the first is the main system. */
  primary_heating_systems: HeatingSystem[];
}

/** An issued energy performance certificate (energideklaration) as the register knows it. */
export interface IssuedEpc {
  class: EpcClass;
  /** ISO date YYYY-MM-DD. */
  issued_at: string;
}

/** What every register row has, whatever its origin. */
export interface RegisterProperty {
  /** Street name and house number, e.g. "Björkvägen 12A". */
  street: string;
  /** Five digits, no space. */
  postal_code: string;
  postal_city: string;
  building: RegisterBuilding;
  epc: IssuedEpc | null;
}

/** "12345" → "123 45": the written Swedish form, as every page and mail shows it. */
export const formatPostalCode = formatPostcode;

/** A property's display name (docs/product.md §3: name = the address): "Björkvägen 12, 123 45 Ort". */
export function propertyName(address: { street: string; postal_code: string; postal_city: string }): string {
  return `${address.street}, ${formatPostalCode(address.postal_code)} ${address.postal_city}`;
}
