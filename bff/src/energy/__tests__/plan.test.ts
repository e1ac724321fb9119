// Renovation plans (engine README "Plans"): refusals, one measure = its card, plan ≤ sum of its measures, insulation
// never raises demand, financing by the shared money rules, and the suggestion search checked by brute force.
import { financeMeasure } from '@home-energy/shared/finance/financing';
import { defaultLoanSettings } from '@home-energy/shared/finance/loan-terms';
import { ENERGY_CLASSES } from '@home-energy/shared/schemas/energy';
import { computePlan, PlanError, suggestPlans } from '../activities/plan';
import { recommendationsFor } from '../activities/recommendations';
import type { Activity, ActivityType } from '../activities/types';
import type { Answers } from '../answers';
import type { Building } from '../building-model';
import { house, POSTAL } from './fixtures';

const PLACES = [POSTAL.malmo, POSTAL.stockholm, POSTAL.lulea];
const SHAPES: Answers[] = [
  { construction_year: 1925, num_floors: 2, basement: 'heated', atemp: 180 },
  { construction_year: 1965, num_floors: 1, basement: 'none' },
  { construction_year: 1982, num_floors: 2, building_type: 'radhus', atemp: 110, ventilation: 'exhaust' },
  { construction_year: 2001, num_floors: 1, basement: 'unheated', occupants: 2, indoor_temperature: 22 },
];
const SYSTEMS: string[][] = [
  ['electric_direct'],
  ['electric_waterborne'],
  ['oil'],
  ['district_heating'],
  ['heat_pump_air', 'electric_direct'],
];

function* houses(): Generator<[string, Building]> {
  for (const postal of PLACES)
    for (const shape of SHAPES)
      for (const s of SYSTEMS) {
        const answers = { ...shape, primary_heating_systems: s, heat_pump_installation_year: 2003 };
        yield [`${postal} ${JSON.stringify(answers)}`, house(answers, postal)];
      }
}

const ENVELOPE: ActivityType[] = [
  'insulation_attic',
  'insulation_walls',
  'energy_efficient_windows',
  'energy_efficient_doors',
];
const open = (all: Activity[], type: ActivityType) => all.find((a) => a.name === type && a.available);

/** Every subset of `types` (the empty one too). */
function subsets<T>(types: readonly T[]): T[][] {
  return types.reduce<T[][]>((acc, t) => [...acc, ...acc.map((s) => [...s, t])], [[]]);
}

describe('refused plans', () => {
  const b = house();
  it('two measures of one choice (one heat pump, one solar set-up, one window option) are refused, naming both', () => {
    for (const pair of [
      ['heat_pump_geothermal', 'heat_pump_airwater'],
      ['heat_pump', 'heat_pump_air'],
      ['energy_efficient_windows', 'window_film'],
      ['solar_panel_installation', 'solar_panel_and_battery_installation'],
    ] as ActivityType[][]) {
      let error: unknown;
      try {
        computePlan(b, pair);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PlanError);
      expect((error as PlanError).code).toBe('conflicting_measures');
      expect((error as PlanError).measures).toEqual(pair);
      expect((error as PlanError).message).toContain(pair[0]);
    }
  });
  it('packages, unspecified, duplicates and measures already done are refused', () => {
    expect(() => computePlan(b, ['top_of_the_line'])).toThrow(/cannot be part of a plan/);
    expect(() => computePlan(b, ['unspecified'])).toThrow(PlanError);
    expect(() => computePlan(b, ['insulation_attic', 'insulation_attic'])).toThrow(/twice/);
    expect(() => computePlan(house({ attic_insulation_mm: 500 }), ['insulation_attic'])).toThrow(/already done/);
  });
  it('smart steering needs a heat pump: refused alone in a direct-electric house, taken beside a new pump', () => {
    expect(() => computePlan(b, ['heat_pump_smart_steering'])).toThrow(/not available/);
    expect(computePlan(b, ['heat_pump_airwater', 'heat_pump_smart_steering']).measures).toEqual([
      'heat_pump_airwater',
      'heat_pump_smart_steering',
    ]);
  });
});

describe('a plan of one measure is that measure’s recommendation', () => {
  it('label, investment, subsidies, kWh bought and sold, kronor, payback: equal for every available measure', () => {
    let checked = 0;
    for (const [, b] of houses()) {
      for (const rec of recommendationsFor(b)) {
        if (!rec.available || rec.category === 'package' || rec.name === 'unspecified') continue;
        const plan = computePlan(b, [rec.name]);
        expect(plan.epc_label).toEqual(rec.epc_label);
        expect(plan.investment_cost).toBe(rec.investment_cost);
        expect(plan.investment_cost_span).toBe(rec.investment_cost_span);
        expect(plan.life_span).toBe(rec.life_span);
        expect(plan.subsidies).toEqual(rec.subsidies);
        expect(plan.kwh_saved_bought).toBe(rec.kwh_saved_bought);
        expect(plan.kwh_sold).toBe(rec.kwh_sold);
        expect(plan.energy_cost_savings).toBe(rec.savings.energyCostSavings);
        expect(plan.energy_diff_per_carrier).toEqual(rec.energy_diff_per_carrier);
        expect([plan.payback_years, plan.pays_back, plan.lifetime_value]).toEqual([
          rec.payback_years,
          rec.pays_back,
          rec.lifetime_value,
        ]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});

describe('a plan saves no more than the sum of its measures', () => {
  it('envelope, a heat pump, lower temperature, low-flow fittings: kWh and kronor ≤ the sum, over every subset', () => {
    let checked = 0;
    for (const [, b] of houses()) {
      const all = recommendationsFor(b);
      const pump = (['heat_pump_geothermal', 'heat_pump_airwater', 'heat_pump_air'] as ActivityType[]).find((t) =>
        open(all, t),
      );
      const types = [...ENVELOPE, 'lower_temperature_1_deg_c', 'low_flush_faucets', ...(pump ? [pump] : [])].filter(
        (t) => open(all, t as ActivityType),
      ) as ActivityType[];
      for (const set of subsets(types)) {
        if (set.length < 2) continue;
        const plan = computePlan(b, set);
        const cards = set.map((t) => open(all, t)!);
        expect(plan.kwh_saved_bought).toBeLessThanOrEqual(
          cards.reduce((s, a) => s + a.kwh_saved_bought, 0) + set.length,
        );
        expect(plan.energy_cost_savings).toBeLessThanOrEqual(
          cards.reduce((s, a) => s + a.savings.energyCostSavings, 0) + set.length,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('adding insulation to a plan never raises demand', () => {
  it('any plan + an envelope measure buys no more energy and has no higher EP', () => {
    let checked = 0;
    for (const [, b] of houses()) {
      const all = recommendationsFor(b);
      const others = (
        [
          'heat_pump_airwater',
          'heat_pump_air',
          'lower_temperature_1_deg_c',
          'low_flush_faucets',
          'energy_efficient_products',
        ] as ActivityType[]
      ).filter((t) => open(all, t));
      const envelope = ENVELOPE.filter((t) => open(all, t));
      for (const base of subsets(others)) {
        if (base.includes('heat_pump_airwater') && base.includes('heat_pump_air')) continue;
        const before = computePlan(b, base);
        for (const add of envelope) {
          const after = computePlan(b, [...base, add]);
          expect(after.kwh_saved_bought).toBeGreaterThanOrEqual(before.kwh_saved_bought - 1);
          expect(after.epc_label.ep).toBeLessThanOrEqual(before.epc_label.ep + 1e-9);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('financing of the whole plan', () => {
  it('is the shared money rules on the plan’s investment and yearly kronor, under the chosen loan', () => {
    const b = house();
    const plan = computePlan(b, ['insulation_attic', 'heat_pump_airwater'], {
      loan: { type: 'Private', term: 7, interest_rate: 4 },
    });
    const settings = { ...defaultLoanSettings('Private'), loanTerm: 7, privateLoanInterest: 4 };
    expect(plan.financing).toEqual(
      financeMeasure(
        {
          investmentCost: plan.investment_cost,
          investmentCostSpan: plan.investment_cost_span,
          yearlySavings: plan.energy_cost_savings,
          lifeSpan: plan.life_span,
        },
        settings,
      ),
    );
    expect(plan.financing.loanTerm).toBe(7);
    expect(plan.financing.interestRate).toBe(4);
    expect(computePlan(b, ['insulation_attic']).financing.loanType).toBe('Cash');
    expect(computePlan(b, ['insulation_attic'], { loan: { type: 'Mortgage' } }).financing.loanTerm).toBe(20);
  });
  it('CO₂: a plan that buys less electricity emits less; the empty plan changes nothing', () => {
    const b = house();
    expect(computePlan(b, ['insulation_attic', 'heat_pump_airwater']).co2_saved_kg).toBeGreaterThan(0);
    const empty = computePlan(b, []);
    expect([empty.investment_cost, empty.kwh_saved_bought, empty.energy_cost_savings, empty.co2_saved_kg]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(empty.epc_label).toEqual(empty.label_before);
  });
});

describe('suggested plans', () => {
  const reaches = (cls: string | null, target: string) =>
    cls !== null && ENERGY_CLASSES.indexOf(cls as never) <= ENERGY_CLASSES.indexOf(target as never);

  it('brute force, small houses: each suggestion reaches its classes, no dearer than a single measure or pair', () => {
    let compared = 0;
    for (const b of [
      house({ atemp: 90, construction_year: 1960 }),
      house({ atemp: 120, construction_year: 1975, primary_heating_systems: ['oil'] }, POSTAL.lulea),
    ]) {
      const suggestions = suggestPlans(b);
      expect(suggestions.length).toBeGreaterThan(0);
      const plannable = recommendationsFor(b)
        .filter((a) => a.available && a.category !== 'package' && a.name !== 'unspecified')
        .map((a) => a.name);
      const sets: ActivityType[][] = [
        ...plannable.map((t) => [t]),
        ...plannable.flatMap((t, i) => plannable.slice(i + 1).map((u) => [t, u])),
      ];
      const plans = sets.flatMap((set) => {
        try {
          return [computePlan(b, set)];
        } catch (e) {
          if (e instanceof PlanError) return [];
          throw e;
        }
      });
      for (const s of suggestions) {
        expect(computePlan(b, s.measures).investment_cost).toBe(s.investment_cost);
        // Every class the suggestion names: reached, and no single measure or pair reaching it is cheaper.
        for (const cls of s.energy_classes) {
          expect(reaches(s.epc_label.energy_class, cls)).toBe(true);
          for (const p of plans) {
            if (!reaches(p.epc_label.energy_class, cls)) continue;
            expect(s.investment_cost).toBeLessThanOrEqual(p.investment_cost + s.measures.length);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('suggestions best class first, none for classes not better than today, at most four measures', () => {
    const b = house();
    const current = computePlan(b, []).label_before.energy_class!;
    const suggestions = suggestPlans(b);
    const classes = suggestions.map((s) => s.energy_class);
    expect([...classes].sort()).toEqual(classes);
    for (const c of classes) expect(ENERGY_CLASSES.indexOf(c)).toBeLessThan(ENERGY_CLASSES.indexOf(current));
    for (const s of suggestions) expect(s.measures.length).toBeLessThanOrEqual(4);
  });

  it('different classes are different sets: a set cheapest for several classes is one suggestion naming them', () => {
    let merged = 0;
    for (const [name, b] of houses()) {
      const suggestions = suggestPlans(b);
      const sets = suggestions.map((s) => [...s.measures].sort().join('+'));
      expect({ name, distinct: new Set(sets).size }).toEqual({ name, distinct: sets.length });
      const classes = suggestions.flatMap((s) => s.energy_classes);
      // Each class once, best first, and each suggestion led by the best class it names.
      expect(classes).toEqual([...new Set(classes)].sort());
      for (const s of suggestions) {
        expect(s.energy_class).toBe(s.energy_classes[0]);
        for (const cls of s.energy_classes) expect(reaches(s.epc_label.energy_class, cls)).toBe(true);
        if (s.energy_classes.length > 1) merged++;
      }
    }
    // Common on these houses (an air-to-water pump alone is often the cheapest way to two classes).
    expect(merged).toBeGreaterThan(0);
  });
});
