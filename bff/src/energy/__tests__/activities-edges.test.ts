// Focused edge cases of the recommendation layer (bff/src/energy/activities, engine README "Activity types" and
// "Ranking"), each written for a case the other activity tests left open: which parts the packages take, and the edges
// of the small measures, the ranking and the subsidies. The test house is fixtures' (150 m², one storey, 1970,
// Stockholm, direct electric) with the answers each test names.
import type { Answers } from '../answers';
import { batteryInstallation } from '../activities/measures/solar';
import { topOfTheLineParts } from '../activities/measures/top-of-the-line';
import { byYearlySavings } from '../activities/ranking';
import { contextFor } from '../activities/runner';
import type { Activity, ActivityType, MeasureContext } from '../activities/types';
import { defaultPrices } from '../prices';
import { house } from './fixtures';

/** A new context at each call: what a measure works out is worked out in the test that checks it. */
function ctx(answers: Answers = {}): MeasureContext {
  return contextFor(house(answers), defaultPrices('SE3'));
}
const types = (c: MeasureContext) => topOfTheLineParts(c).map((m) => m.type);

describe('top_of_the_line: only parts that lower the energy bought, nothing done twice', () => {
  it('the house already steers its heating: the new pump comes without a second steering', () => {
    const c = ctx({ smart_heating_control: true, roof_orientation: 'north' });
    expect(types(c)).toEqual([
      'insulation_attic',
      'insulation_walls',
      'energy_efficient_windows',
      'energy_efficient_doors',
      'heat_pump_geothermal',
      'low_flush_faucets',
      'energy_efficient_products',
    ]);
  });

  it('a battery that adds nothing to the own use of large panels is left out', () => {
    // 20 kWp beside a geothermal pump: 30 % of the production already exceeds the cap of 40 % of the electricity use.
    const c = ctx({
      primary_heating_systems: ['heat_pump_geothermal'],
      heat_pump_installation_year: 2020,
      smart_heating_control: true,
      solar_panels_wp: 20_000,
      roof_orientation: 'south',
    });
    const withBattery = c.runs.actual(batteryInstallation.apply(c));
    expect(withBattery.totalImport).toBe(c.before.totalImport);
    expect(batteryInstallation.availability(c).available).toBe(true);
    expect(types(c)).not.toContain('battery_installation');
    expect(types(c)).toEqual([
      'insulation_attic',
      'insulation_walls',
      'energy_efficient_windows',
      'energy_efficient_doors',
      'low_flush_faucets',
      'energy_efficient_products',
    ]);
  });
});

describe('ranking: the order of two recommendations is the same whichever is asked first', () => {
  const card = (name: ActivityType) =>
    ({ name, savings: { energySavings: 100, energyCostSavings: 500 }, kwh_saved_bought: 100 }) as Activity;

  it('equal kronor and kWh: the type name earlier in code-unit order comes first, from either side', () => {
    // A sort may ask (a, b) or (b, a): both answers must agree, or another sort of the same list could differ.
    const attic = card('insulation_attic');
    const walls = card('insulation_walls');
    expect(Math.sign(byYearlySavings(attic, walls))).toBe(-1);
    expect(Math.sign(byYearlySavings(walls, attic))).toBe(1);
  });
});
