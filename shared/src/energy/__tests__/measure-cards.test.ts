import type { Activity } from '../../schemas/energy';
import { cardFigures, isFree, isProposed, measureCardsToShow } from '../measure-cards';

const zero = {
  bio: 0,
  bio_other: 0,
  bio_tree_pellets_bricks: 0,
  district_heating: 0,
  electricity: 0,
  gas: 0,
  oil: 0,
  wood: 0,
};

/** A proposed measure: `kr` saved a year, `kwh` saved, `cost` invested, 20 years. */
function card(
  name: Activity['name'],
  {
    kwh = 5_000,
    kr = 8_000,
    cost = 100_000,
    ...rest
  }: Partial<Activity> & { kwh?: number; kr?: number; cost?: number } = {},
): Activity {
  return {
    name,
    category: 'reduce_energy_usage',
    available: true,
    completion_status: 'not_completed',
    completed_at: null,
    energy_diff: kwh,
    energy_diff_import: kwh,
    energy_diff_export: 0,
    energy_diff_per_carrier: { ...zero, oil: kwh },
    investment_cost: cost,
    investment_cost_span: cost / 2,
    life_span: 20,
    savings: { energySavings: kwh, energyCostSavings: kr },
    kwh_saved_bought: kwh,
    kwh_sold: 0,
    payback_years: kr > 0 ? cost / kr : null,
    pays_back: kr > 0 && cost <= kr * 20,
    lifetime_value: kr * 20 - cost,
    needs_installer: true,
    choice: null,
    subsidies: [],
    messages: [],
    epc_label: {
      type: 'estimated_calculated',
      energy_class: 'D',
      ep: 120,
      ep_requirement: 90,
      percent_of_requirement: 133,
      atemp: 140,
      f_geo: 1,
      f_geo_is_estimate: false,
      rule_version: 'BBR 29',
    },
    ...rest,
  };
}

const pump = (name: Activity['name'], figures: Partial<Activity> & { kwh?: number; kr?: number; cost?: number }) =>
  card(name, { choice: 'heat_pump', ...figures });
const done = (name: Activity['name'], choice: Activity['choice'] = null) =>
  card(name, { kwh: 0, kr: 0, cost: 0, completion_status: 'completed', available: false, choice });

describe('measureCardsToShow: one card per thing to do', () => {
  const geothermal = pump('heat_pump_geothermal', { kwh: 16_000, kr: 24_000, cost: 190_000 });
  const airwater = pump('heat_pump_airwater', { kwh: 13_000, kr: 19_000, cost: 130_000 });
  const air = pump('heat_pump_air', { kwh: 6_000, kr: 9_000, cost: 30_000 });
  const attic = card('insulation_attic', { category: 'reduce_heat_losses', kwh: 3_000, kr: 4_000, cost: 40_000 });

  it('folds the best heat pump into the pump type it chose, tagged as the best for the house', () => {
    const best = pump('heat_pump', { kwh: 16_000, kr: 24_000, cost: 190_000 });
    const cards = measureCardsToShow([geothermal, airwater, air, attic, best]);
    expect(cards.map((c) => c.name)).toEqual([
      'heat_pump_geothermal',
      'heat_pump_airwater',
      'heat_pump_air',
      'insulation_attic',
    ]);
    expect(cards.filter((c) => c.best_heat_pump).map((c) => c.name)).toEqual(['heat_pump_geothermal']);
  });

  it('tags the type the engine chose whichever it is (air-to-water here)', () => {
    const best = pump('heat_pump', { kwh: 13_000, kr: 19_000, cost: 130_000 });
    const cards = measureCardsToShow([geothermal, airwater, air, best]);
    expect(cards.find((c) => c.best_heat_pump)?.name).toBe('heat_pump_airwater');
    expect(cards.some((c) => c.name === 'heat_pump')).toBe(false);
  });

  it('drops a done "heat pump" when the house\'s pump has its own done card', () => {
    const cards = measureCardsToShow([
      done('heat_pump_geothermal', 'heat_pump'),
      airwater,
      done('heat_pump', 'heat_pump'),
    ]);
    expect(cards.map((c) => c.name)).toEqual(['heat_pump_geothermal', 'heat_pump_airwater']);
  });

  it('keeps a done "heat pump" that no type card says (an exhaust-air pump in the house)', () => {
    const cards = measureCardsToShow([geothermal, airwater, done('heat_pump', 'heat_pump')]);
    expect(cards.map((c) => c.name)).toContain('heat_pump');
  });

  it('keeps a heat pump card that matches no type (nothing to fold it into)', () => {
    const best = pump('heat_pump', { kwh: 1_000, kr: 1_000, cost: 1_000 });
    const cards = measureCardsToShow([geothermal, best]);
    expect(cards.map((c) => c.name)).toEqual(['heat_pump_geothermal', 'heat_pump']);
    expect(cards.every((c) => !c.best_heat_pump)).toBe(true);
  });

  it('shows a package that does what one measure does once, as the measure', () => {
    const everything = card('top_of_the_line', { category: 'package', kwh: 3_000, kr: 4_000, cost: 40_000 });
    const cards = measureCardsToShow([everything, attic]);
    expect(cards.map((c) => c.name)).toEqual(['insulation_attic']);
  });

  it('leaves out what saves nothing or costs more energy (docs/product.md §4), keeps done measures', () => {
    const nothing = card('window_film', { kwh: 0, kr: 0 });
    const worse = card('wallbox_charger_station', { kwh: -500, kr: -700 });
    const cards = measureCardsToShow([nothing, worse, done('insulation_walls'), done('energy_efficient_doors'), attic]);
    expect(cards.map((c) => c.name)).toEqual(['insulation_walls', 'energy_efficient_doors', 'insulation_attic']);
  });

  it('never leaves two proposed cards with the same figures', () => {
    const best = pump('heat_pump', { kwh: 6_000, kr: 9_000, cost: 30_000 });
    const twin = card('energy_efficient_products', { kwh: 3_000, kr: 4_000, cost: 40_000 });
    const cards = measureCardsToShow([geothermal, airwater, air, attic, twin, best]).filter(isProposed);
    expect(new Set(cards.map(cardFigures)).size).toBe(cards.length);
  });
});

describe('isFree', () => {
  it('is a measure with no investment at all', () => {
    expect(isFree(card('lower_temperature_1_deg_c', { cost: 0 }))).toBe(true);
    expect(isFree(card('insulation_attic'))).toBe(false);
  });
});
