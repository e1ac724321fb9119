// Focused edge cases of the recommendation layer (bff/src/energy/activities, engine README "Activity types" and
// "Ranking"), each written for a case the other activity tests left open: which parts the packages take, why panels
// with a battery are not offered, and the edges of the ranking and of the plan's refusals. The test house is
// fixtures' (150 m², one storey, 1970, Stockholm, direct electric) with the answers each test names.
import type { Answers } from '../answers';
import { CARRIERS } from '../types';
import { message } from '../activities/messages';
import {
  batteryInstallation,
  solarPanelAndBatteryInstallation,
  solarPanelInstallation,
} from '../activities/measures/solar';
import { topOfTheLineParts } from '../activities/measures/top-of-the-line';
import { heatPumpAir } from '../activities/measures/heat-pump-air';
import { bestHeatPump } from '../activities/measures/heat-pump-best';
import { heatPumpAirwater, heatPumpGeothermal } from '../activities/measures/heat-pump-replacement';
import { PlanError, planMeasures } from '../activities/plan';
import { byYearlySavings } from '../activities/ranking';
import { difference } from '../activities/runner';
import type { Activity, ActivityType, Measure, MeasureContext } from '../activities/types';
import { defaultPrices } from '../prices';
import { measureContext as ctx } from './fixtures';

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

describe('plans: a refusal says which measures and why, in the message the 400 and plan_outdated carry', () => {
  /** The refusal of these measures on the test house (with `answers`), or null when the plan is accepted. */
  function refusal(types: string[], answers: Answers = {}) {
    try {
      planMeasures(ctx(answers), types as ActivityType[]);
    } catch (e) {
      if (!(e instanceof PlanError)) throw e;
      // The measures the message names, as whole words (docs/api.md: the 400 names what was wrong).
      const words: string[] = e.message.match(/[a-z_]+/g) ?? [];
      return { code: e.code, measures: e.measures, named: e.measures.filter((m) => words.includes(m)) };
    }
    return null;
  }

  it.each([
    [['insulation_attic', 'insulation_attic'], {}, 'duplicate_measure', ['insulation_attic']],
    [['top_of_the_line'], {}, 'not_plannable', ['top_of_the_line']],
    [
      ['heat_pump_airwater', 'heat_pump_geothermal'],
      {},
      'conflicting_measures',
      ['heat_pump_airwater', 'heat_pump_geothermal'],
    ],
    [['insulation_attic'], { attic_insulation_mm: 400 }, 'not_available', ['insulation_attic']],
    [['battery_installation'], {}, 'not_available', ['battery_installation']],
  ] as [string[], Answers, string, string[]][])('%j (answers %j): %s, naming %j', (types, answers, code, measures) => {
    expect(refusal(types, answers)).toEqual({ code, measures, named: measures });
  });

  it('a heat pump in the plan makes smart steering possible, nothing else: a battery still needs panels', () => {
    expect(refusal(['heat_pump_geothermal', 'heat_pump_smart_steering'])).toBeNull();
    expect(refusal(['heat_pump_geothermal', 'battery_installation'])).toEqual({
      code: 'not_available',
      measures: ['battery_installation'],
      named: ['battery_installation'],
    });
  });
});

describe('panels and battery: the roof is the reason given first', () => {
  it('a north roof says so, also where a battery would add nothing to the panels', () => {
    // 100 m² with district heating: the panels alone give the house all the own use it can take.
    const c = ctx({ primary_heating_systems: ['district_heating'], atemp: 100, roof_orientation: 'north' });
    const kronor = (after: ReturnType<typeof solarPanelInstallation.apply>) =>
      Math.round(difference(c.before, c.runs.actual(after), c.prices).energyCostSavings);
    expect(kronor(solarPanelAndBatteryInstallation.apply(c))).toBe(kronor(solarPanelInstallation.apply(c)));
    expect(solarPanelAndBatteryInstallation.availability(c)).toEqual({
      available: false,
      messages: [message('solar_roof_north')],
    });
  });
});

describe("an activity's difference: before less after, for each carrier on its own", () => {
  it('each of the eight carriers is told apart, whatever the other seven do', () => {
    // Every carrier bought differs before and after, by an amount of its own, so no two could be swapped or added.
    const { before } = ctx();
    const byCarrier = { ...before.byCarrier };
    CARRIERS.forEach((carrier, i) => (byCarrier[carrier] = before.byCarrier[carrier] + 100 * (i + 1)));
    const after = { ...before, byCarrier, totalImport: before.totalImport + 3_600 };
    const d = difference(before, after, defaultPrices('SE3'));
    CARRIERS.forEach((carrier, i) => expect(d.energy_diff_per_carrier[carrier]).toBeCloseTo(-100 * (i + 1), 6));
    expect(d.energy_diff_import).toBeCloseTo(-3_600, 6);
  });
});

describe('heat pumps: which one is named, and whose installation year the answers keep', () => {
  it('heat_pump names the pump type that saves the most kronor in the house', () => {
    const houses = [
      ctx(),
      ctx({ construction_year: 2005, primary_heating_systems: ['district_heating'] }),
      ctx({ construction_year: 1960, primary_heating_systems: ['oil'] }),
      ctx({ construction_year: 2015, primary_heating_systems: ['district_heating'] }),
      ctx({ construction_year: 1995, primary_heating_systems: ['electric_waterborne'] }),
      // Cheap wood: replacing the stove with a pump costs more than it saves; an air-to-air unit beside it saves.
      ctx({ primary_heating_systems: ['wood'] }),
    ];
    const names = houses.map((c) => {
      const saving = (m: Measure) => difference(c.before, c.runs.actual(m.apply(c)), c.prices).energyCostSavings;
      const offered = [heatPumpGeothermal, heatPumpAirwater, heatPumpAir].filter(
        (m) => m.completion(c) !== 'completed' && m.availability(c).available,
      );
      const most = offered.reduce((a, b) => (saving(b) > saving(a) ? b : a));
      expect(bestHeatPump(c)?.type).toBe(most.type);
      return most.type;
    });
    // Not the first of the three every time: the choice is made by the kronor.
    expect(new Set(names).size).toBeGreaterThan(1);
  });

  it('an air-to-air pump beside a geothermal one keeps the geothermal pump’s installation year', () => {
    const c = ctx({
      primary_heating_systems: ['heat_pump_geothermal', 'wood'],
      heat_pump_installation_year: 2005,
    });
    expect(heatPumpAir.apply(c)).toMatchObject({
      primary_heating_systems: ['heat_pump_geothermal', 'wood', 'heat_pump_air'],
      heat_pump_installation_year: 2005,
    });
  });
});
