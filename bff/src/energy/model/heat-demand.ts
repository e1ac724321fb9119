// Net heat need (kWh/yr): space heating by the degree-day method, tap water per person or per BEN standard.
import type { BuildingInput } from '../answers';
import { ENERGY_CONSTANTS as K } from '../constants';
import type { BuildingCategory } from '../types';
import { archetypeFor } from './archetype';
import { envelopeOf } from './geometry';

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
  return 1 / (K.atticOtherResistance.value + insulationMm / K.mmPerM.value / K.insulationConductivity.value);
}

export function atticInsulationMm(input: Pick<BuildingInput, 'attic_insulation_mm' | 'construction_year'>): number {
  return input.attic_insulation_mm ?? archetypeFor(input.construction_year).atticInsulationMm;
}

export function windowU(input: Pick<BuildingInput, 'window_type' | 'construction_year'>): number {
  return input.window_type === 'unknown' ? archetypeFor(input.construction_year).windowU : K.windowU.value[input.window_type];
}

export function doorU(input: Pick<BuildingInput, 'door_type' | 'construction_year'>): number {
  return input.door_type === 'original' ? archetypeFor(input.construction_year).doorU : K.doorU.value[input.door_type];
}

export function heatLoss(input: BuildingInput): HeatLoss {
  const era = archetypeFor(input.construction_year);
  const area = envelopeOf(input);
  const floorFactor = input.basement === 'unheated' ? K.unheatedBasementFloorFactor.value : 1;
  const recovery = input.ventilation === 'balanced_heat_recovery' ? K.ftxHeatRecovery.value : 0;
  const airflow = K.ventilationAirflow.value * (1 - recovery) + era.extraInfiltrationLsM2;
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
  const k = K.degreeDaySpread.value;
  return Math.abs(difference) < 1e-9 ? 1 / k : difference / (1 - Math.exp(-k * difference));
}

/** Degree days of a monthly temperature profile at a base temperature: Σ days × hitchin(base − T_month). */
export function monthlyDegreeDays(monthlyMeanC: readonly number[], base: number): number {
  return monthlyMeanC.reduce((sum, t, i) => sum + K.daysPerMonth.value[i] * degreeDaysPerDay(base - t), 0);
}

/** Degree days at the house's balance temperature: the place's base-17 value scaled by the monthly profile. */
export function degreeDaysAtBalance(climate: Climate, balanceTemperature: number): number {
  const atBase = monthlyDegreeDays(climate.monthlyMeanC, K.degreeDayBase.value);
  return atBase > 0 ? (climate.degreeDays * monthlyDegreeDays(climate.monthlyMeanC, balanceTemperature)) / atBase : 0;
}

/** Balance temperature: below it the heating runs; free heat (people, appliances, sun) covers the rest. */
export function balanceTemperature(input: Pick<BuildingInput, 'atemp'>, heatLossWPerK: number): number {
  return K.referenceIndoorTemperature.value - (K.freeHeatGains.value * input.atemp) / heatLossWPerK;
}

/**
 * Q = H × degree days at the balance temperature × 24 h / 1000, then ±5 % per °C from the reference indoor temperature
 * (§2.6) and the smart-control saving. Better insulation lowers H and the balance temperature, so measures interact.
 */
export function spaceHeatNeed(input: BuildingInput, climate: Climate, indoorTemperature: number): number {
  const h = totalHeatLoss(heatLoss(input));
  const degreeDays = degreeDaysAtBalance(climate, balanceTemperature(input, h));
  const base = (h * degreeDays * K.hoursPerDay.value) / K.whPerKwh.value;
  const temperature = 1 + K.indoorTemperatureSensitivity.value * (indoorTemperature - K.referenceIndoorTemperature.value);
  const control = input.smart_heating_control ? 1 - K.smartControlSpaceHeatSaving.value : 1;
  return Math.max(0, base * temperature * control);
}

export function standardTapWaterNeed(category: BuildingCategory, atemp: number): number {
  const perM2 = category === 'small_house' ? K.standardTapWaterSmallHouse.value : K.standardTapWaterMultiDwelling.value;
  return perM2 * atemp;
}

/** For bills: occupants × 1 170 kWh (less with low-flow fittings); unknown occupants → the BEN standard. */
export function actualTapWaterNeed(input: BuildingInput, category: BuildingCategory): number {
  const base = input.occupants === null ? standardTapWaterNeed(category, input.atemp) : input.occupants * K.tapWaterPerPerson.value;
  return input.low_flush_faucets ? base * (1 - K.lowFlushTapWaterReduction.value) : base;
}
