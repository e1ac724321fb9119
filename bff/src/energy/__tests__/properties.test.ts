// Properties of the model over a grid of houses: monotone insulation, heat pumps never worse for heating,
// prices and kronor, combined measures below the sum of their parts, savings = model(after) − model(before).
import { recommendationsFor } from '../activities/recommendations';
import { topOfTheLineParts } from '../activities/measures/top-of-the-line';
import { measureFor } from '../activities/registry';
import { contextFor, evaluate } from '../activities/runner';
import type { ActivityType } from '../activities/types';
import type { Answers } from '../answers';
import { modelEnergy, type Building } from '../building-model';
import { defaultPrices, type Prices } from '../prices';
import { CARRIERS } from '../types';
import { house, POSTAL } from './fixtures';

const PLACES = [POSTAL.malmo, POSTAL.stockholm, POSTAL.lulea];
const SHAPES: Answers[] = [
  { construction_year: 1925, num_floors: 2, basement: 'heated', atemp: 180 },
  { construction_year: 1965, num_floors: 1, basement: 'none' },
  { construction_year: 1982, num_floors: 2, building_type: 'radhus', atemp: 110, ventilation: 'exhaust' },
  { construction_year: 2001, num_floors: 1, basement: 'unheated', occupants: 2, indoor_temperature: 22 },
  { construction_year: 2016, num_floors: 2, ventilation: 'balanced_heat_recovery', atemp: 170 },
  { construction_year: 1970, building_type: 'flerbostadshus', num_floors: 4, atemp: 1600, occupants: 40 },
];
const SYSTEMS: string[][] = [
  ['electric_direct'],
  ['electric_waterborne'],
  ['oil'],
  ['pellets'],
  ['district_heating'],
  ['gas'],
  ['wood'],
  ['heat_pump_exhaust_air'],
  ['heat_pump_air', 'electric_direct'],
  ['heat_pump_geothermal', 'wood'],
  ['heat_pump_airwater'],
];

function* houses(systems: string[][] = [['electric_direct']]): Generator<[string, Building]> {
  for (const postal of PLACES) {
    for (const shape of SHAPES) {
      for (const s of systems) {
        const answers = { ...shape, primary_heating_systems: s, heat_pump_installation_year: 2003 };
        yield [`${postal} ${JSON.stringify(answers)}`, house(answers, postal)];
      }
    }
  }
}

const need = (b: Building, answers: Answers) => {
  const balance = modelEnergy({ ...b, input: { ...b.input, ...answers } as Building['input'] }, 'actual');
  return balance.need.space_heating;
};

describe('more insulation never raises demand', () => {
  it('attic 0 → 800 mm, walls +0 → +300 mm, windows → film → energy, doors → energy, FTX: need never rises', () => {
    for (const [, b] of houses()) {
      const seq = (values: Answers[]) => values.map((v) => need(b, v));
      const checks = [
        seq([0, 50, 100, 150, 200, 300, 400, 500, 800].map((mm) => ({ attic_insulation_mm: mm }))),
        seq([0, 50, 100, 200, 300].map((mm) => ({ wall_insulation_added_mm: mm }))),
        seq(['single', 'double', 'triple', 'energy'].map((w) => ({ window_type: w }))),
        seq([
          { window_type: 'single', window_film: false },
          { window_type: 'single', window_film: true },
          { window_type: 'double' },
        ]),
        seq([
          { window_type: 'double', window_film: false },
          { window_type: 'double', window_film: true },
          { window_type: 'triple' },
        ]),
        seq([{ door_type: 'insulated' }, { door_type: 'energy' }]),
        seq([{ ventilation: 'natural' }, { ventilation: 'balanced_heat_recovery' }]),
      ];
      for (const values of checks)
        for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThanOrEqual(values[i - 1] + 1e-9);
    }
  });

  it('the envelope activities never raise delivered energy', () => {
    for (const [, b] of houses(SYSTEMS)) {
      for (const a of recommendationsFor(b)) {
        if (
          [
            'insulation_attic',
            'insulation_walls',
            'energy_efficient_windows',
            'window_film',
            'energy_efficient_doors',
          ].includes(a.name)
        ) {
          expect(a.energy_diff_import).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });
});

describe('a heat pump never raises delivered energy for heating', () => {
  const PUMPS: ActivityType[] = ['heat_pump_geothermal', 'heat_pump_airwater', 'heat_pump_air', 'heat_pump'];
  it('over every house, place and existing system: available pumps lower space + tap-water delivered energy', () => {
    let checked = 0;
    for (const [name, b] of houses(SYSTEMS)) {
      const ctx = contextFor(b, defaultPrices(b.location.priceArea));
      const heating = (balance: ReturnType<typeof modelEnergy>) =>
        balance.byUse.space_heating + balance.byUse.tap_water_heating;
      for (const type of PUMPS) {
        const measure = measureFor(type)!;
        if (measure.completion(ctx) === 'completed' || !measure.availability(ctx).available) continue;
        const after = modelEnergy({ ...b, input: measure.apply(ctx) }, 'actual');
        if (heating(after) > heating(ctx.before)) throw new Error(`${type} raises heating in ${name}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('prices and kronor', () => {
  const scale = (p: Prices, f: number): Prices => ({
    import: Object.fromEntries(CARRIERS.map((c) => [c, p.import[c] * f])) as Prices['import'],
    export: Object.fromEntries(CARRIERS.map((c) => [c, p.export[c] * f])) as Prices['export'],
  });

  it('higher prices (all × 1.5) never lower kronor saved by a measure that saves money', () => {
    for (const [, b] of houses(SYSTEMS.slice(0, 6))) {
      const base = defaultPrices(b.location.priceArea);
      const low = recommendationsFor(b, { prices: base });
      const high = recommendationsFor(b, { prices: scale(base, 1.5) });
      // Matched by name: the list is sorted by kronor, so prices may change the order.
      low.forEach((a) => {
        const h = high.find((x) => x.name === a.name)!;
        if (a.savings.energyCostSavings >= 0)
          expect(h.savings.energyCostSavings).toBeGreaterThanOrEqual(a.savings.energyCostSavings);
      });
    }
  });

  it('a higher price of one carrier never lowers kronor saved where that carrier is saved (or exported more)', () => {
    for (const [, b] of houses(SYSTEMS.slice(0, 6))) {
      const base = defaultPrices(b.location.priceArea);
      const before = recommendationsFor(b, { prices: base });
      for (const c of CARRIERS) {
        const dearer: Prices = {
          import: { ...base.import, [c]: base.import[c] + 0.5 },
          export: { ...base.export, [c]: base.export[c] + 0.5 },
        };
        recommendationsFor(b, { prices: dearer }).forEach((a) => {
          const was = before.find((x) => x.name === a.name)!;
          const saves = was.energy_diff_per_carrier[c] >= 0 && (c !== 'electricity' || was.energy_diff_export >= 0);
          if (saves) expect(a.savings.energyCostSavings).toBeGreaterThanOrEqual(was.savings.energyCostSavings);
        });
      }
    }
  });
});

describe('combined measures save less than the sum of their parts', () => {
  it('complete_renovation saves less than its parts one by one', () => {
    let checked = 0;
    for (const [, b] of houses(SYSTEMS.slice(0, 5))) {
      const all = recommendationsFor(b);
      const pkg = all.find((a) => a.name === 'complete_renovation')!;
      if (!pkg.available) continue;
      const parts = all.filter(
        (a) =>
          a.available &&
          [
            'insulation_attic',
            'insulation_walls',
            'energy_efficient_windows',
            'energy_efficient_doors',
            'heat_pump',
          ].includes(a.name),
      );
      expect(pkg.energy_diff).toBeLessThan(parts.reduce((s, a) => s + a.energy_diff, 0));
      expect(pkg.energy_diff).toBeGreaterThan(Math.max(...parts.map((a) => a.energy_diff)));
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('top_of_the_line saves less than its parts one by one, and more than any one of them', () => {
    let checked = 0;
    for (const [, b] of houses(SYSTEMS.slice(0, 5))) {
      const ctx = contextFor(b, defaultPrices(b.location.priceArea));
      const all = recommendationsFor(b);
      const top = all.find((a) => a.name === 'top_of_the_line')!;
      if (!top.available) continue;
      const types = topOfTheLineParts(ctx).map((m) => m.type);
      // Each part on its own (smart steering that comes with the package's new pump: evaluated on the house with that
      // pump).
      const parts = types.map((type) => {
        const alone = all.find((a) => a.name === type)!;
        if (alone.available) return alone.energy_diff;
        const pump = topOfTheLineParts(ctx).find(
          (m) => m.type.startsWith('heat_pump_') && m.type !== 'heat_pump_smart_steering',
        )!;
        const withPump = modelEnergy({ ...b, input: pump.apply(ctx) }, 'actual');
        const withSmart = modelEnergy({ ...b, input: { ...pump.apply(ctx), smart_heating_control: true } }, 'actual');
        return withPump.totalImport - withSmart.totalImport;
      });
      expect(types.length).toBeGreaterThanOrEqual(2);
      expect(top.energy_diff).toBeLessThan(parts.reduce((s, x) => s + x, 0));
      expect(top.energy_diff).toBeGreaterThan(Math.max(...parts));
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('two envelope measures together save less than each alone added (balance temperature falls)', () => {
    let checked = 0;
    for (const [, b] of houses()) {
      const base = need(b, {});
      const attic = base - need(b, { attic_insulation_mm: 400 });
      const walls = base - need(b, { wall_insulation_added_mm: b.input.wall_insulation_added_mm + 100 });
      const both =
        base - need(b, { attic_insulation_mm: 400, wall_insulation_added_mm: b.input.wall_insulation_added_mm + 100 });
      if (attic < 1 || walls < 1) continue; // attic already at 400 mm: nothing to combine
      expect(both).toBeLessThan(attic + walls);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('household electricity: efficient products and appliances', () => {
  it('a house with them uses less household electricity (actual run); the standard run and label do not change', () => {
    for (const [, b] of houses()) {
      const run = (answers: Answers, mode: 'actual' | 'standard') =>
        modelEnergy({ ...b, input: { ...b.input, ...answers } as Building['input'] }, mode);
      const plain = run({}, 'actual').delivered.electricity.household_electricity;
      const products = run({ energy_reducing_products: true }, 'actual').delivered.electricity.household_electricity;
      const both = run({ energy_reducing_products: true, appliances: 'efficient' }, 'actual').delivered.electricity
        .household_electricity;
      expect(products).toBeCloseTo(plain * 0.9, 6);
      expect(both).toBeCloseTo(plain * 0.9 * 0.85, 6);
      expect(run({ energy_reducing_products: true, appliances: 'efficient' }, 'standard')).toEqual(run({}, 'standard'));
      // Less waste heat: the space-heating need rises a little, never by more than the electricity saved.
      const need = (answers: Answers) => run(answers, 'actual').need.space_heating;
      expect(need({ energy_reducing_products: true })).toBeGreaterThanOrEqual(need({}));
      expect(need({ energy_reducing_products: true }) - need({})).toBeLessThan((plain - products) * 1.1);
    }
  });
});

describe('memoised model runs give exactly the straightforward results', () => {
  const VARIANTS: Answers[] = [
    {},
    { roof_orientation: 'south', occupants: 3, indoor_temperature: 22 },
    { solar_panels_wp: 6000, battery_kwh: 0 },
    { window_type: 'double', window_film: true, appliances: 'efficient' },
    { low_flush_faucets: true, energy_reducing_products: true },
    { smart_heating_control: true, heat_pump_installation_year: 1999 },
    { attic_insulation_mm: 300, door_type: 'insulated' },
  ];
  it('recommendationsFor with memo = without memo, deep-equal, over houses × systems × answers', () => {
    let checked = 0;
    for (const [, b] of houses(SYSTEMS)) {
      for (const answers of VARIANTS) {
        const variant: Building = { ...b, input: { ...b.input, ...answers } as Building['input'] };
        expect(recommendationsFor(variant)).toEqual(recommendationsFor(variant, { memo: false }));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('savings come from re-running the model', () => {
  it('energy_diff = total bought before − after + exported after − before, per carrier too', () => {
    const b = house({ primary_heating_systems: ['oil'], roof_orientation: 'south' });
    const ctx = contextFor(b, defaultPrices('SE3'));
    for (const type of ['heat_pump_geothermal', 'solar_panel_installation', 'insulation_attic'] as const) {
      const measure = measureFor(type)!;
      const after = modelEnergy({ ...b, input: measure.apply(ctx) }, 'actual');
      const a = evaluate(measure, ctx);
      expect(a.energy_diff).toBe(
        Math.round(ctx.before.totalImport - after.totalImport + after.totalExport - ctx.before.totalExport),
      );
      for (const c of CARRIERS)
        expect(a.energy_diff_per_carrier[c]).toBe(Math.round(ctx.before.byCarrier[c] - after.byCarrier[c]) || 0);
    }
  });
});

describe('honest ranking: bought vs sold, sorted, pays_back (engine README "Ranking")', () => {
  const RANKING_VARIANTS: Answers[] = [
    {},
    { roof_orientation: 'south' },
    { solar_panels_wp: 8000, roof_orientation: 'south' },
    { indoor_temperature: 23 },
  ];

  function* cases(): Generator<[string, Building]> {
    for (const [name, b] of houses(SYSTEMS)) {
      for (const answers of RANKING_VARIANTS)
        yield [`${name} ${JSON.stringify(answers)}`, { ...b, input: { ...b.input, ...answers } as Building['input'] }];
    }
  }

  it('the kWh saved shown never exceed the energy the house buys, and never include exported power', () => {
    let withExport = 0;
    for (const [, b] of cases()) {
      const bought = modelEnergy(b, 'actual').totalImport;
      for (const a of recommendationsFor(b)) {
        expect(a.kwh_saved_bought).toBeLessThanOrEqual(Math.round(bought));
        expect(a.savings.energySavings).toBe(a.kwh_saved_bought);
        expect(a.kwh_saved_bought).toBe(a.energy_diff_import);
        expect(a.kwh_sold).toBe(a.energy_diff_export);
        if (a.kwh_sold > 0) withExport++;
      }
    }
    expect(withExport).toBeGreaterThan(100);
  });

  it('is sorted by yearly kronor saved, highest first, then kWh bought less, then name', () => {
    for (const [, b] of cases()) {
      const list = recommendationsFor(b);
      for (let i = 1; i < list.length; i++) {
        const [p, q] = [list[i - 1], list[i]];
        expect(p.savings.energyCostSavings).toBeGreaterThanOrEqual(q.savings.energyCostSavings);
        if (p.savings.energyCostSavings === q.savings.energyCostSavings) {
          expect(p.kwh_saved_bought).toBeGreaterThanOrEqual(q.kwh_saved_bought);
          if (p.kwh_saved_bought === q.kwh_saved_bought) expect(p.name < q.name).toBe(true);
        }
      }
    }
  });

  it('pays_back = the cash payback is within the life span; payback_years and lifetime_value agree', () => {
    let paying = 0;
    let notPaying = 0;
    for (const [, b] of cases()) {
      for (const a of recommendationsFor(b)) {
        const kr = a.savings.energyCostSavings;
        expect(a.pays_back).toBe(kr > 0 && a.investment_cost / kr <= a.life_span);
        expect(a.payback_years).toBe(kr > 0 ? Math.round((a.investment_cost / kr) * 10) / 10 : null);
        expect(a.lifetime_value).toBe(kr * a.life_span - a.investment_cost);
        if (a.available && a.pays_back) paying++;
        if (a.available && !a.pays_back && kr > 0) notPaying++;
      }
    }
    expect(paying).toBeGreaterThan(0);
    expect(notPaying).toBeGreaterThan(0);
  });

  it('kronor price bought energy at the import price, exports at the export price (prices.ts, the one table)', () => {
    const b = house({ primary_heating_systems: ['oil'], roof_orientation: 'south', solar_panels_wp: 4000 });
    const prices = defaultPrices('SE3');
    const ctx = contextFor(b, prices);
    for (const type of [
      'solar_panel_installation',
      'battery_installation',
      'heat_pump_geothermal',
      'top_of_the_line',
    ] as const) {
      const a = evaluate(measureFor(type)!, ctx);
      if (!a.available) continue;
      const after = ctx.runs.actual(measureFor(type)!.apply(ctx));
      const fromBought = CARRIERS.reduce(
        (s, c) => s + (ctx.before.byCarrier[c] - after.byCarrier[c]) * prices.import[c],
        0,
      );
      const fromSold = CARRIERS.reduce(
        (s, c) => s + (after.exported[c] - ctx.before.exported[c]) * prices.export[c],
        0,
      );
      expect(Math.abs(a.savings.energyCostSavings - (fromBought + fromSold))).toBeLessThanOrEqual(1);
      expect(prices.export.electricity).toBeLessThan(prices.import.electricity);
    }
  });

  it('top_of_the_line: the kWh shown are the bought energy saved; the exported power is kwh_sold, apart', () => {
    const b = house({ roof_orientation: 'south' });
    const top = recommendationsFor(b).find((a) => a.name === 'top_of_the_line')!;
    expect(top.kwh_sold).toBeGreaterThan(0);
    expect(top.savings.energySavings).toBe(top.energy_diff - top.kwh_sold);
    expect(top.kwh_saved_bought).toBeLessThanOrEqual(Math.round(modelEnergy(b, 'actual').totalImport));
  });

  it('needs_installer and choice come from the catalogue: none to lower the temperature; heat pumps one choice', () => {
    const list = recommendationsFor(house());
    const flag = (name: string) => list.find((a) => a.name === name)!.needs_installer;
    expect(flag('lower_temperature_1_deg_c')).toBe(false);
    expect(flag('unspecified')).toBe(false);
    expect(flag('heat_pump_geothermal')).toBe(true);
    expect(flag('insulation_attic')).toBe(true);
    const choice = (name: string) => list.find((a) => a.name === name)!.choice;
    expect(['heat_pump', 'heat_pump_geothermal', 'heat_pump_airwater', 'heat_pump_air'].map(choice)).toEqual([
      'heat_pump',
      'heat_pump',
      'heat_pump',
      'heat_pump',
    ]);
    expect(['energy_efficient_windows', 'window_film'].map(choice)).toEqual(['windows', 'windows']);
    expect(choice('insulation_attic')).toBeNull();
  });
});
