// Focused unit tests of model/heat-demand.ts and model/archetype.ts (engine README steps 2–6, 8): U-values, the
// heat-loss coefficient H, degree days at the balance temperature, space-heat and tap-water need, household
// electricity. Inputs are plain answers (no place, no geo tables): each expectation is worked out by hand from the
// README's rules and the constants, the arithmetic in a comment beside it.
import { buildingInputFromAnswers, type Answers, type BuildingInput } from '../answers';
import { archetypeFor } from '../model/archetype';
import {
  actualTapWaterNeed,
  atticInsulationMm,
  atticU,
  balanceTemperature,
  degreeDaysAtBalance,
  doorU,
  freeHeatGains,
  glazingU,
  heatLoss,
  householdElectricityPerM2,
  monthlyDegreeDays,
  spaceHeatNeed,
  standardTapWaterNeed,
  totalHeatLoss,
  ventilationAirflow,
  ventilationOf,
  windowFilmApplies,
  windowU,
  type Climate,
} from '../model/heat-demand';

/** A 100 m² one-storey 1970 villa, 2.4 m ceilings, no basement (square plan 10 × 10 m), unless answers say other. */
function input(answers: Answers = {}): BuildingInput {
  return buildingInputFromAnswers({ construction_year: 1970, atemp: 100, num_floors: 1, ...answers });
}

// The reference house's H, element by element (era ≤ 1970: wall 0.38, attic 150 mm, floor 0.26, window 2.8, door 2,
// extra infiltration 0.03 l/s·m²). Footprint 100 m², perimeter 40 m, wall height 2.4 + 0.3 = 2.7 m.
const WALL_GROSS = 40 * 2.7; // 108 m²
const WINDOW_AREA = 0.15 * 100; // 15 m²
const DOOR_AREA = 2 * 2; // 4 m²
const WALL_NET = WALL_GROSS - WINDOW_AREA - DOOR_AREA; // 89 m²
const ATTIC_150 = 1 / (0.3 + 0.15 / 0.04); // 1 / 4.05 = 0.246914
const REFERENCE = {
  wall: WALL_NET * 0.38, // 33.82
  window: WINDOW_AREA * 2.8, // 42
  door: DOOR_AREA * 2, // 8
  roof: 100 * ATTIC_150, // 24.6914
  floor: 100 * 0.26, // 26
  basementWall: 0,
  ventilation: (0.22 + 0.03) * 100 * 1.2, // natural draught 0.33 × 2.4 / 3.6 = 0.22 l/s·m², + 0.03 → 30
};
const REFERENCE_H = 33.82 + 42 + 8 + 24.691358 + 26 + 30; // 164.511358 W/K

/** A climate town whose twelve monthly means are all −3 °C: 20 K below the 17 °C base every day. */
const FLAT_MINUS_3: Climate = { degreeDays: 4000, monthlyMeanC: Array(12).fill(-3) };

describe('archetypeFor: the construction era decides the typical envelope', () => {
  it.each([
    [1600, 0.5],
    [1940, 0.5],
    [1941, 0.42],
    [1960, 0.42],
    [1961, 0.38],
    [1970, 0.38],
    [1971, 0.32],
    [1975, 0.32],
    [1976, 0.3],
    [1985, 0.3],
    [1986, 0.28],
    [1995, 0.28],
    [1996, 0.25],
    [2005, 0.25],
    [2006, 0.2],
    [2015, 0.2],
    [2016, 0.14],
    [2100, 0.14],
  ])('built %i → wall U %f (the era ends at its untilYear, inclusive)', (year, wallU) => {
    expect(archetypeFor(year).wallU).toBe(wallU);
  });

  it("a 1970 house has the 1961–70 era's attic, floor, window, door and infiltration", () => {
    expect(archetypeFor(1970)).toMatchObject({
      atticInsulationMm: 150,
      floorU: 0.26,
      windowU: 2.8,
      doorU: 2,
      extraInfiltrationLsM2: 0.03,
    });
  });
});

describe('attic U = 1 / (0.3 + mm / 1000 / 0.04), never above a bare floor’s 2.3', () => {
  it.each([
    [100, 1 / 2.8], // 0.3 + 2.5 → 0.357 (README: 100 mm ≈ 0.36)
    [150, 1 / 4.05], // 0.3 + 3.75
    [400, 1 / 10.3], // 0.3 + 10 → 0.0971 (README: 400 mm ≈ 0.10)
    [6, 1 / 0.45], // 0.3 + 0.15 → 2.222, just under the cap
  ])('%i mm → %f W/m²K', (mm, u) => {
    expect(atticU(mm)).toBeCloseTo(u, 6);
  });

  it('no insulation, or too little to bring the fit under 2.3 (5 mm → 2.35), is the bare floor: 2.3', () => {
    expect(atticU(0)).toBe(2.3);
    expect(atticU(5)).toBe(2.3);
  });

  it('more insulation, lower U', () => {
    expect(atticU(300)).toBeLessThan(atticU(200));
    expect(atticU(200)).toBeLessThan(atticU(100));
  });

  it("the answered thickness wins, even 0 mm; unanswered it is the era's", () => {
    expect(atticInsulationMm({ attic_insulation_mm: null, construction_year: 1970 })).toBe(150);
    expect(atticInsulationMm({ attic_insulation_mm: null, construction_year: 2010 })).toBe(400);
    expect(atticInsulationMm({ attic_insulation_mm: 0, construction_year: 1970 })).toBe(0);
    expect(atticInsulationMm({ attic_insulation_mm: 320, construction_year: 1970 })).toBe(320);
  });
});

describe('windows and doors', () => {
  const glazing = (window_type: BuildingInput['window_type'], construction_year = 1970) => ({
    window_type,
    construction_year,
  });

  it('glazing U: single 5.0, double 2.8, triple 1.9, energy 1.0; unknown → the era’s', () => {
    expect(glazingU(glazing('single'))).toBe(5);
    expect(glazingU(glazing('double'))).toBe(2.8);
    expect(glazingU(glazing('triple'))).toBe(1.9);
    expect(glazingU(glazing('energy'))).toBe(1);
    expect(glazingU(glazing('unknown', 1970))).toBe(2.8);
    expect(glazingU(glazing('unknown', 1980))).toBe(2);
    expect(glazingU(glazing('unknown', 2020))).toBe(1);
  });

  it('a film applies to 1- and 2-pane glazing only (U ≥ 2.8, the boundary included)', () => {
    expect(windowFilmApplies(glazing('single'))).toBe(true);
    expect(windowFilmApplies(glazing('double'))).toBe(true);
    expect(windowFilmApplies(glazing('unknown', 1970))).toBe(true);
    expect(windowFilmApplies(glazing('triple'))).toBe(false);
    expect(windowFilmApplies(glazing('energy'))).toBe(false);
    expect(windowFilmApplies(glazing('unknown', 1980))).toBe(false);
  });

  it('a film adds 0.1 m²K/W on the glass, 75 % of the window: double 2.8 → 2.34, single 5.0 → 3.75', () => {
    // double: 0.25 × 2.8 + 0.75 / (1/2.8 + 0.1) = 0.7 + 0.75 / 0.457143 = 0.7 + 1.640625 = 2.340625
    expect(windowU({ ...glazing('double'), window_film: true })).toBeCloseTo(2.340625, 6);
    // single: 0.25 × 5 + 0.75 / (0.2 + 0.1) = 1.25 + 2.5 = 3.75
    expect(windowU({ ...glazing('single'), window_film: true })).toBeCloseTo(3.75, 6);
    // the era's 2-pane window of a 1970 house takes the film like an answered one
    expect(windowU({ ...glazing('unknown', 1970), window_film: true })).toBeCloseTo(2.340625, 6);
  });

  it('without a film, or on better glazing, the window U is the glazing U', () => {
    expect(windowU({ ...glazing('double'), window_film: false })).toBe(2.8);
    expect(windowU({ ...glazing('single'), window_film: false })).toBe(5);
    expect(windowU({ ...glazing('triple'), window_film: true })).toBe(1.9);
    expect(windowU({ ...glazing('energy'), window_film: true })).toBe(1);
    expect(windowU({ ...glazing('unknown', 1980), window_film: true })).toBe(2);
  });

  it("door U: insulated 1.2, energy 0.8; original → the era's", () => {
    expect(doorU({ door_type: 'insulated', construction_year: 1970 })).toBe(1.2);
    expect(doorU({ door_type: 'energy', construction_year: 1970 })).toBe(0.8);
    expect(doorU({ door_type: 'original', construction_year: 1930 })).toBe(2.5);
    expect(doorU({ door_type: 'original', construction_year: 1970 })).toBe(2);
    expect(doorU({ door_type: 'original', construction_year: 1980 })).toBe(1.5);
  });
});

describe('ventilation', () => {
  const vent = (ventilation: BuildingInput['ventilation'], construction_year: number, ceiling_height = 2.4) => ({
    ventilation,
    construction_year,
    ceiling_height,
  });

  it('unknown: natural draught up to 1975, an exhaust fan from 1976; never FTX', () => {
    expect(ventilationOf(vent('unknown', 1975))).toBe('natural');
    expect(ventilationOf(vent('unknown', 1976))).toBe('exhaust');
    expect(ventilationOf(vent('unknown', 2024))).toBe('exhaust');
  });

  it('an answer wins over the era', () => {
    expect(ventilationOf(vent('natural', 2000))).toBe('natural');
    expect(ventilationOf(vent('exhaust', 1930))).toBe('exhaust');
    expect(ventilationOf(vent('balanced_heat_recovery', 1930))).toBe('balanced_heat_recovery');
  });

  it('natural draught: 0.33 air changes an hour × ceiling height / 3.6 (0.22 l/s·m² at 2.4 m, 0.275 at 3 m)', () => {
    expect(ventilationAirflow(vent('natural', 1970))).toBeCloseTo(0.22, 9);
    expect(ventilationAirflow(vent('natural', 1970, 3))).toBeCloseTo(0.275, 9);
    expect(ventilationAirflow(vent('unknown', 1975))).toBeCloseTo(0.22, 9);
  });

  it("a fan: BBR's 0.35 l/s·m², whatever the ceiling; FTX recovers 75 %: 0.35 × 0.25 = 0.0875", () => {
    expect(ventilationAirflow(vent('exhaust', 1970))).toBeCloseTo(0.35, 9);
    expect(ventilationAirflow(vent('exhaust', 1970, 3))).toBeCloseTo(0.35, 9);
    expect(ventilationAirflow(vent('unknown', 1976))).toBeCloseTo(0.35, 9);
    expect(ventilationAirflow(vent('balanced_heat_recovery', 1970))).toBeCloseTo(0.0875, 9);
  });
});

describe('heat-loss coefficient H = Σ U·A + 1.2 × airflow × Atemp', () => {
  it('the reference house, element by element (H ≈ 164.5 W/K)', () => {
    const loss = heatLoss(input());
    expect(loss.wall).toBeCloseTo(REFERENCE.wall, 6);
    expect(loss.window).toBeCloseTo(REFERENCE.window, 6);
    expect(loss.door).toBeCloseTo(REFERENCE.door, 6);
    expect(loss.roof).toBeCloseTo(REFERENCE.roof, 4);
    expect(loss.floor).toBeCloseTo(REFERENCE.floor, 6);
    expect(loss.basementWall).toBe(0);
    expect(loss.ventilation).toBeCloseTo(REFERENCE.ventilation, 6);
    expect(totalHeatLoss(loss)).toBeCloseTo(REFERENCE_H, 4);
  });

  it('totalHeatLoss adds every element once', () => {
    const loss = { wall: 1, window: 2, door: 4, roof: 8, floor: 16, basementWall: 32, ventilation: 64 };
    expect(totalHeatLoss(loss)).toBe(127);
  });

  it('an unheated basement halves the floor loss: 26 → 13', () => {
    expect(heatLoss(input({ basement: 'unheated' })).floor).toBeCloseTo(13, 6);
  });

  it('a heated basement is a storey: footprint 50 m², and its walls lose 0.35 W/m²K', () => {
    const loss = heatLoss(input({ basement: 'heated' }));
    const perimeter = 4 * Math.sqrt(50); // 28.284 m
    const basementWall = perimeter * 2.7; // 76.37 m²
    expect(loss.basementWall).toBeCloseTo(basementWall * 0.35, 4); // 26.73 W/K
    expect(loss.floor).toBeCloseTo(50 * 0.26, 6); // 13
    expect(loss.roof).toBeCloseTo(50 * ATTIC_150, 4); // 12.35
    expect(loss.wall).toBeCloseTo((perimeter * 2.7 - 15 - 4) * 0.38, 4); // 57.37 m² × 0.38
  });

  it('added wall insulation in series: 100 mm → 1 / (1/0.38 + 2.5) = 0.19487 W/m²K', () => {
    const u = 1 / (1 / 0.38 + 0.1 / 0.04);
    expect(heatLoss(input({ wall_insulation_added_mm: 100 })).wall).toBeCloseTo(WALL_NET * u, 4); // 17.34
  });

  it('answers replace the era: 400 mm attic, triple glazing, energy doors', () => {
    const loss = heatLoss(input({ attic_insulation_mm: 400, window_type: 'triple', door_type: 'energy' }));
    expect(loss.roof).toBeCloseTo(100 / 10.3, 4); // 9.709
    expect(loss.window).toBeCloseTo(15 * 1.9, 6); // 28.5
    expect(loss.door).toBeCloseTo(4 * 0.8, 6); // 3.2
  });

  it('ventilation: exhaust (0.35 + 0.03) × 100 × 1.2 = 45.6; FTX (0.0875 + 0.03) × 120 = 14.1 W/K', () => {
    expect(heatLoss(input({ ventilation: 'exhaust' })).ventilation).toBeCloseTo(45.6, 6);
    expect(heatLoss(input({ ventilation: 'balanced_heat_recovery' })).ventilation).toBeCloseTo(14.1, 6);
  });

  it("the era's extra leakage: a new house (2020) adds none, 0.35 × 120 = 42 W/K", () => {
    expect(heatLoss(input({ construction_year: 2020 })).ventilation).toBeCloseTo(42, 6);
  });

  it('every improvement lowers H', () => {
    const h = (answers: Answers) => totalHeatLoss(heatLoss(input(answers)));
    const base = h({});
    expect(h({ attic_insulation_mm: 300 })).toBeLessThan(base);
    expect(h({ wall_insulation_added_mm: 50 })).toBeLessThan(base);
    expect(h({ window_type: 'energy' })).toBeLessThan(base);
    expect(h({ window_film: true })).toBeLessThan(base);
    expect(h({ door_type: 'insulated' })).toBeLessThan(base);
    expect(h({ ventilation: 'balanced_heat_recovery' })).toBeLessThan(h({ ventilation: 'exhaust' }));
    expect(h({ construction_year: 2020 })).toBeLessThan(base);
  });
});

describe('degree days (Hitchin: days × ΔT / (1 − e^(−0.71·ΔT)))', () => {
  it('a month 20 K below the base: ΔT × (1 + e^(−14.2)) per day, 365 × 20 = 7 300 a year', () => {
    expect(monthlyDegreeDays(Array(12).fill(-3), 17)).toBeCloseTo(7300 * (1 + Math.exp(-14.2)), 6);
  });

  it('a month at the base: 1/0.71 per day (the limit, not 0/0): 365 / 0.71 = 514.08', () => {
    expect(monthlyDegreeDays(Array(12).fill(17), 17)).toBeCloseTo(365 / 0.71, 6);
    // and continuous beside it
    expect(monthlyDegreeDays(Array(12).fill(17), 17 + 1e-6)).toBeCloseTo(365 / 0.71, 3);
  });

  it('a month warmer than the base still has some: ΔT = −3 → 3 / (e^2.13 − 1) = 0.4046 a day', () => {
    expect(monthlyDegreeDays(Array(12).fill(20), 17)).toBeCloseTo((365 * 3) / (Math.exp(2.13) - 1), 6);
  });

  it("each month weighs by its days: only January cold is 31 days' worth", () => {
    const january = [-3, ...Array(11).fill(100)]; // the other months add ~0
    expect(monthlyDegreeDays(january, 17)).toBeCloseTo(31 * 20, 3);
    const february = [100, -3, ...Array(10).fill(100)];
    expect(monthlyDegreeDays(february, 17)).toBeCloseTo(28 * 20, 3);
  });

  it("at 17 °C the place's own degree days, at a lower balance fewer, in the profile's proportion", () => {
    expect(degreeDaysAtBalance(FLAT_MINUS_3, 17)).toBeCloseTo(4000, 6);
    // ΔT 20 → 16: 4000 × 16 / 20 (the exponential terms are below 1e-4 relative)
    expect(degreeDaysAtBalance(FLAT_MINUS_3, 13)).toBeCloseTo(3200, 1);
    expect(degreeDaysAtBalance({ degreeDays: 2000, monthlyMeanC: FLAT_MINUS_3.monthlyMeanC }, 13)).toBeCloseTo(1600, 1);
  });

  it('no monthly profile: no degree days', () => {
    expect(degreeDaysAtBalance({ degreeDays: 4000, monthlyMeanC: [] }, 17)).toBe(0);
  });
});

describe('free heat and balance temperature', () => {
  it('free heat 7 W/m², less the saved household electricity spread over the year (8.76 kWh/m² = 1 W/m²)', () => {
    expect(freeHeatGains(0)).toBe(7);
    expect(freeHeatGains(8.76)).toBeCloseTo(6, 9);
    expect(freeHeatGains(4.5)).toBeCloseTo(7 - 4500 / 8760, 9);
  });

  it('T_b = 21 − free heat × Atemp / H', () => {
    expect(balanceTemperature({ atemp: 100 }, 200)).toBeCloseTo(21 - 700 / 200, 9); // 17.5
    expect(balanceTemperature({ atemp: 100 }, 200, 6)).toBeCloseTo(21 - 600 / 200, 9); // 18
    expect(balanceTemperature({ atemp: 150 }, 300)).toBeCloseTo(17.5, 9);
  });

  it('a better envelope (lower H) has a lower balance temperature', () => {
    expect(balanceTemperature({ atemp: 100 }, 100)).toBeLessThan(balanceTemperature({ atemp: 100 }, 200));
  });
});

describe('space-heat need Q = H × degree days at T_b × 24 / 1000, ±5 % per °C from 21 °C', () => {
  // Reference house: T_b = 21 − 700 / 164.5114 = 16.7450 °C; ΔT = 19.7450 K every day of the flat climate, so the
  // degree days are 4000 × 19.7450 / 20 = 3948.996; Q = 164.5114 × 3948.996 × 24 / 1000 = 15 591.6 kWh.
  const tb = 21 - 700 / REFERENCE_H;
  const q = (REFERENCE_H * ((4000 * (tb + 3)) / 20) * 24) / 1000;

  it('the reference house in a flat −3 °C climate of 4 000 degree days: ≈ 15 592 kWh', () => {
    expect(q).toBeCloseTo(15591.6, 0);
    expect(spaceHeatNeed(input(), FLAT_MINUS_3, 21)).toBeCloseTo(q, 0);
  });

  it('22 °C indoors → × 1.05, 20 °C → × 0.95', () => {
    expect(spaceHeatNeed(input(), FLAT_MINUS_3, 22)).toBeCloseTo(q * 1.05, 0);
    expect(spaceHeatNeed(input(), FLAT_MINUS_3, 20)).toBeCloseTo(q * 0.95, 0);
  });

  it('never negative: 21 °C − 20 K → factor 0; colder still stays 0', () => {
    expect(spaceHeatNeed(input(), FLAT_MINUS_3, 1)).toBeCloseTo(0, 6);
    expect(spaceHeatNeed(input(), FLAT_MINUS_3, 0)).toBe(0);
  });

  it('less free heat (efficient appliances took 1 W/m²) raises T_b and the need', () => {
    // T_b = 21 − 600 / 164.5114 = 17.3528; ΔT = 20.3528; 4000 × 20.3528 / 20 = 4070.56 degree days → 16 072 kWh
    const tbLess = 21 - 600 / REFERENCE_H;
    const expected = (REFERENCE_H * ((4000 * (tbLess + 3)) / 20) * 24) / 1000;
    expect(expected).toBeCloseTo(16071.6, 0);
    expect(spaceHeatNeed(input(), FLAT_MINUS_3, 21, 6)).toBeCloseTo(expected, 0);
  });

  it('more degree days at the place, more need, in proportion', () => {
    const colder = { degreeDays: 6000, monthlyMeanC: FLAT_MINUS_3.monthlyMeanC };
    expect(spaceHeatNeed(input(), colder, 21)).toBeCloseTo(q * 1.5, 0);
  });

  it('more insulation, less need (the balance temperature falls too)', () => {
    const need = (answers: Answers) => spaceHeatNeed(input(answers), FLAT_MINUS_3, 21);
    expect(need({ attic_insulation_mm: 400 })).toBeLessThan(need({}));
    expect(need({ attic_insulation_mm: 500 })).toBeLessThan(need({ attic_insulation_mm: 400 }));
    expect(need({ wall_insulation_added_mm: 100 })).toBeLessThan(need({ wall_insulation_added_mm: 50 }));
    expect(need({ window_type: 'energy' })).toBeLessThan(need({ window_type: 'triple' }));
  });
});

describe('tap water', () => {
  it('standard (BEN): 20 kWh/m² in a småhus, 25 in a flerbostadshus', () => {
    expect(standardTapWaterNeed('small_house', 150)).toBe(3000);
    expect(standardTapWaterNeed('multi_dwelling', 150)).toBe(3750);
  });

  it('actual: occupants × 1 170 kWh; −38 % with low-flow fittings', () => {
    expect(actualTapWaterNeed(input({ occupants: 4 }), 'small_house')).toBe(4680);
    expect(actualTapWaterNeed(input({ occupants: 4, low_flush_faucets: true }), 'small_house')).toBeCloseTo(
      4680 * 0.62,
      6,
    );
    expect(actualTapWaterNeed(input({ occupants: 1 }), 'multi_dwelling')).toBe(1170);
  });

  it('no one living there is no tap water, not the standard', () => {
    expect(actualTapWaterNeed(input({ occupants: 0 }), 'small_house')).toBe(0);
  });

  it('unknown occupants: the BEN standard of the category (100 m²: 2 000 / 2 500 kWh), fittings still count', () => {
    expect(actualTapWaterNeed(input(), 'small_house')).toBe(2000);
    expect(actualTapWaterNeed(input(), 'multi_dwelling')).toBe(2500);
    expect(actualTapWaterNeed(input({ low_flush_faucets: true }), 'small_house')).toBeCloseTo(1240, 6);
  });
});

describe('household electricity per m²', () => {
  const answers = (appliances: 'standard' | 'efficient', energy_reducing_products: boolean) => ({
    appliances,
    energy_reducing_products,
  });

  it('standard run: always BEN 30 kWh/m²', () => {
    expect(householdElectricityPerM2(answers('efficient', true), 'standard')).toBe(30);
  });

  it('actual run: 30, × 0.85 efficient appliances (25.5), × 0.9 products (27), both 22.95', () => {
    expect(householdElectricityPerM2(answers('standard', false), 'actual')).toBe(30);
    expect(householdElectricityPerM2(answers('efficient', false), 'actual')).toBeCloseTo(25.5, 9);
    expect(householdElectricityPerM2(answers('standard', true), 'actual')).toBeCloseTo(27, 9);
    expect(householdElectricityPerM2(answers('efficient', true), 'actual')).toBeCloseTo(22.95, 9);
  });
});
