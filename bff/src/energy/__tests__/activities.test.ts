// Each implemented activity appears where it applies and is absent (completed) or flagged where it does not.
import { recommendationsFor } from '../activities/recommendations';
import { IMPLEMENTED_ACTIVITY_TYPES } from '../activities/registry';
import { ACTIVITY_TYPES, type Activity, type ActivityType } from '../activities/types';
import type { Answers } from '../answers';
import { house } from './fixtures';

function activity(type: ActivityType, answers: Answers = {}): Activity {
  const found = recommendationsFor(house(answers)).find((a) => a.name === type);
  if (!found) throw new Error(`${type} missing`);
  return found;
}

const NEW_PUMP = { heat_pump_installation_year: 2020 };
// [type, answers where it applies, answers where it does not, expected status there, expected message id there]
const CASES: [ActivityType, Answers, Answers, 'completed' | 'not_completed', string][] = [
  ['insulation_attic', {}, { attic_insulation_mm: 450 }, 'completed', 'already_done'],
  ['insulation_walls', {}, { wall_insulation_added_mm: 120 }, 'completed', 'already_done'],
  ['energy_efficient_windows', { window_type: 'double' }, { window_type: 'energy' }, 'completed', 'already_done'],
  ['energy_efficient_doors', {}, { door_type: 'energy' }, 'completed', 'already_done'],
  ['heat_pump_geothermal', {}, { primary_heating_systems: ['heat_pump_geothermal'], ...NEW_PUMP }, 'completed', 'already_done'],
  ['heat_pump_airwater', { primary_heating_systems: ['oil'] }, { primary_heating_systems: ['heat_pump_geothermal'], ...NEW_PUMP },
    'not_completed', 'better_heat_pump_present'],
  ['heat_pump_air', {}, { primary_heating_systems: ['heat_pump_airwater'], ...NEW_PUMP }, 'not_completed', 'better_heat_pump_present'],
  ['heat_pump', { primary_heating_systems: ['oil'] }, { primary_heating_systems: ['heat_pump_geothermal'], ...NEW_PUMP },
    'completed', 'already_done'],
  ['heat_pump_smart_steering', { primary_heating_systems: ['heat_pump_geothermal'], ...NEW_PUMP }, {}, 'not_completed',
    'smart_steering_needs_heat_pump'],
  ['solar_panel_installation', { roof_orientation: 'south' }, { roof_orientation: 'north' }, 'not_completed', 'solar_roof_north'],
  ['battery_installation', { solar_panels_wp: 8000 }, {}, 'not_completed', 'battery_needs_solar'],
  ['solar_panel_and_battery_installation', { roof_orientation: 'south' }, { solar_panels_wp: 8000 }, 'not_completed',
    'solar_present_use_battery'],
  ['lower_temperature_1_deg_c', { indoor_temperature: 22 }, { indoor_temperature: 20 }, 'completed', 'already_done'],
  ['low_flush_faucets', {}, { low_flush_faucets: true }, 'completed', 'already_done'],
  ['wallbox_charger_station', {}, { wallbox: true }, 'completed', 'already_done'],
  ['complete_renovation', {},
    { attic_insulation_mm: 450, wall_insulation_added_mm: 100, window_type: 'energy', door_type: 'energy',
      primary_heating_systems: ['heat_pump_geothermal'], ...NEW_PUMP },
    'completed', 'already_done'],
];

describe('activity types', () => {
  it('the registry implements the listed types, each once, all spec §3 type names', () => {
    expect(new Set(IMPLEMENTED_ACTIVITY_TYPES).size).toBe(IMPLEMENTED_ACTIVITY_TYPES.length);
    for (const t of IMPLEMENTED_ACTIVITY_TYPES) expect(ACTIVITY_TYPES).toContain(t);
    expect(CASES.map((c) => c[0]).sort()).toEqual([...IMPLEMENTED_ACTIVITY_TYPES].sort());
  });

  it('every result carries every field of spec §3', () => {
    for (const a of recommendationsFor(house())) {
      expect(Object.keys(a).sort()).toEqual([
        'available', 'category', 'completed_at', 'completion_status', 'energy_diff', 'energy_diff_export', 'energy_diff_import',
        'energy_diff_per_carrier', 'epc_label', 'investment_cost', 'investment_cost_span', 'life_span', 'messages', 'name',
        'savings', 'subsidies',
      ]);
      expect(Object.keys(a.savings).sort()).toEqual(['energyCostSavings', 'energySavings']);
      expect(a.epc_label.type).toBe('estimated_calculated');
      for (const m of a.messages) expect(['error', 'warning', 'notice']).toContain(m.level);
    }
  });

  describe.each(CASES)('%s', (type, applies, doesNot, statusThere, messageThere) => {
    it('appears where it applies: available, with a saving, a cost and a life span', () => {
      const a = activity(type, applies);
      expect(a.available).toBe(true);
      expect(a.completion_status).toBe('not_completed');
      if (type === 'wallbox_charger_station') {
        expect(a.energy_diff).toBe(0);
        expect(a.messages.map((m) => m.id)).toContain('no_energy_saving');
      } else if (type === 'battery_installation') {
        // A battery buys less and exports as much less: no net energy saved (losses not modelled), money saved.
        expect(a.energy_diff_import).toBeGreaterThan(0);
        expect(Math.abs(a.energy_diff_export + a.energy_diff_import)).toBeLessThanOrEqual(1);
        expect(a.savings.energyCostSavings).toBeGreaterThan(0);
      } else {
        expect(a.energy_diff).toBeGreaterThan(0);
        expect(a.savings.energyCostSavings).toBeGreaterThan(0);
      }
      expect(a.savings.energySavings).toBe(a.energy_diff);
      expect(a.energy_diff).toBe(a.energy_diff_import + a.energy_diff_export);
      if (type !== 'lower_temperature_1_deg_c') expect(a.investment_cost).toBeGreaterThan(0);
      expect(a.life_span).toBeGreaterThan(0);
    });

    it(`is absent or flagged where it does not: ${statusThere}, "${messageThere}"`, () => {
      const a = activity(type, doesNot);
      expect(a.available).toBe(false);
      expect(a.completion_status).toBe(statusThere);
      expect(a.messages.map((m) => m.id)).toContain(messageThere);
      expect(a.energy_diff).toBe(0);
    });
  });
});

describe('completion and upgrades from the answers', () => {
  it('a geothermal pump past its life span → upgrade_available, and replacing it saves energy', () => {
    const a = activity('heat_pump_geothermal', { primary_heating_systems: ['heat_pump_geothermal'], heat_pump_installation_year: 2000 });
    expect(a.completion_status).toBe('upgrade_available');
    expect(a.available).toBe(true);
    expect(a.energy_diff).toBeGreaterThan(0);
    expect(a.messages.map((m) => m.id)).toContain('upgrade_possible');
  });

  it('300 mm in the attic → upgrade_available; triple glazing → upgrade_available', () => {
    expect(activity('insulation_attic', { attic_insulation_mm: 300 }).completion_status).toBe('upgrade_available');
    expect(activity('energy_efficient_windows', { window_type: 'triple' }).completion_status).toBe('upgrade_available');
  });

  it('a new house (2010) has no attic to top up; an old one does', () => {
    expect(activity('insulation_attic', { construction_year: 2010 }).completion_status).toBe('completed');
    expect(activity('insulation_attic', { construction_year: 1930 }).available).toBe(true);
  });
});

describe('messages, labels, costs and subsidies', () => {
  it('heat pumps in a direct-electric house warn that a waterborne system is needed', () => {
    expect(activity('heat_pump_geothermal').messages.map((m) => m.id)).toContain('needs_waterborne_heating');
  });

  it('solar: orientation unknown → notice; east/west → notice; PV not in the label', () => {
    expect(activity('solar_panel_installation').messages.map((m) => m.id)).toEqual(['solar_not_in_label', 'solar_orientation_unknown']);
    expect(activity('solar_panel_installation', { roof_orientation: 'east_west' }).messages.map((m) => m.id)).toContain('solar_east_west');
  });

  it('a heat pump improves the label after the measure; lowering the temperature does not change it', () => {
    const before = activity('low_flush_faucets').epc_label.ep;
    expect(activity('heat_pump_geothermal').epc_label.ep).toBeLessThan(before);
    expect(activity('lower_temperature_1_deg_c', { indoor_temperature: 22 }).epc_label.ep).toBe(before);
  });

  it('ROT on insulation and heat pumps, grön teknik on solar, battery and wallbox; caps at 50 000 kr', () => {
    expect(activity('insulation_attic').subsidies.map((s) => s.type)).toEqual(['rot']);
    expect(activity('heat_pump_geothermal').subsidies).toEqual([{ type: 'rot', amount: Math.round(175_000 * 0.35 * 0.3) }]);
    expect(activity('solar_panel_installation', { roof_orientation: 'south' }).subsidies.map((s) => s.type)).toEqual(['green_technology']);
    expect(activity('wallbox_charger_station').subsidies).toEqual([{ type: 'green_technology', amount: Math.round(20_000 * 0.5 * 0.97) }]);
    for (const a of recommendationsFor(house({ atemp: 400, num_floors: 2 }))) {
      for (const s of a.subsidies) expect(s.amount).toBeLessThanOrEqual(50_000);
    }
  });

  it('investment cost is the middle of the range and the span its width (heat pump geothermal 150–200 k)', () => {
    const a = activity('heat_pump_geothermal');
    expect(a.investment_cost).toBe(175_000);
    expect(a.investment_cost_span).toBe(50_000);
    expect(a.life_span).toBe(20);
  });

  it('complete_renovation is a package: category package, the parts’ costs added up', () => {
    const all = recommendationsFor(house());
    const pkg = all.find((a) => a.name === 'complete_renovation')!;
    expect(pkg.category).toBe('package');
    const parts = ['insulation_attic', 'insulation_walls', 'energy_efficient_windows', 'energy_efficient_doors', 'heat_pump'];
    const partsCost = all.filter((a) => parts.includes(a.name)).reduce((s, a) => s + a.investment_cost, 0);
    expect(Math.abs(pkg.investment_cost - partsCost)).toBeLessThanOrEqual(parts.length);
  });

  it('other categories are the spec’s action groups', () => {
    for (const a of recommendationsFor(house())) {
      expect(['reduce_heat_losses', 'reduce_energy_usage', 'use_solar_energy', 'optimisations', 'package']).toContain(a.category);
    }
  });
});
