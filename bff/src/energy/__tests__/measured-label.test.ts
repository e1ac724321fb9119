// estimated_measured: simplified BEN normalisation of metered consumption.
import { buildingInputFromAnswers } from '../answers';
import { calculatedLabel, modelEnergy, type Building } from '../building-model';
import { ConsumptionError, measuredLabel } from '../measured-label';
import { place, POSTAL, YEAR } from './fixtures';

/** A house whose actual use is the standard use (21 °C, occupants unknown → BEN tap water). */
function standardHouse(answers: object = {}, postal: string = POSTAL.stockholm): Building {
  return { input: buildingInputFromAnswers({ construction_year: 1975, atemp: 140, ...answers }), location: place(postal), year: YEAR };
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
    const small = measuredLabel({ byCarrier: { district_heating: 15_000, electricity: 5_000 } }, b).value.ep;
    expect(small).toBeGreaterThan(0);
    // The split follows the model, so the whole district-heating figure scales heating, never the standard tap water.
    const more = measuredLabel({ byCarrier: { district_heating: 16_000, electricity: 5_000 } }, b).value.ep;
    expect(more).toBeGreaterThan(small);
  });

  it.each([
    [{ byCarrier: { electricity: -1 } }, /electricity/],
    [{ byCarrier: { coal: 100 } }, /unknown carrier coal/],
    [{ byCarrier: { electricity: 100 }, degreeDays: 0 }, /degreeDays/],
  ])('rejects %j', (consumption, error) => {
    expect(() => measuredLabel(consumption as never, standardHouse())).toThrow(ConsumptionError);
    expect(() => measuredLabel(consumption as never, standardHouse())).toThrow(error);
  });
});
