// Plausibility rules for a home's answers (register data under the owner's answers): each rule names an answer
// combination that is possible to type but unlikely to be true. Failing homes wait in the console's validation queue.
// The thresholds are our estimates [E], set wide so that only answers worth a second look are flagged.
import type { PlausibilityIssue, PlausibilityRule } from '@home-energy/shared/schemas/validation-queue';
import { ENERGY_CONSTANTS as K } from '../../energy/constants';

type Answers = Record<string, unknown>;

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * Heated floor area per storey, m² [E]: a småhus storey below 20 m² or above 400 m² is unusual; apartment buildings
 * differ.
 */
export const FLOOR_AREA_LIMITS = {
  small_house: { min: 20, max: 400 },
  multi_dwelling: { min: 50, max: 5000 },
} as const;
/**
 * [E] Installed PV may cover the whole roof, which can be up to 1.5 × the footprint (pitch, overhangs, outbuildings).
 */
export const ROOF_PER_FOOTPRINT = 1.5;
/** [E] Fewer than 8 m² of heated area per person is unusual for a home. */
export const MIN_AREA_PER_OCCUPANT = 8;

interface Rule {
  id: PlausibilityRule;
  check(answers: Answers): PlausibilityIssue['values'] | null;
}

function floors(answers: Answers): number {
  return Math.max(1, num(answers.num_floors) ?? 1);
}

const RULES: Rule[] = [
  {
    id: 'atemp_per_floor',
    check(a) {
      const atemp = num(a.atemp);
      if (atemp === null) return null;
      const perFloor = atemp / floors(a);
      const limits =
        a.building_type === 'flerbostadshus' ? FLOOR_AREA_LIMITS.multi_dwelling : FLOOR_AREA_LIMITS.small_house;
      return perFloor < limits.min || perFloor > limits.max
        ? { atemp, num_floors: floors(a), per_floor: Math.round(perFloor) }
        : null;
    },
  },
  {
    id: 'heat_pump_before_construction',
    check(a) {
      const installed = num(a.heat_pump_installation_year);
      const built = num(a.construction_year);
      return installed !== null && built !== null && installed < built
        ? { heat_pump_installation_year: installed, construction_year: built }
        : null;
    },
  },
  {
    id: 'heat_pump_year_without_heat_pump',
    check(a) {
      const installed = num(a.heat_pump_installation_year);
      const systems = Array.isArray(a.primary_heating_systems) ? (a.primary_heating_systems as unknown[]) : [];
      const hasPump = systems.some((s) => typeof s === 'string' && s.startsWith('heat_pump'));
      return installed !== null && !hasPump
        ? { heat_pump_installation_year: installed, primary_heating_systems: systems.join(', ') || null }
        : null;
    },
  },
  {
    id: 'solar_exceeds_roof',
    check(a) {
      const wp = num(a.solar_panels_wp);
      const atemp = num(a.atemp);
      if (!wp || atemp === null) return null;
      const footprint = atemp / floors(a);
      const maxWp = Math.round(
        ((footprint * ROOF_PER_FOOTPRINT) / K.pvModuleAreaPerKwp.value) * K.wattPerKilowatt.value,
      );
      return wp > maxWp ? { solar_panels_wp: wp, atemp, max_wp: maxWp } : null;
    },
  },
  {
    id: 'occupants_per_area',
    check(a) {
      const occupants = num(a.occupants);
      const atemp = num(a.atemp);
      if (!occupants || atemp === null) return null;
      return atemp / occupants < MIN_AREA_PER_OCCUPANT ? { occupants, atemp } : null;
    },
  },
];

/** The rules these answers fail, in rule order. */
export function plausibilityIssues(answers: Answers): PlausibilityIssue[] {
  const issues: PlausibilityIssue[] = [];
  for (const rule of RULES) {
    const values = rule.check(answers);
    if (values) issues.push({ rule: rule.id, values });
  }
  return issues;
}
