// The building model: answers + location → delivered energy per carrier and use, EP and the estimated_calculated label.
// Two runs of the same model: 'standard' (BBR/BEN normal use: 21 °C, 20 kWh/m² tap water) for EP and the label,
// 'actual' (the household's temperature, occupants, fittings) for energy bills and savings.
import type { BuildingInput } from './answers';
import { ENERGY_CONSTANTS as K } from './constants';
import { epcLabel, primaryEnergyNumber, type EpParts, type EpcLabelInformation } from './epc';
import type { Location } from './location';
import { actualTapWaterNeed, spaceHeatNeed, standardTapWaterNeed } from './model/heat-demand';
import { deliverHeat } from './model/heating-systems';
import { pvBalance, type PvBalance } from './model/pv';
import { ALL_USES, CARRIERS, zeroPerCarrier, zeroPerUse, type BuildingCategory, type Carrier, type PerCarrier, type Use } from './types';

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

function emptyMatrix(): Record<Carrier, Record<Use, number>> {
  return {
    bio: zeroPerUse(), bio_other: zeroPerUse(), bio_tree_pellets_bricks: zeroPerUse(), district_heating: zeroPerUse(),
    electricity: zeroPerUse(), gas: zeroPerUse(), oil: zeroPerUse(), wood: zeroPerUse(),
  };
}

export function modelEnergy(building: Building, mode: ModelMode): EnergyBalance {
  const { input, location } = building;
  const category = buildingCategory(input);
  const indoor = mode === 'standard' ? K.referenceIndoorTemperature.value : input.indoor_temperature;
  const spaceNeed = spaceHeatNeed(input, location, indoor);
  const tapNeed = mode === 'standard' ? standardTapWaterNeed(category, input.atemp) : actualTapWaterNeed(input, category);
  const heat = deliverHeat(input, spaceNeed, tapNeed, {
    degreeDayRatio: location.degreeDays / location.referenceDegreeDays,
    year: building.year,
  });

  const delivered = emptyMatrix();
  for (const c of CARRIERS) {
    delivered[c].space_heating = heat.space_heating[c];
    delivered[c].tap_water_heating = heat.tap_water_heating[c];
  }
  const ftx = input.ventilation === 'balanced_heat_recovery' ? K.ftxExtraPropertyElectricity.value : 0;
  delivered.electricity.property_electricity = (K.propertyElectricity.value + ftx) * input.atemp;
  delivered.electricity.household_electricity = K.householdElectricity.value * input.atemp;

  const electricityUse = ALL_USES.reduce((sum, u) => sum + delivered.electricity[u], 0);
  const pv = pvBalance(input, location.priceArea, electricityUse);
  delivered.electricity.pv_production = -pv.selfUse;

  const byCarrier = zeroPerCarrier();
  const byUse = zeroPerUse();
  for (const c of CARRIERS) {
    for (const u of ALL_USES) {
      byCarrier[c] += delivered[c][u];
      byUse[u] += delivered[c][u];
    }
  }
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
    totalImport: CARRIERS.reduce((sum, c) => sum + byCarrier[c], 0),
    totalExport: pv.export,
  };
}

/** EP parts per carrier from a balance (heating, cooling, tap water, property energy; household energy never). */
export function epPartsOf(balance: EnergyBalance): Record<Carrier, EpParts> {
  const parts = {} as Record<Carrier, EpParts>;
  for (const c of CARRIERS) {
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

export function primaryEnergyOf(building: Building): number {
  return primaryEnergyNumber(epPartsOf(modelEnergy(building, 'standard')), building.input.atemp, building.location.fGeo);
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
