// Plan properties over generated houses (engine README "Plans"): a plan saves no more than its measures apart, its kWh
// saved never exceed what the house buys, and a suggested plan is never dearer than a single measure or a pair that
// reaches its class. A fixed seed so a failure reproduces; FUZZ_SEED / FUZZ_RUNS explore further.
import fc from 'fast-check';
import { ENERGY_CLASSES } from '@home-energy/shared/schemas/energy';
import { computePlan, PlanError, suggestPlans } from '../activities/plan';
import { recommendationsFor } from '../activities/recommendations';
import { contextFor } from '../activities/runner';
import type { Activity, ActivityType } from '../activities/types';
import type { Building } from '../building-model';
import { defaultPrices } from '../prices';
import type { PlanResult } from '@home-energy/shared/schemas/plan';
import { house, POSTAL } from './fixtures';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const runs = (n: number) => ({ seed: SEED, numRuns: Number(process.env.FUZZ_RUNS ?? n) });

const houseArb = (atemp: { min: number; max: number }) =>
  fc
    .record({
      construction_year: fc.integer({ min: 1900, max: 2020 }),
      atemp: fc.integer(atemp),
      num_floors: fc.integer({ min: 1, max: 2 }),
      basement: fc.constantFrom('none', 'unheated', 'heated'),
      window_type: fc.constantFrom('unknown', 'single', 'double', 'triple'),
      occupants: fc.integer({ min: 1, max: 6 }),
      roof_orientation: fc.constantFrom('south', 'east_west', 'north'),
      primary_heating_systems: fc.constantFrom(
        ['electric_direct'],
        ['electric_waterborne'],
        ['oil'],
        ['district_heating'],
        ['heat_pump_air', 'electric_direct'],
        ['pellets'],
      ),
      postal: fc.constantFrom(POSTAL.malmo, POSTAL.stockholm, POSTAL.lulea),
    })
    .map(({ postal, primary_heating_systems, ...answers }) =>
      house(
        { ...answers, primary_heating_systems: [...primary_heating_systems], heat_pump_installation_year: 2003 },
        postal,
      ),
    );

/**
 * The measures a plan may hold on this house: proposed singles (not packages, not `unspecified`, not the `heat_pump`
 * alias).
 */
const plannable = (all: Activity[]) =>
  all.filter(
    (a) =>
      a.available &&
      a.completion_status !== 'completed' &&
      a.category !== 'package' &&
      a.name !== 'unspecified' &&
      a.name !== 'heat_pump',
  );

/** The plan, or null when the engine refuses the set (two of one choice, smart steering without a pump). */
function planOrNull(b: Building, types: ActivityType[]): PlanResult | null {
  try {
    return computePlan(b, types);
  } catch (error) {
    if (error instanceof PlanError) return null;
    throw error;
  }
}

describe('plan properties over generated houses', () => {
  it('a plan saves no more kWh bought and kronor than its measures’ cards added up (README "Plans")', () => {
    fc.assert(
      fc.property(houseArb({ min: 60, max: 250 }), fc.infiniteStream(fc.boolean()), (b, picks) => {
        // Solar and energy-efficient products are left out: more electricity used in the house raises PV self-use, and
        // the products' lost waste heat is made up more cheaply by a heat pump or in a shorter heating season.
        const cards = plannable(recommendationsFor(b)).filter(
          (a) => a.choice !== 'solar' && a.name !== 'energy_efficient_products',
        );
        const set = cards.filter(() => picks.next().value as boolean);
        const plan = planOrNull(
          b,
          set.map((a) => a.name),
        );
        if (!plan || set.length < 2) return;
        // Each card and the plan are rounded to whole kWh and kronor: at most one unit each.
        expect(plan.kwh_saved_bought).toBeLessThanOrEqual(set.reduce((s, a) => s + a.kwh_saved_bought, 0) + set.length);
        expect(plan.energy_cost_savings).toBeLessThanOrEqual(
          set.reduce((s, a) => s + a.savings.energyCostSavings, 0) + set.length,
        );
      }),
      runs(150),
    );
  });

  it('the kWh a plan saves never exceed the energy the house buys, solar and batteries included', () => {
    fc.assert(
      fc.property(houseArb({ min: 60, max: 250 }), fc.infiniteStream(fc.boolean()), (b, picks) => {
        const set = plannable(recommendationsFor(b)).filter(() => picks.next().value as boolean);
        const plan = planOrNull(
          b,
          set.map((a) => a.name),
        );
        if (!plan) return;
        const bought = contextFor(b, defaultPrices(b.location.priceArea)).before.totalImport;
        expect(plan.kwh_saved_bought).toBeLessThanOrEqual(Math.round(bought));
      }),
      runs(150),
    );
  });

  it('brute force, small houses: a suggested plan never costs more than a measure or pair reaching its class', () => {
    const reaches = (cls: string | null, target: string) =>
      cls !== null && ENERGY_CLASSES.indexOf(cls as never) <= ENERGY_CLASSES.indexOf(target as never);
    let compared = 0;
    fc.assert(
      fc.property(houseArb({ min: 60, max: 110 }), (b) => {
        const types = plannable(recommendationsFor(b)).map((a) => a.name);
        const sets = [...types.map((t) => [t]), ...types.flatMap((t, i) => types.slice(i + 1).map((u) => [t, u]))];
        const plans = sets.map((set) => planOrNull(b, set)).filter((p): p is PlanResult => p !== null);
        for (const s of suggestPlans(b)) {
          for (const cls of s.energy_classes) {
            expect(reaches(s.epc_label.energy_class, cls)).toBe(true);
            for (const p of plans) {
              if (!reaches(p.epc_label.energy_class, cls)) continue;
              // The search sums unrounded costs; each plan's investment is rounded once.
              expect(s.investment_cost).toBeLessThanOrEqual(p.investment_cost + 1);
              compared++;
            }
          }
        }
      }),
      runs(25),
    );
    expect(compared).toBeGreaterThan(50);
  });
});
