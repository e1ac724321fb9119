import '../../../../testing/setup-dom';
import { activity } from '../../../../testing/fixtures';
import { bySavingsDescending, groupRecommendations, isShown, SAVINGS_GROUPS } from '../group-recommendations';

describe('grouping, sorting and hiding recommendations (spec §3, §4)', () => {
  const list = [
    activity('insulation_attic', { category: 'reduce_heat_losses', kwh: 2_681 }),
    activity('insulation_walls', { category: 'reduce_heat_losses', kwh: 5_987 }),
    activity('heat_pump_air', { category: 'reduce_energy_usage', kwh: 9_259 }),
    activity('energy_efficient_products', { category: 'reduce_energy_usage', kwh: -84 }),
    activity('low_flush_faucets', { category: 'reduce_energy_usage', kwh: -10, completion_status: 'completed' }),
    activity('complete_renovation', { category: 'package', kwh: 26_026 }),
    activity('solar_panel_installation', { category: 'use_solar_energy', kwh: 6_902 }),
    activity('battery_installation', { category: 'use_solar_energy', kwh: 0, available: false }),
  ];

  it('groups by action group in the spec’s order, packages apart from the savings lists', () => {
    const { groups, packages } = groupRecommendations(list);
    expect(groups.map((g) => g.group)).toEqual(['reduce_heat_losses', 'reduce_energy_usage', 'use_solar_energy', 'optimisations']);
    expect(SAVINGS_GROUPS).not.toContain('package');
    expect(groups.flatMap((g) => g.activities).map((a) => a.name)).not.toContain('complete_renovation');
    expect(packages.map((a) => a.name)).toEqual(['complete_renovation']);
  });

  it('sorts each group by savings, highest first', () => {
    const { groups } = groupRecommendations(list);
    expect(groups[0].activities.map((a) => a.name)).toEqual(['insulation_walls', 'insulation_attic']);
    expect(groups[2].activities.map((a) => a.name)).toEqual(['solar_panel_installation', 'battery_installation']);
  });

  it('hides negative savings unless the measure is completed', () => {
    const { groups } = groupRecommendations(list);
    expect(groups[1].activities.map((a) => a.name)).toEqual(['heat_pump_air', 'low_flush_faucets']);
    expect(isShown(activity('window_film', { kwh: -1 }))).toBe(false);
    expect(isShown(activity('window_film', { kwh: -1, completion_status: 'completed' }))).toBe(true);
    expect(isShown(activity('window_film', { kwh: 0 }))).toBe(true);
  });

  it('counts only what is proposed: available, not done, saving something', () => {
    const { groups, nothingProposed } = groupRecommendations(list);
    expect(groups.map((g) => g.proposed)).toEqual([2, 1, 1, 0]);
    expect(nothingProposed).toBe(false);
  });

  it('says when nothing is proposed at all', () => {
    const { groups, packages, nothingProposed } = groupRecommendations([
      activity('battery_installation', { category: 'use_solar_energy', kwh: 0, available: false }),
      activity('energy_efficient_products', { category: 'reduce_energy_usage', kwh: -84 }),
    ]);
    expect(nothingProposed).toBe(true);
    expect(packages).toEqual([]);
    expect(groups.every((g) => g.proposed === 0)).toBe(true);
    expect(groupRecommendations([]).nothingProposed).toBe(true);
  });

  it('breaks ties by kronor saved, then by name', () => {
    const a = activity('window_film', { kwh: 100, kr: 50 });
    const b = activity('energy_efficient_doors', { kwh: 100, kr: 80 });
    const c = activity('energy_efficient_windows', { kwh: 100, kr: 80 });
    expect([a, c, b].sort(bySavingsDescending).map((x) => x.name)).toEqual(['energy_efficient_doors', 'energy_efficient_windows', 'window_film']);
  });
});
