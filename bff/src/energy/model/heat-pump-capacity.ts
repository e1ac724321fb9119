// What a heat pump can deliver over a year at its place (engine README step 7): the house's heat load at each outdoor
// temperature against the pump's capacity there, summed over the hours of the heating season. The hours of a month
// spread around the climate town's monthly mean (shifted to the place's degree days) down to the place's design
// outdoor temperature; the heat need itself still comes from heat-demand.ts, this only decides the shares.
import { ENERGY_CONSTANTS } from '../constants';
import { monthlyDegreeDays } from './heat-demand';

const K = ENERGY_CONSTANTS;
const DAYS = K.daysPerMonth.value;
const DUT = K.designOutdoorTemperature.value;
const SQRT_2PI = Math.sqrt(2 * Math.PI);
// Solving for the shift of the monthly means (Newton steps on a numerical slope), and the places remembered per town.
const SHIFT_STEP_K = 0.1;
const SHIFT_STEPS = 6;
const SHIFT_TOLERANCE_DEGREE_DAYS = 0.5;
const RECENT_PLACES = 64;
/** The least spread of the hours, K: keeps the normal distribution proper where a DUT lies above a month's mean. */
const MIN_SIGMA_K = 1;

/** The house's heat loss and the outdoor temperature below which it needs heating. */
export interface HouseLoad {
  heatLossWPerK: number;
  balanceTemperature: number;
}

/** The place's climate: normal-year degree days (base 17 °C) and the climate town's monthly means. */
export interface PlaceClimate {
  degreeDays: number;
  monthlyMeanC: readonly number[];
}

/**
 * A pump's heat output at outdoor temperature T: atZeroW + slopeWPerK × T (W), nothing below minOutdoorC
 * (−Infinity: it never stops).
 */
export interface PumpCapacity {
  atZeroW: number;
  slopeWPerK: number;
  minOutdoorC: number;
}

/** Design outdoor temperature (DUT) at a place, °C: linear in degree days (constants: designOutdoorTemperature). */
export function designOutdoorTemperature(degreeDays: number): number {
  const slope = (DUT.cold.celsius - DUT.warm.celsius) / (DUT.cold.degreeDays - DUT.warm.degreeDays);
  return DUT.warm.celsius + slope * (degreeDays - DUT.warm.degreeDays);
}

interface PlaceTemperatures {
  /** Monthly means at the place (the climate town's, shifted so their degree days are the place's). */
  means: number[];
  /** Spread of the hours around a month's mean, K. */
  sigma: number;
}

const temperaturesOf = new WeakMap<readonly number[], Map<number, PlaceTemperatures>>();

/** The place's monthly means and the spread of its hours, remembered per climate town and degree days. */
export function placeTemperatures(climate: PlaceClimate): PlaceTemperatures {
  let byDegreeDays = temperaturesOf.get(climate.monthlyMeanC);
  if (byDegreeDays === undefined) temperaturesOf.set(climate.monthlyMeanC, (byDegreeDays = new Map()));
  let found = byDegreeDays.get(climate.degreeDays);
  if (found === undefined) {
    const base = K.degreeDayBase.value;
    const shifted = (shift: number) => climate.monthlyMeanC.map((t) => t + shift);
    // Newton steps on the shift: the town's profile, moved up or down, has the place's degree days at 17 °C.
    let shift = 0;
    for (let i = 0; i < SHIFT_STEPS; i++) {
      const here = monthlyDegreeDays(shifted(shift), base);
      const at = here - climate.degreeDays;
      const slope = (monthlyDegreeDays(shifted(shift + SHIFT_STEP_K), base) - here) / SHIFT_STEP_K;
      if (!(slope < 0) || Math.abs(at) < SHIFT_TOLERANCE_DEGREE_DAYS) break;
      shift -= at / slope;
    }
    const means = shifted(shift);
    const coldest = Math.min(...means);
    const sigma = Math.max(
      MIN_SIGMA_K,
      (coldest - designOutdoorTemperature(climate.degreeDays)) / K.outdoorTemperatureSpread.value,
    );
    found = { means, sigma };
    if (byDegreeDays.size >= RECENT_PLACES) byDegreeDays.clear();
    byDegreeDays.set(climate.degreeDays, found);
  }
  return found;
}

/** Standard normal distribution: density and cumulative (Abramowitz & Stegun 7.1.26, error < 1.5e-7). */
function density(z: number): number {
  return Math.exp(-0.5 * z * z) / SQRT_2PI;
}
function cumulative(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** E[(c − T)+] for T normal around `mean` with spread `sigma`: degree-hours per hour below c. */
function below(c: number, mean: number, sigma: number): number {
  const z = (c - mean) / sigma;
  return (c - mean) * cumulative(z) + sigma * density(z);
}

/** Hours of a normal year at or below `celsius` at the place (the spread's check against SKVP's ≈ 80 h at −15 °C). */
export function hoursAtOrBelow(climate: PlaceClimate, celsius: number): number {
  const { means, sigma } = placeTemperatures(climate);
  let hours = 0;
  for (let i = 0; i < means.length; i++)
    hours += DAYS[i] * K.hoursPerDay.value * cumulative((celsius - means[i]) / sigma);
  return hours;
}

/**
 * The share of the year's space heat (0–1) the pump can deliver: where its capacity is below the load, and below its
 * lowest outdoor temperature, the rest comes from other heating. Load = H × (balance − T).
 */
export function capacityShare(load: HouseLoad, climate: PlaceClimate, pump: PumpCapacity): number {
  const h = load.heatLossWPerK;
  const tb = load.balanceTemperature;
  if (!(h > 0)) return 1;
  const { means, sigma } = placeTemperatures(climate);
  // Below tStar the load is above the capacity: (h + slope) × (tStar − T) of it is not delivered.
  const tStar = (h * tb - pump.atZeroW) / (h + pump.slopeWPerK);
  // The pump stops below its lowest outdoor temperature (never, when that is −Infinity).
  const stops = Number.isFinite(pump.minOutdoorC);
  const lowest = stops ? Math.min(pump.minOutdoorC, tb) : 0;
  let total = 0;
  let missing = 0;
  for (let i = 0; i < means.length; i++) {
    const m = means[i];
    const days = DAYS[i];
    total += days * h * below(tb, m, sigma);
    if (!stops) {
      missing += days * (h + pump.slopeWPerK) * below(tStar, m, sigma);
      continue;
    }
    const zMin = cumulative((lowest - m) / sigma);
    const belowMin = below(lowest, m, sigma);
    // Between the lowest temperature and tStar: the load above the capacity.
    if (tStar > lowest) {
      missing += days * (h + pump.slopeWPerK) * (below(tStar, m, sigma) - belowMin - (tStar - lowest) * zMin);
    }
    // Colder than the pump works: the whole load.
    missing += days * h * ((tb - lowest) * zMin + belowMin);
  }
  if (!(total > 0)) return 1;
  return Math.min(1, Math.max(0, 1 - missing / total));
}

/** A constant capacity sized as a share of the house's heat loss at the design outdoor temperature. */
export function sizedCapacity(load: HouseLoad, degreeDays: number, designShare: number, minOutdoorC: number) {
  const designLoad = load.heatLossWPerK * Math.max(0, load.balanceTemperature - designOutdoorTemperature(degreeDays));
  return { atZeroW: designShare * designLoad, slopeWPerK: 0, minOutdoorC };
}
