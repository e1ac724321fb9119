/**
 * Value sets and row shapes of the property register (demo generator and CSV import share them).
 * Field names follow the product spec §3: addresses (street, postal_code, postal_city) and the building answer keys
 * building_type, construction_year, num_floors, atemp, primary_heating_systems.
 */

/**
 * building_type. The four småhus forms of Swedish statistics plus flerbostadshus (multi-dwelling building):
 * - villa: detached house (friliggande villa)
 * - parhus: semi-detached, two dwellings sharing one wall
 * - radhus: terraced/row house
 * - kedjehus: link-detached, houses joined by garages or outbuildings
 * - flerbostadshus: apartment building (the whole building is one register property)
 */
export const BUILDING_TYPES = ['villa', 'radhus', 'parhus', 'kedjehus', 'flerbostadshus'] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

/** Småhus (one- or two-dwelling houses): every building type except flerbostadshus. */
export const SMALL_HOUSE_TYPES: readonly BuildingType[] = ['villa', 'radhus', 'parhus', 'kedjehus'];

/**
 * primary_heating_systems (a list; a house often has a main system and a supplement, e.g. heat_pump_air + electric_direct):
 * - district_heating: fjärrvärme
 * - heat_pump_air: air-to-air heat pump (luft/luft)
 * - heat_pump_airwater: air-to-water heat pump (luft/vatten) on a waterborne system
 * - heat_pump_geothermal: ground-source / rock heat pump (berg-, jord-, sjövärme)
 * - electric_direct: direct-acting electric radiators (direktverkande el)
 * - electric_waterborne: electric boiler on a waterborne system (vattenburen el, elpanna)
 * - oil: oil boiler
 * - pellets: pellet boiler or stove
 * - wood: wood boiler, stove or fireplace (ved)
 */
export const HEATING_SYSTEMS = [
  'district_heating',
  'heat_pump_air',
  'heat_pump_airwater',
  'heat_pump_geothermal',
  'electric_direct',
  'electric_waterborne',
  'oil',
  'pellets',
  'wood',
] as const;
export type HeatingSystem = (typeof HEATING_SYSTEMS)[number];

/** Energy classes of an issued EPC (BBR, from 2014). */
export const EPC_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EpcClass = (typeof EPC_CLASSES)[number];

export const PRICE_AREAS = ['SE1', 'SE2', 'SE3', 'SE4'] as const;
export type PriceArea = (typeof PRICE_AREAS)[number];

/** The building answers a register row provides (spec §3 building answer keys). */
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

/** "12345" → "123 45" (the written Swedish form). */
export function formatPostalCode(postalCode: string): string {
  return /^\d{5}$/.test(postalCode) ? `${postalCode.slice(0, 3)} ${postalCode.slice(3)}` : postalCode;
}

/** A property's display name (spec §3: name = the address): "Björkvägen 12, 123 45 Ort". */
export function propertyName(address: { street: string; postal_code: string; postal_city: string }): string {
  return `${address.street}, ${formatPostalCode(address.postal_code)} ${address.postal_city}`;
}
