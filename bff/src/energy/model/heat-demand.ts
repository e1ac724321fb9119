// Net heat need (kWh/yr): space heating by the degree-day method, tap water per person or per BEN standard.
import type { BuildingInput, Ventilation } from '../answers';
import { ENERGY_CONSTANTS } from '../constants';
import type { BuildingCategory } from '../types';
import { archetypeFor } from './archetype';
import { envelopeOf } from './geometry';

// Read once: the model runs dozens of times per property, and an imported binding is a getter under the CJS transform.
const K = ENERGY_CONSTANTS;
const DAYS_PER_MONTH = K.daysPerMonth.value;
const SPREAD = K.degreeDaySpread.value;

/** Heat loss coefficient per element, W/K. */
export interface HeatLoss {
  wall: number;
  window: number;
  door: number;
  roof: number;
  floor: number;
  basementWall: number;
  ventilation: number;
}

/** U of a layer of insulation added in series: 1 / (1/U + d/λ). */
function withAddedInsulation(u: number, addedMm: number): number {
  return 1 / (1 / u + addedMm / K.mmPerM.value / K.insulationConductivity.value);
}

export function atticU(insulationMm: number): number {
  const fitted = 1 / (K.atticOtherResistance.value + insulationMm / K.mmPerM.value / K.insulationConductivity.value);
  return Math.min(K.atticBareU.value, fitted);
}

export function atticInsulationMm(input: Pick<BuildingInput, 'attic_insulation_mm' | 'construction_year'>): number {
  return input.attic_insulation_mm ?? archetypeFor(input.construction_year).atticInsulationMm;
}

/** U of the glazing as answered (or typical of the era), without a window film. */
export function glazingU(input: Pick<BuildingInput, 'window_type' | 'construction_year'>): number {
  return input.window_type === 'unknown'
    ? archetypeFor(input.construction_year).windowU
    : K.windowU.value[input.window_type];
}

/**
 * A low-e window film helps 1- and 2-pane glazing only (U at or above the 2-pane value); better glazing has low-e
 * already.
 */
export function windowFilmApplies(input: Pick<BuildingInput, 'window_type' | 'construction_year'>): boolean {
  return glazingU(input) >= K.windowU.value.double;
}

/** U of the windows: the glazing, improved on its glass part by a low-e film where the answers say one is fitted. */
export function windowU(input: Pick<BuildingInput, 'window_type' | 'construction_year' | 'window_film'>): number {
  const u = glazingU(input);
  if (!input.window_film || u < K.windowU.value.double) return u;
  const glass = K.windowGlazedShare.value;
  return (1 - glass) * u + glass / (1 / u + K.windowFilmAddedResistance.value);
}

export function doorU(input: Pick<BuildingInput, 'door_type' | 'construction_year'>): number {
  return input.door_type === 'original' ? archetypeFor(input.construction_year).doorU : K.doorU.value[input.door_type];
}

/**
 * The ventilation the house has: as answered, or when unknown the era's typical one, natural draught up to 1975 and an
 * exhaust fan from 1976 (constants.fanVentilationFromYear); an unknown ventilation is never taken for FTX.
 */
export function ventilationOf(input: Pick<BuildingInput, 'ventilation' | 'construction_year'>): Ventilation {
  if (input.ventilation !== 'unknown') return input.ventilation;
  return input.construction_year >= K.fanVentilationFromYear.value ? 'exhaust' : 'natural';
}

/**
 * Outdoor air the heating warms, l/s·m² Atemp, before the era's extra leakage: a fan system runs at BBR's 0.35 (a
 * quarter of it with FTX recovery); natural draught gives what was measured in Swedish småhus, 0.33 air changes an
 * hour of the rooms' volume (README "Calibration").
 */
export function ventilationAirflow(
  input: Pick<BuildingInput, 'ventilation' | 'construction_year' | 'ceiling_height'>,
): number {
  const ventilation = ventilationOf(input);
  if (ventilation === 'natural') {
    return (K.naturalVentilationAirChange.value * input.ceiling_height) / K.secondsPerHour.value;
  }
  const recovery = ventilation === 'balanced_heat_recovery' ? K.ftxHeatRecovery.value : 0;
  return K.ventilationAirflow.value * (1 - recovery);
}

export function heatLoss(input: BuildingInput): HeatLoss {
  const era = archetypeFor(input.construction_year);
  const area = envelopeOf(input);
  const floorFactor = input.basement === 'unheated' ? K.unheatedBasementFloorFactor.value : 1;
  const airflow = ventilationAirflow(input) + era.extraInfiltrationLsM2;
  return {
    wall: area.wall * withAddedInsulation(era.wallU, input.wall_insulation_added_mm),
    window: area.window * windowU(input),
    door: area.door * doorU(input),
    roof: area.roof * atticU(atticInsulationMm(input)),
    floor: area.floor * era.floorU * floorFactor,
    basementWall: area.basementWall * K.heatedBasementWallU.value,
    ventilation: airflow * input.atemp * K.airHeatCapacity.value,
  };
}

export function totalHeatLoss(loss: HeatLoss): number {
  return loss.wall + loss.window + loss.door + loss.roof + loss.floor + loss.basementWall + loss.ventilation;
}

/** The climate a house sits in: normal-year degree days (base 17 °C) at the place, and the year's monthly shape. */
export interface Climate {
  degreeDays: number;
  monthlyMeanC: readonly number[];
}

/** Degree days per day of a month whose mean is `difference` K below the base (Hitchin: daily temperatures spread). */
function degreeDaysPerDay(difference: number): number {
  return Math.abs(difference) < 1e-9 ? 1 / SPREAD : difference / (1 - Math.exp(-SPREAD * difference));
}

/** Degree days of a monthly temperature profile at a base temperature: Σ days × hitchin(base − T_month). */
export function monthlyDegreeDays(monthlyMeanC: readonly number[], base: number): number {
  let sum = 0;
  for (let i = 0; i < monthlyMeanC.length; i++) sum += DAYS_PER_MONTH[i] * degreeDaysPerDay(base - monthlyMeanC[i]);
  return sum;
}

/** The profile's degree days at the SMHI base (17 °C), computed once per climate town's monthly means. */
const degreeDaysAtBase = new WeakMap<readonly number[], number>();
function monthlyDegreeDaysAtBase(monthlyMeanC: readonly number[]): number {
  let atBase = degreeDaysAtBase.get(monthlyMeanC);
  if (atBase === undefined) {
    atBase = monthlyDegreeDays(monthlyMeanC, K.degreeDayBase.value);
    degreeDaysAtBase.set(monthlyMeanC, atBase);
  }
  return atBase;
}

/**
 * The profile's degree days at recent balance temperatures. One property's model runs share a few: measures that leave
 * the envelope and the free heat alone (heat pumps, solar, fittings) and the label's runs repeat them. Kept small per
 * climate town (emptied when full), so a long-running server holds a few hundred numbers.
 */
const RECENT_BALANCES = 64;
const degreeDaysAtBalanceOf = new WeakMap<readonly number[], Map<number, number>>();
function monthlyDegreeDaysAtBalance(monthlyMeanC: readonly number[], balanceTemperature: number): number {
  let recent = degreeDaysAtBalanceOf.get(monthlyMeanC);
  if (recent === undefined) degreeDaysAtBalanceOf.set(monthlyMeanC, (recent = new Map()));
  let degreeDays = recent.get(balanceTemperature);
  if (degreeDays === undefined) {
    degreeDays = monthlyDegreeDays(monthlyMeanC, balanceTemperature);
    if (recent.size >= RECENT_BALANCES) recent.clear();
    recent.set(balanceTemperature, degreeDays);
  }
  return degreeDays;
}

/** Degree days at the house's balance temperature: the place's base-17 value scaled by the monthly profile. */
export function degreeDaysAtBalance(climate: Climate, balanceTemperature: number): number {
  const atBase = monthlyDegreeDaysAtBase(climate.monthlyMeanC);
  if (!(atBase > 0)) return 0;
  return (climate.degreeDays * monthlyDegreeDaysAtBalance(climate.monthlyMeanC, balanceTemperature)) / atBase;
}

/**
 * Free heat, W/m² Atemp: 7 W/m² (household electricity 3.4, people, sun) less the household electricity that efficient
 * appliances and products save in the actual run (its waste heat warmed the house; the heating now makes up for it).
 */
export function freeHeatGains(householdElectricitySavedKwhPerM2: number): number {
  return K.freeHeatGains.value - (householdElectricitySavedKwhPerM2 * K.whPerKwh.value) / K.hoursPerYear.value;
}

/** Balance temperature: below it the heating runs; free heat (people, appliances, sun) covers the rest. */
export function balanceTemperature(
  input: Pick<BuildingInput, 'atemp'>,
  heatLossWPerK: number,
  freeHeatWPerM2: number = K.freeHeatGains.value,
): number {
  return K.referenceIndoorTemperature.value - (freeHeatWPerM2 * input.atemp) / heatLossWPerK;
}

/**
 * Q = H × degree days at the balance temperature × 24 h / 1000, then ±5 % per °C from the reference indoor temperature
 * (indoorTemperatureSensitivity). Smart control lowers the heat its systems deliver (heating-systems.ts). Better
 * insulation lowers H and the balance temperature, so measures interact.
 */
export function spaceHeatNeed(
  input: BuildingInput,
  climate: Climate,
  indoorTemperature: number,
  freeHeatWPerM2: number = K.freeHeatGains.value,
): number {
  const h = totalHeatLoss(heatLoss(input));
  const degreeDays = degreeDaysAtBalance(climate, balanceTemperature(input, h, freeHeatWPerM2));
  const base = (h * degreeDays * K.hoursPerDay.value) / K.whPerKwh.value;
  const temperature =
    1 + K.indoorTemperatureSensitivity.value * (indoorTemperature - K.referenceIndoorTemperature.value);
  return Math.max(0, base * temperature);
}

export function standardTapWaterNeed(category: BuildingCategory, atemp: number): number {
  const perM2 = category === 'small_house' ? K.standardTapWaterSmallHouse.value : K.standardTapWaterMultiDwelling.value;
  return perM2 * atemp;
}

/** For bills: occupants × 1 170 kWh (less with low-flow fittings); unknown occupants → the BEN standard. */
export function actualTapWaterNeed(input: BuildingInput, category: BuildingCategory): number {
  const base =
    input.occupants === null
      ? standardTapWaterNeed(category, input.atemp)
      : input.occupants * K.tapWaterPerPerson.value;
  return input.low_flush_faucets ? base * (1 - K.lowFlushTapWaterReduction.value) : base;
}

/**
 * Household electricity, kWh/m² Atemp·yr: BEN 30 (the label's normal use); less with efficient appliances and products.
 */
export function householdElectricityPerM2(
  input: Pick<BuildingInput, 'appliances' | 'energy_reducing_products'>,
  mode: 'standard' | 'actual',
): number {
  const ben = K.householdElectricity.value;
  if (mode === 'standard') return ben;
  const appliances = input.appliances === 'efficient' ? 1 - K.efficientAppliancesSaving.value : 1;
  const products = input.energy_reducing_products ? 1 - K.energyReducingProductsSaving.value : 1;
  return ben * appliances * products;
}
