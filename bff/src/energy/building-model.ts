// The building model: answers + location → delivered energy per carrier and use, EP and the estimated_calculated label.
// Two runs of the same model: 'standard' (BBR/BEN normal use: 21 °C, 20 kWh/m² tap water) for EP and the label,
// 'actual' (the household's temperature, occupants, fittings) for energy bills and savings.
import type { BuildingInput } from './answers';
import { ENERGY_CONSTANTS } from './constants';
import { epcLabel, primaryEnergyNumber, type EpParts, type EpcLabelInformation } from './epc';
import type { Location } from './location';
import {
  actualTapWaterNeed,
  balanceTemperature,
  freeHeatGains,
  heatLoss,
  householdElectricityPerM2,
  spaceHeatNeed,
  standardTapWaterNeed,
  totalHeatLoss,
  ventilationOf,
} from './model/heat-demand';
import { deliverHeat, isHeatPump, type SystemContext } from './model/heating-systems';
import { pvBalance, type PvBalance } from './model/pv';
import {
  CARRIERS,
  zeroPerCarrier,
  zeroPerUse,
  type BuildingCategory,
  type Carrier,
  type PerCarrier,
  type Use,
} from './types';

// Read once: modelEnergy runs dozens of times per property (imported bindings are getters under the CJS transform).
const K = ENERGY_CONSTANTS;
const CARRIER_LIST: readonly Carrier[] = CARRIERS;

/** What the engine knows about one property: its answers, its place and the year it describes. */
export interface Building {
  input: BuildingInput;
  location: Location;
  year: number;
}

export type ModelMode = 'standard' | 'actual';

export interface EnergyBalance {
  mode: ModelMode;
  /** Net heat the building needs, before system efficiencies (kWh/yr). */
  need: { space_heating: number; tap_water_heating: number };
  /** Bought energy per carrier and use (kWh/yr). electricity.pv_production is −(self-used PV). */
  delivered: Record<Carrier, Record<Use, number>>;
  /** Bought (imported) energy per carrier: the sum over uses. */
  byCarrier: PerCarrier;
  byUse: Record<Use, number>;
  exported: PerCarrier;
  pv: PvBalance;
  /** All carriers bought, kWh/yr. */
  totalImport: number;
  totalExport: number;
}

export function buildingCategory(input: Pick<BuildingInput, 'building_type'>): BuildingCategory {
  return input.building_type === 'flerbostadshus' ? 'multi_dwelling' : 'small_house';
}

// Sums over the uses and carriers, written out by name (a loop over the key lists makes every access a keyed lookup;
// this runs for every model run). Each sum starts at 0 and adds in the order of ALL_USES / CARRIERS.
function sumOfUses(r: Record<Use, number>): number {
  return (
    0 +
    r.space_heating +
    r.tap_water_heating +
    r.space_cooling +
    r.pv_production +
    r.property_electricity +
    r.household_electricity
  );
}

function sumOfCarriers(p: PerCarrier): number {
  return (
    0 + p.bio + p.bio_other + p.bio_tree_pellets_bricks + p.district_heating + p.electricity + p.gas + p.oil + p.wood
  );
}

function sumPerCarrier(d: Record<Carrier, Record<Use, number>>): PerCarrier {
  return {
    bio: sumOfUses(d.bio),
    bio_other: sumOfUses(d.bio_other),
    bio_tree_pellets_bricks: sumOfUses(d.bio_tree_pellets_bricks),
    district_heating: sumOfUses(d.district_heating),
    electricity: sumOfUses(d.electricity),
    gas: sumOfUses(d.gas),
    oil: sumOfUses(d.oil),
    wood: sumOfUses(d.wood),
  };
}

function sumPerUse(d: Record<Carrier, Record<Use, number>>): Record<Use, number> {
  const { bio, bio_other, bio_tree_pellets_bricks, district_heating, electricity, gas, oil, wood } = d;
  return {
    space_heating:
      0 +
      bio.space_heating +
      bio_other.space_heating +
      bio_tree_pellets_bricks.space_heating +
      district_heating.space_heating +
      electricity.space_heating +
      gas.space_heating +
      oil.space_heating +
      wood.space_heating,
    tap_water_heating:
      0 +
      bio.tap_water_heating +
      bio_other.tap_water_heating +
      bio_tree_pellets_bricks.tap_water_heating +
      district_heating.tap_water_heating +
      electricity.tap_water_heating +
      gas.tap_water_heating +
      oil.tap_water_heating +
      wood.tap_water_heating,
    space_cooling:
      0 +
      bio.space_cooling +
      bio_other.space_cooling +
      bio_tree_pellets_bricks.space_cooling +
      district_heating.space_cooling +
      electricity.space_cooling +
      gas.space_cooling +
      oil.space_cooling +
      wood.space_cooling,
    pv_production:
      0 +
      bio.pv_production +
      bio_other.pv_production +
      bio_tree_pellets_bricks.pv_production +
      district_heating.pv_production +
      electricity.pv_production +
      gas.pv_production +
      oil.pv_production +
      wood.pv_production,
    property_electricity:
      0 +
      bio.property_electricity +
      bio_other.property_electricity +
      bio_tree_pellets_bricks.property_electricity +
      district_heating.property_electricity +
      electricity.property_electricity +
      gas.property_electricity +
      oil.property_electricity +
      wood.property_electricity,
    household_electricity:
      0 +
      bio.household_electricity +
      bio_other.household_electricity +
      bio_tree_pellets_bricks.household_electricity +
      district_heating.household_electricity +
      electricity.household_electricity +
      gas.household_electricity +
      oil.household_electricity +
      wood.household_electricity,
  };
}

const zeroUses = zeroPerUse;
function emptyMatrix(): Record<Carrier, Record<Use, number>> {
  return {
    bio: zeroUses(),
    bio_other: zeroUses(),
    bio_tree_pellets_bricks: zeroUses(),
    district_heating: zeroUses(),
    electricity: zeroUses(),
    gas: zeroUses(),
    oil: zeroUses(),
    wood: zeroUses(),
  };
}

/**
 * The place and year the heating systems work in (climate for air-source pumps, age for all pumps), and the house's
 * heat loss and balance temperature when it has a heat pump (what the pump can deliver over the year depends on them).
 */
export function systemContext(building: Building, freeHeatWPerM2: number = K.freeHeatGains.value): SystemContext {
  const { input, location } = building;
  let load: SystemContext['load'] = null;
  if (input.primary_heating_systems.some(isHeatPump)) {
    const heatLossWPerK = totalHeatLoss(heatLoss(input));
    load = { heatLossWPerK, balanceTemperature: balanceTemperature(input, heatLossWPerK, freeHeatWPerM2) };
  }
  return {
    degreeDayRatio: location.degreeDays / location.referenceDegreeDays,
    degreeDays: location.degreeDays,
    year: building.year,
    monthlyMeanC: location.monthlyMeanC,
    load,
  };
}

/** Steps 1–7 of the model: heat need and the energy delivered for heating and tap water per carrier. */
function heating(building: Building, mode: ModelMode) {
  const { input, location } = building;
  const category = buildingCategory(input);
  const indoor = mode === 'standard' ? K.referenceIndoorTemperature.value : input.indoor_temperature;
  const household = householdElectricityPerM2(input, mode);
  const freeHeat = freeHeatGains(K.householdElectricity.value - household);
  const spaceNeed = spaceHeatNeed(input, location, indoor, freeHeat);
  const tapNeed =
    mode === 'standard' ? standardTapWaterNeed(category, input.atemp) : actualTapWaterNeed(input, category);
  const heat = deliverHeat(input, spaceNeed, tapNeed, systemContext(building, freeHeat));
  return { household, spaceNeed, tapNeed, heat };
}

/** Property electricity (fastighetsel), kWh/yr: fans, pumps, controls; more with FTX. */
export function propertyElectricity(input: Pick<BuildingInput, 'ventilation' | 'construction_year' | 'atemp'>): number {
  const ftx = ventilationOf(input) === 'balanced_heat_recovery' ? K.ftxExtraPropertyElectricity.value : 0;
  return (K.propertyElectricity.value + ftx) * input.atemp;
}

export function modelEnergy(building: Building, mode: ModelMode): EnergyBalance {
  const { input, location } = building;
  const { household, spaceNeed, tapNeed, heat } = heating(building, mode);

  const delivered = emptyMatrix();
  for (const c of CARRIER_LIST) {
    delivered[c].space_heating = heat.space_heating[c];
    delivered[c].tap_water_heating = heat.tap_water_heating[c];
  }
  delivered.electricity.property_electricity = propertyElectricity(input);
  delivered.electricity.household_electricity = household * input.atemp;

  const pv = pvBalance(input, location.priceArea, sumOfUses(delivered.electricity));
  delivered.electricity.pv_production = -pv.selfUse;

  const byCarrier = sumPerCarrier(delivered);
  const byUse = sumPerUse(delivered);
  const totalImport = sumOfCarriers(byCarrier);
  const exported = zeroPerCarrier();
  exported.electricity = pv.export;
  return {
    mode,
    need: { space_heating: spaceNeed, tap_water_heating: tapNeed },
    delivered,
    byCarrier,
    byUse,
    exported,
    pv,
    totalImport,
    totalExport: pv.export,
  };
}

/** EP parts per carrier from a balance (heating, cooling, tap water, property energy; household energy never). */
export function epPartsOf(balance: EnergyBalance): Record<Carrier, EpParts> {
  const parts = {} as Record<Carrier, EpParts>;
  for (const c of CARRIER_LIST) {
    const d = balance.delivered[c];
    const pvCredit = K.pvCountsInEp.value ? d.pv_production : 0;
    parts[c] = {
      heating: d.space_heating,
      cooling: d.space_cooling,
      tapWater: d.tap_water_heating,
      property: Math.max(0, d.property_electricity + pvCredit),
    };
  }
  return parts;
}

/**
 * EP of the standard run. While own PV is left out of EP, only heating, tap water and property electricity count, so
 * the PV and household steps are skipped; the parts are the same numbers epPartsOf takes from the full balance.
 */
export function primaryEnergyOf(building: Building): number {
  const { input, location } = building;
  if (K.pvCountsInEp.value)
    return primaryEnergyNumber(epPartsOf(modelEnergy(building, 'standard')), input.atemp, location.fGeo);
  const { heat } = heating(building, 'standard');
  const property = propertyElectricity(input);
  const parts = {} as Record<Carrier, EpParts>;
  for (const c of CARRIER_LIST) {
    parts[c] = {
      heating: heat.space_heating[c],
      cooling: 0,
      tapWater: heat.tap_water_heating[c],
      property: Math.max(0, c === 'electricity' ? property : 0),
    };
  }
  return primaryEnergyNumber(parts, input.atemp, location.fGeo);
}

/** The estimated_calculated epc_label information item. */
export function calculatedLabel(building: Building): EpcLabelInformation {
  return epcLabel('estimated_calculated', primaryEnergyOf(building), {
    category: buildingCategory(building.input),
    atemp: building.input.atemp,
    fGeo: building.location.fGeo,
    fGeoIsEstimate: building.location.fGeoIsEstimate,
  });
}
