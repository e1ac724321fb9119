import type { Activity, EstimatedEpcLabel, PerCarrier } from '@home-energy/shared/schemas/energy';
import type { InformationItem } from '@home-energy/shared/schemas/property-flow';
import { co2Of, CO2_FACTORS } from '../../../energy/co2';
import { isRecommended, profileFacts, recommendedOutcome, stableHash } from '../insights';

const zero: PerCarrier = {
  bio: 0,
  bio_other: 0,
  bio_tree_pellets_bricks: 0,
  district_heating: 0,
  electricity: 0,
  gas: 0,
  oil: 0,
  wood: 0,
};
const label = (energy_class: EstimatedEpcLabel['energy_class']): EstimatedEpcLabel => ({
  type: 'estimated_calculated',
  energy_class,
  ep: 100,
  ep_requirement: 90,
  percent_of_requirement: 111,
  atemp: 120,
  f_geo: 1,
  f_geo_is_estimate: true,
  rule_version: 'BBR 29',
});

function activity(name: Activity['name'], change: Partial<Activity>): Activity {
  return {
    name,
    category: 'reduce_heat_losses',
    available: true,
    completion_status: 'not_completed',
    completed_at: null,
    energy_diff: 0,
    energy_diff_import: 0,
    energy_diff_export: 0,
    energy_diff_per_carrier: zero,
    investment_cost: 0,
    investment_cost_span: 0,
    life_span: 30,
    savings: { energySavings: 0, energyCostSavings: 0 },
    kwh_saved_bought: 0,
    kwh_sold: 0,
    payback_years: null,
    pays_back: false,
    lifetime_value: 0,
    needs_installer: true,
    choice: null,
    subsidies: [],
    messages: [],
    epc_label: label('E'),
    ...change,
  };
}

const information: InformationItem[] = [
  { type: 'epc_label', value: label('E') },
  {
    type: 'energy_use',
    value: {
      by_carrier: { ...zero, oil: 18000, electricity: 6000 },
      by_use: {},
      exported_kwh: 0,
      pv_production_kwh: 0,
      cost_per_year: 40000,
      prices_source: 'default',
    },
  },
];

describe('a profile’s facts', () => {
  const attic = activity('insulation_attic', {
    energy_diff: 3000,
    savings: { energySavings: 3000, energyCostSavings: 4000 },
    energy_diff_per_carrier: { ...zero, oil: 3000 },
    epc_label: label('D'),
  });
  const pump = activity('heat_pump_airwater', {
    energy_diff: 12000,
    savings: { energySavings: 12000, energyCostSavings: 15000 },
    energy_diff_per_carrier: { ...zero, oil: 18000, electricity: -6000 },
    epc_label: label('C'),
  });
  const top = activity('top_of_the_line', {
    category: 'package',
    energy_diff: 16000,
    savings: { energySavings: 16000, energyCostSavings: 22000 },
    energy_diff_per_carrier: { ...zero, oil: 18000, electricity: -2000 },
    epc_label: label('B'),
  });
  const done = activity('window_film', { available: false, completion_status: 'completed' });
  const negative = activity('lower_temperature_1_deg_c', {
    energy_diff: -5,
    savings: { energySavings: -5, energyCostSavings: -5 },
  });

  it('recommended = possible, not done, saves energy; after = the best complete package, else the best measure', () => {
    expect([attic, pump, top, done, negative].filter(isRecommended).map((a) => a.name)).toEqual([
      'insulation_attic',
      'heat_pump_airwater',
      'top_of_the_line',
    ]);
    expect(recommendedOutcome([attic, pump, top])?.name).toBe('top_of_the_line');
    expect(recommendedOutcome([attic, pump, { ...top, available: false }])?.name).toBe('heat_pump_airwater');
    expect(recommendedOutcome([done, negative])).toBeNull();
  });

  it('energy, cost and CO₂ now and after the package, per carrier, from the computed building only', () => {
    const register = {
      building_type: 'villa',
      construction_year: 1968,
      atemp: 120,
      primary_heating_systems: ['oil', 'wood'],
    };
    const facts = profileFacts(
      {
        register,
        recommendations: [attic, pump, top, done, negative],
        information,
        labels: { calculatedClass: 'E', calculatedEp: 210, measuredClass: null },
      },
      { occupants: 3 },
    );
    expect(facts).toMatchObject({
      label: 'E',
      calculatedClass: 'E',
      afterClass: 'B',
      buildingType: 'villa',
      yearBand: '1960_1975',
      heating: 'oil',
      completed: ['window_film'],
      energyNow: 24000,
      energyAfter: 8000,
      costNow: 40000,
      costAfter: 18000,
      carriersNow: { oil: 18000, electricity: 6000 },
      carriersAfter: { electricity: 8000 },
      issues: [],
    });
    expect(facts.co2Now).toBe(Math.round(18000 * CO2_FACTORS.oil.kgPerKwh + 6000 * CO2_FACTORS.electricity.kgPerKwh));
    expect(facts.co2After).toBe(Math.round(8000 * CO2_FACTORS.electricity.kgPerKwh));
    // A measured label is what the home shows; implausible answers are named.
    const measured = profileFacts(
      {
        register,
        recommendations: [],
        information: [],
        labels: { calculatedClass: 'E', calculatedEp: 210, measuredClass: 'D' },
      },
      { heat_pump_installation_year: 1950 },
    );
    expect(measured).toMatchObject({
      label: 'D',
      afterClass: 'E',
      energyNow: null,
      issues: ['heat_pump_before_construction', 'heat_pump_year_without_heat_pump'],
    });
  });

  it('the answers’ hash does not depend on key order; CO₂ ignores unknown carriers and negative amounts', () => {
    expect(stableHash({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(stableHash({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(stableHash({ a: 1 })).not.toBe(stableHash({ a: 2 }));
    expect(co2Of({ electricity: 1000, coal: 1000, oil: -5 })).toBeCloseTo(47);
  });
});
