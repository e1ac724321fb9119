// Focused unit tests of model/geometry.ts (engine README step 1: the envelope areas) and model/pv.ts (step 9: PV
// production, self-use with a battery, export). Plain answers, no place: every value worked out by hand.
import { buildingInputFromAnswers, type Answers } from '../answers';
import { envelopeOf } from '../model/geometry';
import { pvBalance, pvProduction, pvSelfUseShare } from '../model/pv';

const input = (answers: Answers = {}) =>
  buildingInputFromAnswers({ construction_year: 1970, atemp: 100, num_floors: 1, ...answers });

describe('envelope: square plan, walls by exposure, 15 % windows, two 2 m² doors', () => {
  it('100 m² on one storey: 10 × 10 m, wall 40 m × 2.7 m = 108 m² gross, window 15, door 4, wall 89', () => {
    expect(envelopeOf(input())).toEqual({
      footprint: 100,
      wall: expect.closeTo(89, 9),
      window: expect.closeTo(15, 9),
      door: 4,
      roof: 100,
      floor: 100,
      basementWall: 0,
    });
  });

  it('two storeys of 100 m²: the wall twice as high (216 m²), window 30, roof and floor one footprint', () => {
    const e = envelopeOf(input({ atemp: 200, num_floors: 2 }));
    expect(e.footprint).toBe(100);
    expect(e.roof).toBe(100);
    expect(e.floor).toBe(100);
    expect(e.window).toBeCloseTo(30, 9);
    expect(e.door).toBe(4);
    expect(e.wall).toBeCloseTo(216 - 30 - 4, 9);
  });

  it('the ceiling height + 0.3 m floor structure makes the storey: 3.0 m ceilings → 40 × 3.3 = 132 m² gross', () => {
    expect(envelopeOf(input({ ceiling_height: 3 })).wall).toBeCloseTo(132 - 15 - 4, 9);
  });

  it.each([
    ['villa', 1],
    ['flerbostadshus', 1],
    ['kedjehus', 0.9],
    ['parhus', 0.75],
    ['radhus', 0.5],
  ] as const)('%s: %f of the outer wall is exposed', (building_type, share) => {
    const e = envelopeOf(input({ building_type }));
    expect(e.wall + e.window + e.door).toBeCloseTo(108 * share, 9);
    expect(e.window).toBeCloseTo(15, 9);
  });

  it('a heated basement is a storey under the house: footprint 50 m², its wall one storey of the perimeter', () => {
    const e = envelopeOf(input({ basement: 'heated' }));
    const perimeter = 4 * Math.sqrt(50); // 28.28 m
    expect(e.footprint).toBeCloseTo(50, 9);
    expect(e.roof).toBeCloseTo(50, 9);
    expect(e.floor).toBeCloseTo(50, 9);
    expect(e.basementWall).toBeCloseTo(perimeter * 2.7, 9); // 76.37 m²
    expect(e.wall).toBeCloseTo(perimeter * 2.7 - 15 - 4, 9); // only the one storey above ground
    // a radhus's basement wall is exposed like its walls
    expect(envelopeOf(input({ basement: 'heated', building_type: 'radhus' })).basementWall).toBeCloseTo(
      perimeter * 2.7 * 0.5,
      9,
    );
  });

  it('an unheated basement changes no area (it halves the floor loss in heat-demand)', () => {
    expect(envelopeOf(input({ basement: 'unheated' }))).toEqual(envelopeOf(input()));
  });

  it('windows and doors never exceed the wall: a 10 000 m² one-storey radhus has 540 m² of wall, all window', () => {
    // 100 × 100 m, 400 m × 2.7 m × 0.5 = 540 m² < 15 % of 10 000 = 1 500 m²
    const e = envelopeOf(input({ atemp: 10_000, building_type: 'radhus' }));
    expect(e.window).toBeCloseTo(540, 9);
    expect(e.door).toBeCloseTo(0, 9);
    expect(e.wall).toBeCloseTo(0, 9);
  });

  it('a door takes what the windows leave when that is under 4 m²', () => {
    // one-storey radhus: gross wall = 4 √A × 2.7 × 0.5 = 5.4 √A; 5.4 √A − 0.15 A = 2 when
    // √A = (5.4 + √(5.4² − 4 × 0.15 × 2)) / 0.3 = 35.626, A ≈ 1 269.2 m²: 2 m² left for the doors
    const atemp = ((5.4 + Math.sqrt(5.4 ** 2 - 4 * 0.15 * 2)) / 0.3) ** 2;
    const e = envelopeOf({ atemp, num_floors: 1, basement: 'none', ceiling_height: 2.4, building_type: 'radhus' });
    expect(e.window).toBeCloseTo(0.15 * atemp, 6);
    expect(e.door).toBeCloseTo(2, 6);
    expect(e.wall).toBeCloseTo(0, 6);
  });
});

describe('PV production = kWp × yield of the price area × orientation factor', () => {
  const pv = (solar_panels_wp: number, roof_orientation: 'unknown' | 'south' | 'east_west' | 'north') => ({
    solar_panels_wp,
    roof_orientation,
  });

  it.each([
    ['SE1', 9760],
    ['SE2', 9760],
    ['SE3', 9860],
    ['SE4', 10480],
  ] as const)('10 kWp facing south in %s: %i kWh', (area, kwh) => {
    expect(pvProduction(pv(10_000, 'south'), area)).toBeCloseTo(kwh, 6);
  });

  it('east/west 0.75, north 0.55; an unknown orientation counts as south', () => {
    expect(pvProduction(pv(10_000, 'east_west'), 'SE3')).toBeCloseTo(7395, 6);
    expect(pvProduction(pv(10_000, 'north'), 'SE3')).toBeCloseTo(5423, 6);
    expect(pvProduction(pv(10_000, 'unknown'), 'SE3')).toBeCloseTo(9860, 6);
    expect(pvProduction(pv(4_500, 'south'), 'SE4')).toBeCloseTo(4716, 6); // 4.5 × 1 048
  });

  it('no panels, no production', () => {
    expect(pvProduction(pv(0, 'south'), 'SE3')).toBe(0);
  });
});

describe('PV self-use share: 30 % + 25 % × battery kWh / kWp (ratio at most 1)', () => {
  const share = (solar_panels_wp: number, battery_kwh: number) => pvSelfUseShare({ solar_panels_wp, battery_kwh });

  it('no panels: nothing used, battery or not', () => {
    expect(share(0, 0)).toBe(0);
    expect(share(0, 10)).toBe(0);
  });

  it('panels alone: 30 %', () => {
    expect(share(10_000, 0)).toBeCloseTo(0.3, 9);
    expect(share(3_000, 0)).toBeCloseTo(0.3, 9);
  });

  it('a battery of half the kWp: 42.5 %; 1 kWh per kWp: 55 %; more adds nothing', () => {
    expect(share(10_000, 5)).toBeCloseTo(0.425, 9);
    expect(share(10_000, 10)).toBeCloseTo(0.55, 9);
    expect(share(10_000, 20)).toBeCloseTo(0.55, 9);
    expect(share(4_000, 2)).toBeCloseTo(0.425, 9);
  });
});

describe('PV balance: self-use at most 40 % of the house’s electricity, the rest exported', () => {
  // 10 kWp south in SE3: 9 860 kWh, 30 % = 2 958 kWh self-used when the house uses enough electricity
  const panels = input({ solar_panels_wp: 10_000, roof_orientation: 'south' });

  it('a house using 20 000 kWh: 2 958 self-used (under 8 000), 6 902 exported', () => {
    const b = pvBalance(panels, 'SE3', 20_000);
    expect(b.production).toBeCloseTo(9860, 6);
    expect(b.selfUse).toBeCloseTo(2958, 6);
    expect(b.export).toBeCloseTo(6902, 6);
  });

  it('a house using 5 000 kWh: capped at 40 % = 2 000, 7 860 exported', () => {
    const b = pvBalance(panels, 'SE3', 5_000);
    expect(b.selfUse).toBeCloseTo(2000, 6);
    expect(b.export).toBeCloseTo(7860, 6);
  });

  it('at 7 395 kWh both limits meet at 2 958; just below and above, the lower one holds', () => {
    expect(pvBalance(panels, 'SE3', 7395).selfUse).toBeCloseTo(2958, 6);
    expect(pvBalance(panels, 'SE3', 7390).selfUse).toBeCloseTo(2956, 6);
    expect(pvBalance(panels, 'SE3', 7400).selfUse).toBeCloseTo(2958, 6);
  });

  it('a battery raises self-use: 10 kWh → 55 % = 5 423 kWh', () => {
    const b = pvBalance(input({ solar_panels_wp: 10_000, roof_orientation: 'south', battery_kwh: 10 }), 'SE3', 20_000);
    expect(b.selfUse).toBeCloseTo(5423, 6);
    expect(b.export).toBeCloseTo(9860 - 5423, 6);
  });

  it('no panels: nothing produced, used or exported', () => {
    expect(pvBalance(input(), 'SE3', 20_000)).toEqual({ production: 0, selfUse: 0, export: 0 });
  });
});
