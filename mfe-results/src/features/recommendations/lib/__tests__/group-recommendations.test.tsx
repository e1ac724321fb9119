import '../../../../testing/setup-dom';
import { activity } from '../../../../testing/fixtures';
import {
  bestNextSteps,
  byRank,
  doesNotPayBack,
  groupRecommendations,
  isShown,
  offersInstallers,
  SAVINGS_GROUPS,
} from '../group-recommendations';

describe('grouping, sorting and hiding recommendations (docs/product.md §3, §4)', () => {
  const list = [
    activity('insulation_attic', { category: 'reduce_heat_losses', kwh: 2_681, kr: 3_600 }),
    activity('insulation_walls', {
      category: 'reduce_heat_losses',
      kwh: 5_987,
      kr: 3_000,
      investment_cost: 200_000,
      life_span: 40,
    }),
    activity('heat_pump_air', { category: 'reduce_energy_usage', kwh: 9_259 }),
    activity('energy_efficient_products', { category: 'reduce_energy_usage', kwh: -84 }),
    activity('low_flush_faucets', { category: 'reduce_energy_usage', kwh: -10, completion_status: 'completed' }),
    activity('complete_renovation', { category: 'package', kwh: 26_026 }),
    activity('solar_panel_installation', { category: 'use_solar_energy', kwh: 6_902 }),
    activity('battery_installation', { category: 'use_solar_energy', kwh: 0, kr: 0, available: false }),
  ];

  it('groups by action group in the spec’s order, packages apart from the savings lists', () => {
    const { groups, packages } = groupRecommendations(list);
    expect(groups.map((g) => g.group)).toEqual([
      'reduce_heat_losses',
      'reduce_energy_usage',
      'use_solar_energy',
      'optimisations',
    ]);
    expect(SAVINGS_GROUPS).not.toContain('package');
    expect(groups.flatMap((g) => g.activities).map((a) => a.name)).not.toContain('complete_renovation');
    expect(packages.map((a) => a.name)).toEqual(['complete_renovation']);
  });

  it('a measure that does not pay back comes last in its group, though it saves more kWh', () => {
    const { groups } = groupRecommendations(list);
    // walls: 3 000 kr × 40 years < 200 000 kr
    expect(doesNotPayBack(list[1])).toBe(true);
    expect(groups[0].activities.map((a) => a.name)).toEqual(['insulation_attic', 'insulation_walls']);
    const richerButNotPaying = activity('energy_efficient_windows', { kr: 9_000, investment_cost: 400_000 });
    expect([richerButNotPaying, list[0]].sort(byRank).map((a) => a.name)).toEqual([
      'insulation_attic',
      'energy_efficient_windows',
    ]);
  });

  it('hides negative savings and measures saving nothing (0 kWh and 0 kr) unless completed', () => {
    const { groups } = groupRecommendations(list);
    expect(groups[1].activities.map((a) => a.name)).toEqual(['heat_pump_air', 'low_flush_faucets']);
    expect(groups[2].activities.map((a) => a.name)).toEqual(['solar_panel_installation']);
    expect(isShown(activity('window_film', { kwh: -1 }))).toBe(false);
    expect(isShown(activity('window_film', { kwh: -1, completion_status: 'completed' }))).toBe(true);
    expect(isShown(activity('unspecified', { category: 'optimisations', kwh: 0, kr: 0, investment_cost: 0 }))).toBe(
      false,
    );
    expect(isShown(activity('window_film', { kwh: 0, kr: 0, completion_status: 'completed' }))).toBe(true);
    expect(isShown(activity('battery_installation', { kwh: 0, kr: 900 }))).toBe(true);
  });

  it('counts only what is proposed: available, not done, saving something', () => {
    const { groups, nothingProposed } = groupRecommendations(list);
    expect(groups.map((g) => g.proposed)).toEqual([2, 1, 1, 0]);
    expect(nothingProposed).toBe(false);
  });

  it('says when nothing is proposed at all', () => {
    const { groups, packages, nothingProposed, best } = groupRecommendations([
      activity('battery_installation', { category: 'use_solar_energy', kwh: 0, kr: 0, available: false }),
      activity('energy_efficient_products', { category: 'reduce_energy_usage', kwh: -84 }),
    ]);
    expect(nothingProposed).toBe(true);
    expect(packages).toEqual([]);
    expect(best).toEqual([]);
    expect(groups.every((g) => g.proposed === 0)).toBe(true);
    expect(groupRecommendations([]).nothingProposed).toBe(true);
  });

  it('breaks ties by kronor saved, then kWh, then by name', () => {
    const a = activity('window_film', { kwh: 100, kr: 50 });
    const b = activity('energy_efficient_doors', { kwh: 100, kr: 80 });
    const c = activity('energy_efficient_windows', { kwh: 100, kr: 80 });
    const d = activity('insulation_attic', { kwh: 200, kr: 50 });
    expect([a, c, d, b].sort(byRank).map((x) => x.name)).toEqual([
      'energy_efficient_doors',
      'energy_efficient_windows',
      'insulation_attic',
      'window_film',
    ]);
  });
});

describe('Best next steps', () => {
  it('the three proposed measures with most money left over their lifetime, not most kWh or kronor a year', () => {
    const best = bestNextSteps([
      // lifetime_value = kr × life span − investment (fixtures follow the engine)
      // −20 000: does not pay back
      activity('insulation_walls', { kwh: 9_000, kr: 12_000, investment_cost: 500_000, life_span: 40 }),
      activity('insulation_attic', { kwh: 2_500, kr: 3_600, investment_cost: 15_000, life_span: 40 }), // 129 000
      activity('heat_pump_airwater', { kr: 20_000, investment_cost: 75_000, life_span: 15 }), // 225 000
      activity('heat_pump_air', { kr: 10_000, investment_cost: 20_000, life_span: 12 }), // 100 000
      activity('low_flush_faucets', { kr: 2_600, investment_cost: 2_750, life_span: 10 }), // 23 250
      // a package: not here
      activity('top_of_the_line', { category: 'package', kr: 40_000, investment_cost: 800_000, life_span: 27 }),
      activity('window_film', { kr: 50_000, investment_cost: 1_000, completion_status: 'completed' }),
    ]);
    expect(best.map((a) => a.name)).toEqual(['heat_pump_airwater', 'insulation_attic', 'heat_pump_air']);
  });

  it('one of each choice: the best heat pump, not the same pump twice', () => {
    const best = bestNextSteps([
      activity('heat_pump', { kr: 24_000, investment_cost: 175_000, life_span: 20, choice: 'heat_pump' }),
      activity('heat_pump_geothermal', { kr: 24_000, investment_cost: 175_000, life_span: 20, choice: 'heat_pump' }),
      activity('heat_pump_airwater', { kr: 20_000, investment_cost: 75_000, life_span: 15, choice: 'heat_pump' }),
      activity('insulation_attic', { kr: 3_600, investment_cost: 15_000, life_span: 40 }),
      activity('low_flush_faucets', { kr: 2_600, investment_cost: 2_750, life_span: 10 }),
    ]);
    // "Heat pump" is the ground-source pump (the same figures): shown once, as the pump, marked the best.
    expect(best.map((a) => a.name)).toEqual(['heat_pump_geothermal', 'insulation_attic', 'low_flush_faucets']);
    expect(best.map((a) => a.best_heat_pump)).toEqual([true, false, false]);
  });
});

describe('Contact installers', () => {
  it('only where an installer does the work and there is something to do', () => {
    expect(offersInstallers(activity('heat_pump_air'))).toBe(true);
    expect(
      offersInstallers(activity('lower_temperature_1_deg_c', { needs_installer: false, investment_cost: 0 })),
    ).toBe(false);
    expect(offersInstallers(activity('wallbox_charger_station', { kwh: 0, kr: 0 }))).toBe(false);
    expect(offersInstallers(activity('insulation_attic', { completion_status: 'completed' }))).toBe(false);
  });
});
