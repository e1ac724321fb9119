// Energimyndigheten's published energy statistics for småhus, and the heat need of a typical house of each
// construction period and climate that they imply (engine README "Calibration"). Test data, not model input.
import { buildingInputFromAnswers, type Answers } from '../answers';
import { modelEnergy } from '../building-model';
import type { Location } from '../location';
import { YEAR } from './fixtures';

const TABLES_2024 =
  'Energimyndigheten, "Energistatistik för småhus 2024" (2025-06-10), tabellverk smh_2024_tabellverk_v2.xlsx';
const REGIONAL_2010 = 'Energimyndigheten, "Ny regional energistatistik för småhus" (press release, 2011-11-22)';

/**
 * Heating + hot water bought, kWh per m² heated area (biarea included) and year, temperature-corrected 2024, household
 * electricity and the heat a heat pump takes from the ground or air left out; every heating system together.
 */
export const BOUGHT_BY_PERIOD = {
  source: `${TABLES_2024}, tabell 2.14`,
  rows: [
    { from: null, until: 1940, kwhPerM2: 113.6 },
    { from: 1941, until: 1960, kwhPerM2: 93.9 },
    { from: 1961, until: 1970, kwhPerM2: 89.4 },
    { from: 1971, until: 1980, kwhPerM2: 81.1 },
    { from: 1981, until: 1990, kwhPerM2: 94.7 },
    { from: 1991, until: 2000, kwhPerM2: 98.4 },
    { from: 2001, until: 2010, kwhPerM2: 82.3 },
    { from: 2011, until: 2020, kwhPerM2: 55.5 },
    { from: 2021, until: null, kwhPerM2: 40.2 },
  ],
} as const;

/** The same, by heating system (tabell 2.15); "all" is every småhus. */
export const BOUGHT_BY_SYSTEM = {
  source: `${TABLES_2024}, tabell 2.15`,
  kwhPerM2: {
    all: 93.3,
    electricDirectOnly: 74.0,
    electricWaterborneOnly: 64.8,
    groundSourceOnly: 50.2,
    districtHeatingOnly: 122.4,
    bioFuelOnly: 167.9,
    oilOnly: 176.7,
  },
} as const;

/**
 * Heating + hot water per m² by county, 2010 (a cold year, not temperature-corrected; household electricity of
 * electrically heated houses included): Sweden 158, Gävleborg 185 (the highest per m²), Skåne 147.
 */
export const BY_COUNTY_2010 = {
  source: REGIONAL_2010,
  kwhPerM2: { sweden: 158, gavleborg: 185, skane: 147 },
} as const;

/**
 * Degree days (base 17 °C, our location model) of the two counties as a whole [E]: Skåne between Malmö (2 932) and
 * Kristianstad (3 037); Gävleborg between Gävle (3 726) and Söderhamn/Bollnäs (4 324), most houses near the coast.
 */
export const COUNTY_DEGREE_DAYS = { skane: 3000, gavleborg: 3900 } as const;

/**
 * [D] Bought energy → heat need: a district-heated house buys its heat (substation η 1.0), so the stock's need is
 * 122.4 / 93.3 = 1.31 × what it buys. Oil (176.7 × η 0.8 = 141) and bio fuel (167.9 × η 0.8 = 134) give 8–15 % more.
 */
export const NEED_PER_BOUGHT = BOUGHT_BY_SYSTEM.kwhPerM2.districtHeatingOnly / BOUGHT_BY_SYSTEM.kwhPerM2.all;

/**
 * [D] A place's heat use relative to the national average: the 2010 county figures against their degree days, a
 * straight line through Skåne (0.93) and Gävleborg (1.17); 1.0 at 3 260 degree days, Stockholm 1.04, Luleå 1.50.
 */
export function climateFactor(degreeDays: number): number {
  const { sweden, gavleborg, skane } = BY_COUNTY_2010.kwhPerM2;
  const low = skane / sweden;
  const high = gavleborg / sweden;
  const slope = (high - low) / (COUNTY_DEGREE_DAYS.gavleborg - COUNTY_DEGREE_DAYS.skane);
  return low + slope * (degreeDays - COUNTY_DEGREE_DAYS.skane);
}

/** The statistics' row for a construction year. */
export function periodOf(constructionYear: number) {
  const rows = BOUGHT_BY_PERIOD.rows;
  return rows.find((r) => r.until === null || constructionYear <= r.until) ?? rows[rows.length - 1]!;
}

/** [D] The heat + hot-water need per m² the statistics imply for a house of that year at that place. */
export function statisticsNeedPerM2(constructionYear: number, degreeDays: number): number {
  return periodOf(constructionYear).kwhPerM2 * NEED_PER_BOUGHT * climateFactor(degreeDays);
}

/** The typical houses compared: one storey of 130 m² and two storeys of 160 m² (a villa, direct electric, 21 °C). */
export const TYPICAL_HOUSES = [
  { floors: 1, atemp: 130 },
  { floors: 2, atemp: 160 },
] as const;

/**
 * Heat + hot water the model buys per m² for a typical direct-electric house (bought = need), actual run. Ventilation
 * is left unanswered: the model reads the period's typical one (natural draught to 1975, an exhaust fan from 1976).
 */
export function modelPerM2(constructionYear: number, location: Location, answers: Answers = {}): number[] {
  return TYPICAL_HOUSES.map(({ floors, atemp }) => {
    const input = buildingInputFromAnswers({
      construction_year: constructionYear,
      atemp,
      num_floors: floors,
      ...answers,
    });
    const { byUse } = modelEnergy({ input, location, year: YEAR }, 'actual');
    return (byUse.space_heating + byUse.tap_water_heating) / atemp;
  });
}

/** A year inside each statistics period, for the comparison table. */
export const PERIOD_YEARS = [1930, 1950, 1965, 1975, 1985, 1995, 2005, 2015, 2022] as const;
