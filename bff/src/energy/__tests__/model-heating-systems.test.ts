// Focused unit tests of model/heating-systems.ts and model/heat-pump-capacity.ts (engine README step 7): the
// delivered energy per carrier of every heating system, supplements and their shares, heat-pump SPF (climate, age),
// coverage and backup, tap water, smart control; the design outdoor temperature, the hours of the year and the share of
// the heat a capacity covers. Plain answers and hand-made climates: no place, no geo tables. Each exact value is
// worked out from the README's rules and the constants, the arithmetic beside it.
import { buildingInputFromAnswers, type Answers, type BuildingInput } from '../answers';
import { monthlyDegreeDays } from '../model/heat-demand';
import { CARRIERS } from '../types';
import {
  capacityShare,
  designOutdoorTemperature,
  hoursAtOrBelow,
  placeTemperatures,
  sizedCapacity,
  type HouseLoad,
  type PlaceClimate,
} from '../model/heat-pump-capacity';
import {
  airToAirCapacity,
  airToAirReach,
  airToAirShare,
  airToAirSpf,
  deliverHeat,
  heatPumpIsOld,
  hydronicCoverage,
  isHeatPump,
  seasonalPerformance,
  tapWaterSystem,
  type SystemContext,
} from '../model/heating-systems';

const YEAR = 2026;

/** A 100 m² one-storey 1970 villa (closed rooms, one air-to-air unit when it has one), unless answers say otherwise. */
function input(answers: Answers = {}): BuildingInput {
  return buildingInputFromAnswers({ construction_year: 1970, atemp: 100, num_floors: 1, ...answers });
}
const heated = (systems: string[], answers: Answers = {}) => input({ primary_heating_systems: systems, ...answers });

/** Stockholm-like context with no capacity limit (load null): shares are the README's fixed tops. */
function ctx(change: Partial<SystemContext> = {}): SystemContext {
  return {
    degreeDayRatio: 1,
    degreeDays: 2932, // Malmö's: the air-to-air SPF is its warm-climate 3.45
    year: YEAR,
    monthlyMeanC: Array(12).fill(5),
    load: null,
    ...change,
  };
}

const SPACE = 10_000;
const TAP = 2_000;
const deliver = (systems: string[], answers: Answers = {}, c: SystemContext = ctx()) =>
  deliverHeat(heated(systems, answers), SPACE, TAP, c);

/** A flat climate: every month `mean` °C, with exactly its own degree days (so the means are not shifted). */
function flat(mean: number): PlaceClimate {
  const monthlyMeanC = Array(12).fill(mean);
  return { degreeDays: monthlyDegreeDays(monthlyMeanC, 17), monthlyMeanC };
}

// Standard normal values for the hand arithmetic: Φ(1), Φ(−1), φ(0), φ(1).
const PHI_1 = 0.841345;
const PHI_M1 = 0.158655;
const PDF_0 = 0.398942;
const PDF_1 = 0.241971;

describe('which systems are heat pumps, and which one makes the tap water', () => {
  it.each([
    ['heat_pump_geothermal', true],
    ['heat_pump_airwater', true],
    ['heat_pump_exhaust_air', true],
    ['heat_pump_air', true],
    ['electric_direct', false],
    ['district_heating', false],
    ['oil', false],
    ['wood', false],
  ] as const)('%s → %s', (system, pump) => {
    expect(isHeatPump(system)).toBe(pump);
  });

  it('tap water: the first listed system that is not an air-to-air pump, else an electric heater', () => {
    expect(tapWaterSystem(['heat_pump_air', 'oil'])).toBe('oil');
    expect(tapWaterSystem(['district_heating', 'heat_pump_air'])).toBe('district_heating');
    expect(tapWaterSystem(['wood', 'oil'])).toBe('wood');
    expect(tapWaterSystem(['heat_pump_air'])).toBe('electric_direct');
  });
});

describe('heat-pump SPF', () => {
  it("air-to-air: Energimyndigheten's 3.45 at Malmö's 2 932 degree days, 2.45 at Luleå's 5 137, linear between", () => {
    expect(airToAirSpf(2932)).toBeCloseTo(3.45, 9);
    expect(airToAirSpf(5137)).toBeCloseTo(2.45, 9);
    expect(airToAirSpf(4034.5)).toBeCloseTo(2.95, 9); // half-way
    expect(airToAirSpf(3395)).toBeCloseTo(3.45 - 463 / 2205, 9); // Stockholm ≈ 3.24
    expect(airToAirSpf(7000)).toBeCloseTo(3.45 - 4068 / 2205, 9); // 1.605, just above the floor
  });

  it('air-to-air: never above the warm value south of Malmö, never below the 1.5 floor', () => {
    expect(airToAirSpf(2000)).toBe(3.45);
    expect(airToAirSpf(2931)).toBe(3.45);
    expect(airToAirSpf(8000)).toBe(1.5); // 3.45 − 5068 / 2205 = 1.15 → 1.5
  });

  it('a pump is old past its life span (geothermal 20, air/water and exhaust 15, air-to-air 12 years)', () => {
    const at = (year: number | null) => ({ heat_pump_installation_year: year });
    expect(heatPumpIsOld(at(2006), 'heat_pump_geothermal', YEAR)).toBe(false); // 20 years: not past
    expect(heatPumpIsOld(at(2005), 'heat_pump_geothermal', YEAR)).toBe(true);
    expect(heatPumpIsOld(at(2011), 'heat_pump_airwater', YEAR)).toBe(false);
    expect(heatPumpIsOld(at(2010), 'heat_pump_airwater', YEAR)).toBe(true);
    expect(heatPumpIsOld(at(2011), 'heat_pump_exhaust_air', YEAR)).toBe(false);
    expect(heatPumpIsOld(at(2010), 'heat_pump_exhaust_air', YEAR)).toBe(true);
    expect(heatPumpIsOld(at(2014), 'heat_pump_air', YEAR)).toBe(false);
    expect(heatPumpIsOld(at(2013), 'heat_pump_air', YEAR)).toBe(true);
    expect(heatPumpIsOld(at(null), 'heat_pump_air', YEAR)).toBe(false);
  });

  it('geothermal 3.25, exhaust air 2.25 wherever they are; an old one runs at 0.8 × that', () => {
    const cold = ctx({ degreeDayRatio: 1.5, degreeDays: 5137 });
    expect(seasonalPerformance(input(), 'heat_pump_geothermal', cold)).toBeCloseTo(3.25, 9);
    expect(seasonalPerformance(input(), 'heat_pump_exhaust_air', cold)).toBeCloseTo(2.25, 9);
    const old = input({ heat_pump_installation_year: 2000 });
    expect(seasonalPerformance(old, 'heat_pump_geothermal', cold)).toBeCloseTo(2.6, 9);
    expect(seasonalPerformance(old, 'heat_pump_exhaust_air', cold)).toBeCloseTo(1.8, 9);
  });

  it('air/water: 2.55 at Stockholm, −0.21 per unit of degree-day ratio above it (more south of it), ≥ 0', () => {
    expect(seasonalPerformance(input(), 'heat_pump_airwater', ctx())).toBeCloseTo(2.55, 9);
    expect(seasonalPerformance(input(), 'heat_pump_airwater', ctx({ degreeDayRatio: 2 }))).toBeCloseTo(2.0145, 9);
    expect(seasonalPerformance(input(), 'heat_pump_airwater', ctx({ degreeDayRatio: 0.8 }))).toBeCloseTo(2.6571, 9);
    expect(seasonalPerformance(input(), 'heat_pump_airwater', ctx({ degreeDayRatio: 10 }))).toBe(0);
    const old = input({ heat_pump_installation_year: 2000 });
    expect(seasonalPerformance(old, 'heat_pump_airwater', ctx({ degreeDayRatio: 2 }))).toBeCloseTo(2.0145 * 0.8, 9);
  });

  it("air-to-air: the climate's SPF by degree days (not the ratio), × 0.8 when old", () => {
    expect(seasonalPerformance(input(), 'heat_pump_air', ctx({ degreeDays: 5137, degreeDayRatio: 1 }))).toBeCloseTo(
      2.45,
      9,
    );
    const old = input({ heat_pump_installation_year: 2000 });
    expect(seasonalPerformance(old, 'heat_pump_air', ctx())).toBeCloseTo(3.45 * 0.8, 9);
  });
});

describe('air-to-air reach: what the warm air of the indoor units gets to', () => {
  const reach = (answers: Partial<Parameters<typeof airToAirReach>[0]>) =>
    airToAirReach({ floor_plan: 'closed', num_floors: 1, air_to_air_units: 1, atemp: 120, ...answers });

  it('one storey, one unit: open 0.95, partly open 0.7, closed 0.45', () => {
    expect(reach({ floor_plan: 'open' })).toBeCloseTo(0.95, 9);
    expect(reach({ floor_plan: 'partly_open' })).toBeCloseTo(0.7, 9);
    expect(reach({ floor_plan: 'closed' })).toBeCloseTo(0.45, 9);
  });

  it('two storeys: half on its own storey, 0.4 × that on the other: open 0.665, closed 0.315', () => {
    // open: 0.95 / 2 + 0.5 × 0.95 × 0.4 = 0.475 + 0.19; closed: 0.225 + 0.09
    expect(reach({ floor_plan: 'open', num_floors: 2, atemp: 160 })).toBeCloseTo(0.665, 9);
    expect(reach({ num_floors: 2, atemp: 160 })).toBeCloseTo(0.315, 9);
    // three storeys of 150 m²: 0.45 / 3 + 2/3 × 0.45 × 0.4 = 0.15 + 0.12
    expect(reach({ num_floors: 3, atemp: 450 })).toBeCloseTo(0.27, 9);
  });

  it('a storey over 150 m² is reached in proportion: 150 m² full, 300 m² half', () => {
    expect(reach({ atemp: 150 })).toBeCloseTo(0.45, 9);
    expect(reach({ atemp: 300 })).toBeCloseTo(0.225, 9);
    expect(reach({ atemp: 200, num_floors: 2 })).toBeCloseTo(0.315, 9); // 100 m² storeys: not reduced
  });

  it('each further unit reaches the same share of what is left: two closed 1 − 0.55² = 0.6975; ≤ 0.95', () => {
    expect(reach({ air_to_air_units: 2 })).toBeCloseTo(0.6975, 9);
    expect(reach({ air_to_air_units: 3 })).toBeCloseTo(1 - 0.55 ** 3, 9);
    expect(reach({ floor_plan: 'open', air_to_air_units: 2 })).toBeCloseTo(0.95, 9); // 0.9975 → 0.95
    expect(reach({ air_to_air_units: 0 })).toBeCloseTo(0.45, 9); // counted as one unit
  });
});

describe('air-to-air capacity and share', () => {
  it('one unit: 4.5 kW at −15 °C, 3.1 kW at −25 °C → 6.6 kW at 0 °C, 0.14 kW/K, nothing below −30 °C', () => {
    const one = airToAirCapacity(1);
    expect(one.atZeroW).toBeCloseTo(6600, 6);
    expect(one.slopeWPerK).toBeCloseTo(140, 6);
    expect(one.minOutdoorC).toBe(-30);
    expect(one.atZeroW + one.slopeWPerK * -15).toBeCloseTo(4500, 6);
    expect(one.atZeroW + one.slopeWPerK * -25).toBeCloseTo(3100, 6);
  });

  it('n units give n times that; 0 counts as one', () => {
    expect(airToAirCapacity(3)).toEqual({
      atZeroW: expect.closeTo(19800, 6),
      slopeWPerK: expect.closeTo(420, 6),
      minOutdoorC: -30,
    });
    expect(airToAirCapacity(0).atZeroW).toBeCloseTo(6600, 6);
  });

  it('without a load the share is the reach', () => {
    expect(airToAirShare(input({ floor_plan: 'open' }), ctx())).toBeCloseTo(0.95, 9);
    expect(airToAirShare(input(), ctx())).toBeCloseTo(0.45, 9);
  });

  it("with a load: reach × the capacity share of the reached rooms' heat loss (reach × H)", () => {
    const climate = flat(-5);
    const load: HouseLoad = { heatLossWPerK: 400, balanceTemperature: 17 };
    const c = ctx({ ...climate, load });
    const open = input({ floor_plan: 'open', atemp: 120 });
    const zone = { heatLossWPerK: 400 * 0.95, balanceTemperature: 17 };
    const expected = 0.95 * capacityShare(zone, climate, airToAirCapacity(1));
    expect(airToAirShare(open, c)).toBeCloseTo(expected, 9);
    // the capacity binds in this cold house: less than the reach, and a second unit gives more
    expect(expected).toBeLessThan(0.95 - 0.01);
    expect(airToAirShare(input({ floor_plan: 'open', atemp: 120, air_to_air_units: 2 }), c)).toBeGreaterThan(expected);
  });
});

describe('design outdoor temperature and the hours of the year', () => {
  it('DUT linear in degree days: Malmö 2 932 → −16 °C, Luleå 5 137 → −29 °C, beyond on the same line', () => {
    expect(designOutdoorTemperature(2932)).toBeCloseTo(-16, 9);
    expect(designOutdoorTemperature(5137)).toBeCloseTo(-29, 9);
    expect(designOutdoorTemperature(4034.5)).toBeCloseTo(-22.5, 9);
    expect(designOutdoorTemperature(7342)).toBeCloseTo(-42, 9);
  });

  it('σ = (coldest monthly mean − DUT) / 2.33: a flat 5 °C profile, no shift', () => {
    const climate = flat(5);
    const { means, sigma } = placeTemperatures(climate);
    for (const m of means) expect(m).toBeCloseTo(5, 3);
    expect(sigma).toBeCloseTo((5 - designOutdoorTemperature(climate.degreeDays)) / 2.33, 3);
  });

  it('half the hours lie below the mean; the DUT is the coldest month’s 1 % (Φ(−2.33) = 0.0099)', () => {
    const climate = flat(5);
    expect(hoursAtOrBelow(climate, 5)).toBeCloseTo(4380, 0);
    const dut = designOutdoorTemperature(climate.degreeDays);
    expect(hoursAtOrBelow(climate, dut)).toBeCloseTo(8760 * 0.0099031, 0); // 86.75 h
    expect(hoursAtOrBelow(climate, dut - 10)).toBeLessThan(hoursAtOrBelow(climate, dut));
  });

  it("the town's profile is shifted so its degree days are the place's: flat 0 °C with a 5 °C place's", () => {
    const climate = { degreeDays: flat(5).degreeDays, monthlyMeanC: Array(12).fill(0) };
    for (const m of placeTemperatures(climate).means) expect(m).toBeCloseTo(5, 2);
    expect(hoursAtOrBelow(climate, 5)).toBeCloseTo(4380, -1);
  });

  it('a place is worked out once per climate town and degree days; a town keeps its last 64 places', () => {
    const monthlyMeanC = Array(12).fill(3);
    const at = (degreeDays: number) => placeTemperatures({ degreeDays, monthlyMeanC });
    const first = at(4000);
    expect(at(4000)).toBe(first);
    expect(at(4001)).not.toBe(first);
    expect(placeTemperatures({ degreeDays: 4000, monthlyMeanC: [...monthlyMeanC] })).not.toBe(first); // another town
    for (let i = 0; i < 62; i++) at(5000 + i); // 64 places of this town: all kept
    expect(at(4000)).toBe(first);
    at(6000); // the 65th: the town starts over
    const again = at(4000);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('σ is at least 1 K, even where the DUT lies above the coldest month', () => {
    const monthlyMeanC = [-40, ...Array(11).fill(20)];
    const climate = { degreeDays: monthlyDegreeDays(monthlyMeanC, 17), monthlyMeanC };
    expect(designOutdoorTemperature(climate.degreeDays)).toBeGreaterThan(-40);
    expect(placeTemperatures(climate).sigma).toBe(1);
  });
});

describe('capacityShare: the share of the heat a capacity covers, over the hours of the year', () => {
  // Flat 5 °C climate, σ from its DUT; balance temperature one σ above the mean, H = 100 W/K. The year's load is
  // H × E[(T_b − T)+] = H σ (Φ(1) + φ(1)) = 1.083316 H σ (E[(c − T)+] = (c − m) Φ(z) + σ φ(z)).
  const climate = flat(5);
  const sigma = placeTemperatures(climate).sigma;
  const load: HouseLoad = { heatLossWPerK: 100, balanceTemperature: 5 + sigma };
  const total = PHI_1 + PDF_1; // 1.083316

  it('no heat loss: all of it', () => {
    expect(capacityShare({ heatLossWPerK: 0, balanceTemperature: 17 }, climate, airToAirCapacity(1))).toBe(1);
  });

  it('a capacity that never runs short: all; none at all: nothing', () => {
    const never = Number.NEGATIVE_INFINITY;
    expect(capacityShare(load, climate, { atZeroW: 1e9, slopeWPerK: 0, minOutdoorC: never })).toBeCloseTo(1, 9);
    expect(capacityShare(load, climate, { atZeroW: 0, slopeWPerK: 0, minOutdoorC: never })).toBeCloseTo(0, 9);
  });

  it('a constant capacity equal to the load at the mean: 1 − φ(0) / 1.0833 = 0.6317', () => {
    const pump = { atZeroW: 100 * sigma, slopeWPerK: 0, minOutdoorC: Number.NEGATIVE_INFINITY };
    expect(capacityShare(load, climate, pump)).toBeCloseTo(1 - PDF_0 / total, 5);
  });

  it('a capacity rising 50 W/K with outdoor temperature, equal to the load at the mean: 1 − 1.5 φ(0) / 1.0833', () => {
    // tStar = (H T_b − atZero) / (H + slope) = 5 → atZero = H T_b − 150 × 5; short by (H + slope)(5 − T) below it
    const pump = { atZeroW: 100 * (5 + sigma) - 150 * 5, slopeWPerK: 50, minOutdoorC: Number.NEGATIVE_INFINITY };
    expect(capacityShare(load, climate, pump)).toBeCloseTo(1 - (1.5 * PDF_0) / total, 5);
  });

  it('an ample pump that stops below the mean: the load there is missing, 1 − (0.5 σ + φ(0) σ) / 1.0833 σ', () => {
    // missing = H ((T_b − 5) Φ(0) + σ φ(0)) = H σ (0.5 + 0.398942)
    const pump = { atZeroW: 1e9, slopeWPerK: 0, minOutdoorC: 5 };
    expect(capacityShare(load, climate, pump)).toBeCloseTo(1 - (0.5 + PDF_0) / total, 5);
  });

  it('short below the mean and stopped a σ lower: both parts add up', () => {
    // between m − σ and m: (φ(0) − (φ(1) − Φ(−1)) − Φ(−1)) σ = 0.156971 σ;
    // below m − σ: (2 σ) Φ(−1) + (φ(1) − Φ(−1)) σ = 0.400626 σ
    const between = PDF_0 - (PDF_1 - PHI_M1) - PHI_M1;
    const beneath = 2 * PHI_M1 + (PDF_1 - PHI_M1);
    const pump = { atZeroW: 100 * sigma, slopeWPerK: 0, minOutdoorC: 5 - sigma };
    expect(capacityShare(load, climate, pump)).toBeCloseTo(1 - (between + beneath) / total, 5);
    // stopping costs share against the same pump that never stops
    const never = { ...pump, minOutdoorC: Number.NEGATIVE_INFINITY };
    expect(capacityShare(load, climate, pump)).toBeLessThan(capacityShare(load, climate, never));
  });

  it('a pump that stops above the balance temperature delivers nothing', () => {
    expect(capacityShare(load, climate, { atZeroW: 1e9, slopeWPerK: 0, minOutdoorC: 40 })).toBeCloseTo(0, 9);
  });

  it('more capacity, more share; a colder place, less share', () => {
    const pump = (w: number) => ({ atZeroW: w, slopeWPerK: 0, minOutdoorC: Number.NEGATIVE_INFINITY });
    expect(capacityShare(load, climate, pump(1500))).toBeGreaterThan(capacityShare(load, climate, pump(1000)));
    const h17 = { heatLossWPerK: 100, balanceTemperature: 17 };
    expect(capacityShare(h17, flat(-5), pump(2000))).toBeLessThan(capacityShare(h17, flat(5), pump(2000)));
  });
});

describe('sized capacity: a share of the heat loss at the DUT', () => {
  it('65 % of 200 W/K × (16 − (−16)) at Malmö = 4 160 W, constant, the stop temperature as given', () => {
    const load = { heatLossWPerK: 200, balanceTemperature: 16 };
    expect(sizedCapacity(load, 2932, 0.65, -20)).toEqual({
      atZeroW: expect.closeTo(4160, 6),
      slopeWPerK: 0,
      minOutdoorC: -20,
    });
    // Luleå: 0.65 × 200 × 45 = 5 850
    expect(sizedCapacity(load, 5137, 0.65, -20).atZeroW).toBeCloseTo(5850, 6);
  });

  it('a balance temperature below the DUT sizes nothing', () => {
    expect(sizedCapacity({ heatLossWPerK: 200, balanceTemperature: -20 }, 2932, 0.65, -20).atZeroW).toBe(0);
  });
});

describe('hydronic coverage: what a pump that replaced the heating takes', () => {
  it('without a load: the tops, geothermal 95 %, air/water 90 %, exhaust air 80 %', () => {
    expect(hydronicCoverage(input(), 'heat_pump_geothermal', ctx(), TAP)).toBe(0.95);
    expect(hydronicCoverage(input(), 'heat_pump_airwater', ctx(), TAP)).toBe(0.9);
    expect(hydronicCoverage(input(), 'heat_pump_exhaust_air', ctx(), TAP)).toBe(0.8);
  });

  const climate = flat(-5);
  const load: HouseLoad = { heatLossWPerK: 300, balanceTemperature: 16 };
  const c = ctx({ ...climate, load });

  it('geothermal: sized for 65 % at the DUT, never stopping, at most 95 %', () => {
    const sized = sizedCapacity(load, climate.degreeDays, 0.65, Number.NEGATIVE_INFINITY);
    const share = capacityShare(load, climate, sized);
    expect(share).toBeLessThan(0.95);
    expect(hydronicCoverage(input(), 'heat_pump_geothermal', c, TAP)).toBeCloseTo(share, 9);
  });

  it('air/water: the same sizing, but stopping below −20 °C: less than geothermal in a cold place', () => {
    const sized = sizedCapacity(load, climate.degreeDays, 0.65, -20);
    const share = Math.min(0.9, capacityShare(load, climate, sized));
    expect(hydronicCoverage(input(), 'heat_pump_airwater', c, TAP)).toBeCloseTo(share, 9);
    expect(share).toBeLessThan(hydronicCoverage(input(), 'heat_pump_geothermal', c, TAP));
  });

  it('exhaust air: 0.35 × 100 m² × 1.2 × 35 K = 1 470 W from air, × 2.25 / 1.25 = 2 646 W, less tap water', () => {
    // tap 2 000 kWh = 228.3 W all year → a constant 2 417.7 W
    const pump = { atZeroW: 2646 - 2000 / 8.76, slopeWPerK: 0, minOutdoorC: Number.NEGATIVE_INFINITY };
    const share = capacityShare(load, climate, pump);
    expect(share).toBeLessThan(0.8);
    expect(hydronicCoverage(input(), 'heat_pump_exhaust_air', c, TAP)).toBeCloseTo(share, 9);
    // more tap water leaves less for the space heat; all of it (23 179 kWh = 2 646 W) or more leaves none
    expect(hydronicCoverage(input(), 'heat_pump_exhaust_air', c, 8000)).toBeLessThan(share);
    expect(hydronicCoverage(input(), 'heat_pump_exhaust_air', c, 30_000)).toBe(0);
  });

  it('exhaust air, an old pump (SPF 1.8): the same exhaust heat gives 1 470 × 1.8 / 0.8 = 3 307.5 W', () => {
    // The air gives (1 − 1/SPF) of the output: at a lower SPF the compressor adds more (and costs more electricity).
    const old = input({ heat_pump_installation_year: 2000 });
    const pump = { atZeroW: 3307.5 - 2000 / 8.76, slopeWPerK: 0, minOutdoorC: Number.NEGATIVE_INFINITY };
    expect(hydronicCoverage(old, 'heat_pump_exhaust_air', c, TAP)).toBeCloseTo(
      Math.min(0.8, capacityShare(load, climate, pump)),
      9,
    );
  });

  it('ample capacity never lifts the share above the top: exhaust air in a 1 W/K house gives 80 %, not 100 %', () => {
    const small = ctx({ ...climate, load: { heatLossWPerK: 1, balanceTemperature: 16 } });
    expect(hydronicCoverage(input(), 'heat_pump_exhaust_air', small, TAP)).toBe(0.8);
  });
});

describe('deliverHeat: 10 000 kWh space heat and 2 000 kWh tap water, no capacity limit', () => {
  it.each([
    ['electric_direct', 'electricity', 10_000, 2_000],
    ['electric_waterborne', 'electricity', 10_000, 2_000],
    ['district_heating', 'district_heating', 10_000, 2_000],
    ['oil', 'oil', 12_500, 2_500], // η 0.8
    ['gas', 'gas', 10_000 / 0.95, 2_000 / 0.95],
    ['pellets', 'bio_tree_pellets_bricks', 12_500, 2_500],
    ['wood', 'wood', 10_000 / 0.7, 2_000 / 0.7], // first listed: the main system
    ['bio', 'bio', 12_500, 2_500],
    ['bio_other', 'bio_other', 12_500, 2_500],
  ] as const)('%s alone → %s: space %f, tap %f', (system, carrier, space, tap) => {
    const out = deliver([system]);
    expect(out.space_heating[carrier]).toBeCloseTo(space, 6);
    expect(out.tap_water_heating[carrier]).toBeCloseTo(tap, 6);
    const others = (r: Record<string, number>) => Object.entries(r).filter(([k]) => k !== carrier);
    for (const [, v] of others(out.space_heating)) expect(v).toBe(0);
    for (const [, v] of others(out.tap_water_heating)) expect(v).toBe(0);
  });

  it('geothermal: 95 % at SPF 3.25, the rest by the electric heater; tap water at 2.5', () => {
    const out = deliver(['heat_pump_geothermal']);
    expect(out.space_heating.electricity).toBeCloseTo(9500 / 3.25 + 500, 6); // 3 423.08
    expect(out.tap_water_heating.electricity).toBeCloseTo(800, 6);
  });

  it('air/water: 90 % at SPF 2.55, tap water at 2.0; northward both fall with the SPF', () => {
    const out = deliver(['heat_pump_airwater']);
    expect(out.space_heating.electricity).toBeCloseTo(9000 / 2.55 + 1000, 6); // 4 529.41
    expect(out.tap_water_heating.electricity).toBeCloseTo(1000, 6);
    const north = deliver(['heat_pump_airwater'], {}, ctx({ degreeDayRatio: 1.5 }));
    // climate factor 1 − 0.21 × 0.5 = 0.895
    expect(north.space_heating.electricity).toBeCloseTo(9000 / (2.55 * 0.895) + 1000, 6);
    expect(north.tap_water_heating.electricity).toBeCloseTo(2000 / (2 * 0.895), 6);
  });

  it('exhaust air: 80 % at SPF 2.25, tap water at 2.0', () => {
    const out = deliver(['heat_pump_exhaust_air']);
    expect(out.space_heating.electricity).toBeCloseTo(8000 / 2.25 + 2000, 6); // 5 555.56
    expect(out.tap_water_heating.electricity).toBeCloseTo(1000, 6);
  });

  it('an old geothermal pump: SPF and tap-water efficiency × 0.8', () => {
    const out = deliver(['heat_pump_geothermal'], { heat_pump_installation_year: 2000 });
    expect(out.space_heating.electricity).toBeCloseTo(9500 / 2.6 + 500, 6);
    expect(out.tap_water_heating.electricity).toBeCloseTo(2000 / 2, 6);
  });

  it('air-to-air alone: its reach (closed, 0.45) at SPF 3.45, the rest and the tap water direct electric', () => {
    const out = deliver(['heat_pump_air']);
    expect(out.space_heating.electricity).toBeCloseTo(4500 / 3.45 + 5500, 6); // 6 804.35
    expect(out.tap_water_heating.electricity).toBeCloseTo(2000, 6);
  });

  it('air-to-air beside oil: the pump its share, oil the rest and the tap water', () => {
    const out = deliver(['heat_pump_air', 'oil']);
    expect(out.space_heating.electricity).toBeCloseTo(4500 / 3.45, 6);
    expect(out.space_heating.oil).toBeCloseTo(5500 / 0.8, 6);
    expect(out.tap_water_heating.oil).toBeCloseTo(2500, 6);
    expect(out.tap_water_heating.electricity).toBe(0);
  });

  it('a wood stove after the main system covers 20 %; first in the list it is the main system', () => {
    const stove = deliver(['oil', 'wood']);
    expect(stove.space_heating.wood).toBeCloseTo(2000 / 0.7, 6);
    expect(stove.space_heating.oil).toBeCloseTo(8000 / 0.8, 6);
    expect(stove.tap_water_heating.oil).toBeCloseTo(2500, 6);
    const main = deliver(['wood', 'oil']); // two mains: half each
    expect(main.space_heating.wood).toBeCloseTo(5000 / 0.7, 6);
    expect(main.space_heating.oil).toBeCloseTo(5000 / 0.8, 6);
    expect(main.tap_water_heating.wood).toBeCloseTo(2000 / 0.7, 6);
  });

  it('two main systems share equally', () => {
    const out = deliver(['oil', 'district_heating']);
    expect(out.space_heating.oil).toBeCloseTo(6250, 6);
    expect(out.space_heating.district_heating).toBeCloseTo(5000, 6);
  });

  it('supplements only: what they leave is direct electric', () => {
    const out = deliver(['heat_pump_air', 'wood']);
    expect(out.space_heating.wood).toBeCloseTo(2000 / 0.7, 6);
    expect(out.space_heating.electricity).toBeCloseTo(4500 / 3.45 + 3500, 6);
    expect(out.tap_water_heating.wood).toBeCloseTo(2000 / 0.7, 6);
  });

  it('supplements over 100 % leave the main system nothing, never a negative share', () => {
    // open plan: the pump 0.95 + the stove 0.2 = 1.15
    const out = deliver(['oil', 'wood', 'heat_pump_air'], { floor_plan: 'open' });
    expect(out.space_heating.oil).toBe(0);
    expect(out.space_heating.wood).toBeCloseTo(2000 / 0.7, 6);
    expect(out.space_heating.electricity).toBeCloseTo(9500 / 3.45, 6);
  });

  describe('smart control takes 5 % off the heat of the systems it steers', () => {
    it('no heat pump: all the heating; the tap water is not steered', () => {
      const out = deliver(['electric_direct'], { smart_heating_control: true });
      expect(out.space_heating.electricity).toBeCloseTo(9500, 6);
      expect(out.tap_water_heating.electricity).toBeCloseTo(2000, 6);
      expect(deliver(['oil', 'wood'], { smart_heating_control: true }).space_heating.oil).toBeCloseTo(9500, 6);
    });

    it("a waterborne pump: its whole heating, the electric heater's part too", () => {
      const out = deliver(['heat_pump_geothermal'], { smart_heating_control: true });
      // 9 500 steered: 95 % = 9 025 at 3.25, 475 by the heater
      expect(out.space_heating.electricity).toBeCloseTo(9025 / 3.25 + 475, 6);
    });

    it("beside air-to-air: only the pump's share; the oil boiler and the leftover electric heat unchanged", () => {
      const out = deliver(['heat_pump_air', 'oil'], { smart_heating_control: true });
      expect(out.space_heating.electricity).toBeCloseTo(4275 / 3.45, 6);
      expect(out.space_heating.oil).toBeCloseTo(6875, 6);
      const alone = deliver(['heat_pump_air', 'wood'], { smart_heating_control: true });
      expect(alone.space_heating.electricity).toBeCloseTo(4275 / 3.45 + 3500, 6);
      expect(alone.space_heating.wood).toBeCloseTo(2000 / 0.7, 6);
    });
  });

  it('with a load, a hydronic pump takes what its capacity gives, the heater the rest', () => {
    const climate = flat(-5);
    const load: HouseLoad = { heatLossWPerK: 300, balanceTemperature: 16 };
    const c = ctx({ ...climate, load });
    const share = hydronicCoverage(input(), 'heat_pump_airwater', c, TAP);
    const out = deliverHeat(heated(['heat_pump_airwater']), SPACE, TAP, c);
    expect(out.space_heating.electricity).toBeCloseTo((10_000 * share) / 2.55 + 10_000 * (1 - share), 6);
  });
});

describe('deliverHeat answers the eight carriers and nothing else', () => {
  it.each([[['wood', 'electric_direct']], [['heat_pump_air', 'district_heating']], [['oil']]])(
    '%j: each carrier a finite number, no other key',
    (systems) => {
      // A caller may add the carriers up by name or walk the object's entries: both must see the same eight.
      const out = deliver(systems);
      for (const part of [out.space_heating, out.tap_water_heating]) {
        expect(Object.keys(part).sort()).toEqual([...CARRIERS].sort());
        for (const kwh of Object.values(part)) expect(Number.isFinite(kwh)).toBe(true);
      }
    },
  );
});
