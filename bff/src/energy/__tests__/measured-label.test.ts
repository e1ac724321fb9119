// estimated_measured: BEN normalisation of metered consumption (household and tap water at BEN's normal values unless
// given).
import fc from 'fast-check';
import { buildingInputFromAnswers } from '../answers';
import { calculatedLabel, modelEnergy, type Building } from '../building-model';
import { ConsumptionError, measuredEpParts, measuredLabel } from '../measured-label';
import { place, POSTAL, YEAR } from './fixtures';

/** A house whose actual use is the standard use (21 °C, occupants unknown → BEN tap water). */
function standardHouse(answers: object = {}, postal: string = POSTAL.stockholm): Building {
  return {
    input: buildingInputFromAnswers({ construction_year: 1975, atemp: 140, ...answers }),
    location: place(postal),
    year: YEAR,
  };
}

describe('measuredLabel', () => {
  it.each([
    ['direct electric', { primary_heating_systems: ['electric_direct'] }],
    ['district heating', { primary_heating_systems: ['district_heating'] }],
    ['geothermal + PV', { primary_heating_systems: ['heat_pump_geothermal'], solar_panels_wp: 5000 }],
    ['oil + wood stove', { primary_heating_systems: ['oil', 'wood'] }],
  ])('%s: the model’s own consumption in a normal year gives the calculated EP', (_name, answers) => {
    const b = standardHouse(answers, POSTAL.lulea);
    const metered = modelEnergy(b, 'actual').byCarrier;
    const measured = measuredLabel({ byCarrier: metered }, b).value;
    expect(measured.type).toBe('estimated_measured');
    expect(measured.ep).toBeCloseTo(calculatedLabel(b).value.ep, 1);
    expect(measured.energy_class).toBe(calculatedLabel(b).value.energy_class);
  });

  it('a cold metered year is normalised down to a normal year (heating × normal / actual degree days)', () => {
    const b = standardHouse({ primary_heating_systems: ['district_heating'] });
    const metered = modelEnergy(b, 'actual').byCarrier;
    const normal = measuredLabel({ byCarrier: metered }, b).value.ep;
    const cold = measuredLabel({ byCarrier: metered, degreeDays: b.location.degreeDays * 1.2 }, b).value.ep;
    expect(cold).toBeLessThan(normal);
  });

  it('household electricity on a separate meter is not subtracted', () => {
    const b = standardHouse();
    const byCarrier = { electricity: 20_000 };
    const shared = measuredLabel({ byCarrier }, b).value.ep;
    const separate = measuredLabel({ byCarrier, householdElectricityIncluded: false }, b).value.ep;
    expect(separate).toBeGreaterThan(shared);
  });

  it('measured tap water is replaced by the BEN standard: more hot water used does not change EP', () => {
    const b = standardHouse({ primary_heating_systems: ['district_heating'] });
    const byCarrier = { district_heating: 15_000, electricity: 5_000 };
    const normal = measuredLabel({ byCarrier }, b).value.ep;
    // 1 000 kWh more on the bill, all of it metered as tap water: the label stays where it was.
    const moreTap = measuredLabel(
      { byCarrier: { ...byCarrier, district_heating: 16_000 }, tapWater: 20 * 140 + 1000 },
      b,
    ).value.ep;
    expect(moreTap).toBeCloseTo(normal, 6);
    // The same 1 000 kWh with tap water not metered counts as heating.
    expect(measuredLabel({ byCarrier: { ...byCarrier, district_heating: 16_000 } }, b).value.ep).toBeGreaterThan(
      normal,
    );
  });

  it('BEN: heating = bought − household (30 kWh/m²) − property (5.5 kWh/m²) − tap water (20 kWh/m² ÷ η_tvv)', () => {
    // 150 m², Stockholm (F_geo 1.0), direct electric: 15 000 − 4 500 − 825 − 3 000 = 6 675 kWh heating;
    // EP = (6 675 + 3 000 + 825) × 1.8 / 150 = 126.0 → class E (> 121.5).
    const b = { ...standardHouse({ atemp: 150, primary_heating_systems: ['electric_direct'] }) };
    const parts = measuredEpParts({ byCarrier: { electricity: 15_000 } }, b).electricity;
    expect(parts.heating).toBeCloseTo(6675, 6);
    expect(parts.tapWater).toBeCloseTo(3000, 6);
    expect(parts.property).toBeCloseTo(825, 6);
    expect(b.location.fGeo).toBe(1);
    const label = measuredLabel({ byCarrier: { electricity: 15_000 } }, b).value;
    expect(label.ep).toBeCloseTo(126, 1);
    expect(label.energy_class).toBe('E');
  });

  it("household electricity given is used instead of BEN's normal value", () => {
    const b = standardHouse({ primary_heating_systems: ['electric_direct'] });
    const byCarrier = { electricity: 18_000 };
    const normal = measuredLabel({ byCarrier }, b).value.ep;
    expect(measuredLabel({ byCarrier, householdElectricity: 30 * 140 }, b).value.ep).toBeCloseTo(normal, 6);
    expect(measuredLabel({ byCarrier, householdElectricity: 6000 }, b).value.ep).toBeLessThan(normal);
  });

  it.each([
    [{ byCarrier: { electricity: -1 } }, /electricity/],
    [{ byCarrier: { coal: 100 } }, /unknown carrier coal/],
    [{ byCarrier: { electricity: 100 }, degreeDays: 0 }, /degreeDays/],
    [{ byCarrier: { electricity: 100 }, tapWater: -5 }, /tapWater/],
    [{ byCarrier: { electricity: 100 }, householdElectricity: Number.NaN }, /householdElectricity/],
  ])('rejects %j', (consumption, error) => {
    expect(() => measuredLabel(consumption as never, standardHouse())).toThrow(ConsumptionError);
    expect(() => measuredLabel(consumption as never, standardHouse())).toThrow(error);
  });
});

describe('measured label properties: envelope answers never move it (same meter, Atemp and place → same EP)', () => {
  const envelope = fc.record({
    construction_year: fc.integer({ min: 1900, max: 2025 }),
    attic_insulation_mm: fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }),
    wall_insulation_added_mm: fc.integer({ min: 0, max: 300 }),
    window_type: fc.constantFrom('unknown', 'single', 'double', 'triple', 'energy'),
    door_type: fc.constantFrom('original', 'insulated', 'energy'),
    window_film: fc.boolean(),
    num_floors: fc.integer({ min: 1, max: 3 }),
    basement: fc.constantFrom('none', 'unheated', 'heated'),
    ceiling_height: fc.constantFrom(2.4, 2.6, 3.0),
  });
  const systems = fc.constantFrom(
    ['electric_direct'],
    ['district_heating'],
    ['heat_pump_geothermal'],
    ['heat_pump_air', 'electric_direct'],
    ['oil', 'wood'],
    ['heat_pump_airwater'],
  );
  const meter = fc.record({
    electricity: fc.integer({ min: 0, max: 40_000 }),
    district_heating: fc.integer({ min: 0, max: 30_000 }),
    oil: fc.integer({ min: 0, max: 30_000 }),
    wood: fc.integer({ min: 0, max: 10_000 }),
  });

  it('EP does not change with construction year, U-values or geometry answers', () => {
    fc.assert(
      fc.property(
        envelope,
        envelope,
        systems,
        meter,
        fc.constantFrom(POSTAL.stockholm, POSTAL.lulea, POSTAL.malmo),
        (a, b, primary, byCarrier, postal) => {
          const x = standardHouse({ ...a, atemp: 150, primary_heating_systems: primary }, postal);
          const y = standardHouse({ ...b, atemp: 150, primary_heating_systems: primary }, postal);
          expect(measuredLabel({ byCarrier }, x).value.ep).toBeCloseTo(measuredLabel({ byCarrier }, y).value.ep, 9);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the same 15 000 kWh in the same 150 m² Stockholm house: one EP and class for every construction year', () => {
    const labels = [1900, 1930, 1950, 1965, 1975, 1985, 1995, 2005, 2015, 2025].map(
      (year) =>
        measuredLabel(
          { byCarrier: { electricity: 15_000 } },
          standardHouse({ construction_year: year, atemp: 150, primary_heating_systems: ['electric_direct'] }),
        ).value,
    );
    expect(new Set(labels.map((l) => l.ep)).size).toBe(1);
    expect(new Set(labels.map((l) => l.energy_class)).size).toBe(1);
  });
});
