// Plausibility over 1 000 generated houses (engine README "Calibration"): every climate (postal codes in SE1–SE4),
// size, construction year, storeys, house type and heating system. For each house: no heat pump saves more than the
// energy bought for what it heats; no measure costing over 10 000 kr pays back within a year; no two cards a homeowner
// is shown carry the same kWh and kronor; heat + hot water per m² lies within a band around Energimyndigheten's
// statistics for its period and climate. A fixed seed so a failure reproduces; FUZZ_SEED / FUZZ_RUNS explore further.
import fc from 'fast-check';
import { cardFigures, measureCardsToShow } from '@home-energy/shared/energy/measure-cards';
import { HEATING_SYSTEMS, type Activity } from '@home-energy/shared/schemas/energy';
import { buildingInputFromAnswers, type Answers } from '../answers';
import { recommendationsFor } from '../activities/recommendations';
import { modelEnergy, systemContext, type Building } from '../building-model';
import { airToAirShare } from '../model/heating-systems';
import { place, YEAR } from './fixtures';
import { statisticsNeedPerM2 } from './national-statistics';

const SEED = Number(process.env.FUZZ_SEED ?? 20261205);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

/** Postal codes from south to north: SE4 Malmö, Kristianstad; SE3 Göteborg, Jönköping, Stockholm, Gävle; SE2 Sundsvall,
 * Söderhamn; SE1 Luleå, Kiruna. */
const POSTAL_CODES = ['21115', '29131', '41103', '55111', '11122', '80320', '85230', '82630', '97231', '98131'];

/** Heating as answered: one system, or a main system with an air-to-air pump or a wood stove beside it. */
const heatingArb = fc.oneof(
  fc.constantFrom(...HEATING_SYSTEMS).map((s) => [s]),
  fc.constantFrom('electric_direct', 'electric_waterborne', 'oil', 'pellets').map((s) => [s, 'heat_pump_air']),
  fc.constantFrom('electric_direct', 'heat_pump_airwater', 'district_heating').map((s) => [s, 'wood']),
);

/**
 * Answers a homeowner could give: the envelope as built or renovated (attic topped up, newer windows; single glazing
 * only before 1940, 2-pane only before 1976), fan ventilation from 1976 or as a renovation, at most one person per
 * 25 m², three storeys only in houses of 150 m² or more.
 */
const answersArb: fc.Arbitrary<{ answers: Answers; postal: string }> = fc
  .record({
    postal: fc.constantFrom(...POSTAL_CODES),
    building_type: fc.constantFrom('villa', 'villa', 'villa', 'radhus', 'parhus', 'kedjehus'),
    construction_year: fc.integer({ min: 1900, max: 2025 }),
    atemp: fc.integer({ min: 60, max: 300 }),
    floors: fc.integer({ min: 1, max: 3 }),
    basement: fc.constantFrom('none', 'none', 'unheated', 'heated'),
    primary_heating_systems: heatingArb,
    heat_pump_installation_year: fc.integer({ min: 2000, max: 2025 }),
    windows: fc.constantFrom('unknown', 'unknown', 'as built', 'triple', 'energy'),
    attic: fc.option(fc.oneof(fc.integer({ min: 40, max: 100 }), fc.integer({ min: 150, max: 500 })), { nil: null }),
    fan: fc.constantFrom('as built', 'as built', 'exhaust', 'balanced_heat_recovery'),
    perPerson: fc.option(fc.integer({ min: 25, max: 80 }), { nil: null }),
    indoor_temperature: fc.constantFrom(20, 21, 21, 22),
    floor_plan: fc.constantFrom('closed', 'partly_open', 'open'),
    air_to_air_units: fc.constantFrom(1, 1, 2, 3),
    roof_orientation: fc.constantFrom('unknown', 'south', 'east_west', 'north'),
  })
  .map(({ postal, floors, windows, attic, fan, perPerson, ...a }) => {
    const asBuilt = a.construction_year < 1940 ? 'single' : a.construction_year <= 1975 ? 'double' : 'triple';
    const answers: Answers = {
      ...a,
      num_floors: floors === 3 && a.atemp < 150 ? 2 : floors,
      window_type: windows === 'as built' ? asBuilt : windows,
      // An attic with little insulation is a house built before 1960 that was never topped up (a bare attic floor lies
      // outside the statistics' band by right: its own test in activities.test.ts).
      attic_insulation_mm: attic !== null && attic < 150 && a.construction_year >= 1960 ? null : attic,
      ventilation: fan === 'as built' ? (a.construction_year <= 1975 ? 'natural' : 'exhaust') : fan,
      occupants: perPerson === null ? null : Math.max(1, Math.min(6, Math.round(a.atemp / perPerson))),
    } as Answers;
    return { postal, answers };
  });

function houseOf({ answers, postal }: { answers: Answers; postal: string }): Building {
  return { input: buildingInputFromAnswers(answers), location: place(postal), year: YEAR };
}

const HEAT_PUMPS = ['heat_pump_geothermal', 'heat_pump_airwater', 'heat_pump_air', 'heat_pump'] as const;
const BIG_INVESTMENT = 10_000;
const ONE_YEAR = 1;
// Heat + hot water need per m² against the statistics' need for the period and climate: the statistics are averages
// of 130–160 m² houses with their own mix of storeys, types and ventilation; a small one-storey villa with single
// glazing, or a radhus with FTX, lies far from that average without being wrong. [E] band.
const BAND = { low: 0.25, high: 2.2 };
// ...and the middle house of the population lies close to the statistics.
const MEDIAN_BAND = { low: 0.8, high: 1.25 };
/**
 * Pairs of cards known to show the same kWh and kronor: smart steering and one degree lower both save 5 % of the heat
 * a waterborne pump gives (Energimyndigheten's figures), at different costs, so their cards differ. Any other pair
 * fails.
 */
const SYSTEMATIC = 0.02;
const KNOWN_SAME_FIGURES = new Set(['heat_pump_smart_steering = lower_temperature_1_deg_c']);
let quickPaybacks = 0;

interface Finding {
  house: string;
  what: string;
}

function describeHouse(b: Building): string {
  const i = b.input;
  return (
    `${i.building_type} ${i.construction_year}, ${i.atemp} m², ${i.num_floors} storeys, ` +
    `${i.primary_heating_systems.join('+')}, ${i.ventilation}, ${i.floor_plan} plan, ${i.air_to_air_units} units, ` +
    `${b.location.municipalityName ?? b.location.postalCode}`
  );
}

const ratios: number[] = [];
/** How many houses show each pair of cards with the same kWh and kronor saved. */
const headlinePairs = new Map<string, number>();

/** What each house's checks find; the suite collects them so one run reports every kind at once. */
function check(b: Building): Finding[] {
  const findings: Finding[] = [];
  const house = describeHouse(b);
  const before = modelEnergy(b, 'actual');
  const activities = recommendationsFor(b);

  // (a) a heat pump saves at most the energy bought for what it heats (an air-to-air pump: space heating only).
  for (const type of HEAT_PUMPS) {
    const a = activities.find((x) => x.name === type);
    if (!a || !a.available) continue;
    const heats =
      type === 'heat_pump_air'
        ? before.byUse.space_heating
        : before.byUse.space_heating + before.byUse.tap_water_heating;
    if (a.kwh_saved_bought > heats + 1) {
      findings.push({
        house,
        what: `${type} saves ${a.kwh_saved_bought} kWh of ${Math.round(heats)} bought for what it heats`,
      });
    }
  }

  // An air-to-air pump saves at most the bought heat of the share its units reach and can deliver (floor plan, units,
  // capacity at the place's temperatures: the engine README's air-to-air rule).
  const air = activities.find((x) => x.name === 'heat_pump_air');
  if (air?.available) {
    const systems = ['heat_pump_air' as const, ...b.input.primary_heating_systems.filter((s) => s !== 'heat_pump_air')];
    const withPump = { ...b, input: { ...b.input, primary_heating_systems: systems } };
    const share = airToAirShare(withPump.input, systemContext(withPump));
    const allowed = share * before.byUse.space_heating;
    if (air.kwh_saved_bought > allowed + 1) {
      findings.push({
        house,
        what: `heat_pump_air saves ${air.kwh_saved_bought} kWh of ${Math.round(allowed)} its share allows`,
      });
    }
  }

  const cards = measureCardsToShow(activities).filter((c) => c.available && c.completion_status !== 'completed');
  // (b) nothing over 10 000 kr pays back within a year without the card saying why.
  for (const c of cards) {
    const quick = c.investment_cost > BIG_INVESTMENT && c.payback_years !== null && c.payback_years < ONE_YEAR;
    if (quick) quickPaybacks++;
    if (quick && !c.messages.some((m) => m.id === 'quick_payback')) {
      findings.push({ house, what: `${c.name} pays back in ${c.payback_years} years on ${c.investment_cost} kr` });
    }
  }

  // (c) no two shown cards with the same figures; pairs showing the same kWh and kronor are counted over all houses.
  const byFigures = new Map<string, Activity>();
  const byHeadline = new Map<string, Activity>();
  for (const c of cards) {
    const full = cardFigures(c);
    const same = byFigures.get(full);
    if (same) findings.push({ house, what: `${same.name} and ${c.name} both show ${full}` });
    else byFigures.set(full, c);
    if (c.kwh_saved_bought <= 0) continue;
    const headline = `${c.kwh_saved_bought}|${c.savings.energyCostSavings}`;
    const other = byHeadline.get(headline);
    if (other)
      headlinePairs.set(`${other.name} = ${c.name}`, (headlinePairs.get(`${other.name} = ${c.name}`) ?? 0) + 1);
    else byHeadline.set(headline, c);
  }

  // (d) heat + hot-water need per m² within the band around the statistics for the period and the place.
  const perM2 = (before.need.space_heating + before.need.tap_water_heating) / b.input.atemp;
  const statistics = statisticsNeedPerM2(b.input.construction_year, b.location.degreeDays);
  const ratio = perM2 / statistics;
  ratios.push(ratio);
  if (ratio < BAND.low || ratio > BAND.high) {
    findings.push({
      house,
      what: `needs ${perM2.toFixed(0)} kWh/m² against ${statistics.toFixed(0)} (× ${ratio.toFixed(2)})`,
    });
  }
  return findings;
}

describe('plausibility over generated houses (every climate, size, year, storeys, heating system)', () => {
  const houses = fc.sample(answersArb, { seed: SEED, numRuns: RUNS }).map(houseOf);
  const findings = houses.flatMap(check);
  const of = (prefix: RegExp) => findings.filter((f) => prefix.test(f.what));
  if (process.env.PLAUSIBILITY_FINDINGS) console.log(findings.map((f) => `${f.house}: ${f.what}`).join('\n'));

  it(`generates ${RUNS} houses in all four price areas`, () => {
    expect(houses).toHaveLength(RUNS);
    expect(new Set(houses.map((b) => b.location.priceArea))).toEqual(new Set(['SE1', 'SE2', 'SE3', 'SE4']));
  });
  it('no heat pump saves more than the energy bought for what it heats', () => {
    expect(of(/ saves \d+ kWh of \d+ bought/)).toEqual([]);
  });
  it('no air-to-air pump saves more than the share of the heat its units reach and can deliver', () => {
    expect(of(/its share allows/)).toEqual([]);
  });
  it('no measure costing over 10 000 kr pays back within a year without the card saying why', () => {
    expect(of(/pays back in/)).toEqual([]);
    if (process.env.PLAUSIBILITY_FINDINGS) console.log(`${quickPaybacks} quick paybacks, each with its reason`);
  });
  it('no two cards a homeowner is shown carry the same figures', () => {
    expect(of(/both show/)).toEqual([]);
  });
  it('no two kinds of measure show the same kWh and kronor in more than 2 % of houses (beyond a coincidence)', () => {
    const systematic = [...headlinePairs].filter(([pair, n]) => n > SYSTEMATIC * RUNS && !KNOWN_SAME_FIGURES.has(pair));
    if (process.env.PLAUSIBILITY_FINDINGS) console.log([...headlinePairs].map(([p, n]) => `${p}: ${n}`).join('\n'));
    expect(systematic).toEqual([]);
  });
  it("every house's heat + hot water per m² lies within 0.25–2.2 × the statistics for its period and climate", () => {
    expect(of(/needs \d+ kWh\/m²/)).toEqual([]);
  });
  it('the middle house needs within 0.8–1.25 × the statistics', () => {
    const sorted = [...ratios].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))]!;
    if (process.env.PLAUSIBILITY_FINDINGS)
      console.log(`ratio p1 ${at(0.01)} p10 ${at(0.1)} p50 ${at(0.5)} p90 ${at(0.9)} p99 ${at(0.99)}`);
    expect(at(0.5)).toBeGreaterThanOrEqual(MEDIAN_BAND.low);
    expect(at(0.5)).toBeLessThanOrEqual(MEDIAN_BAND.high);
  });
});
