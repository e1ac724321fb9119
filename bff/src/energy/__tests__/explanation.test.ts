// "How we calculated this": assumed inputs are listed, ranges hold their value, constants are the table's with a
// source.
import fs from 'node:fs';
import path from 'node:path';
import {
  ASSUMPTION_REASONS,
  CONSTANT_BASES,
  explanationSchema,
  type Explanation,
} from '@home-energy/shared/schemas/energy';
import { ENERGY_TEXTS } from '@home-energy/shared/i18n/energy';
import { copyInput } from '../answers';
import { recommendationsFor } from '../activities/recommendations';
import { ACTIVITY_TYPES } from '../activities/types';
import { ENERGY_CONSTANTS, RULE_VERSION } from '../constants';
import {
  ASSUMPTIONS,
  explainedConstantIds,
  explainLabel,
  explainRecommendation,
  MEASURE_CONSTANTS,
  type InputSources,
} from '../explanation';
import { CONSTANT_CITATIONS } from '../explanation-sources';
import { defaultPrices } from '../prices';
import { house } from './fixtures';

/** The fixture house's own answers; everything else is assumed. */
const ANSWERED: InputSources = {
  construction_year: 'answered',
  atemp: 'answered',
  num_floors: 'register',
  occupants: 'answered',
};
const building = house();
const prices = defaultPrices(building.location.priceArea);

function checkConstants(explanation: Explanation) {
  const table = ENERGY_CONSTANTS as Record<
    string,
    { value: unknown; unit: string; source: string | null; estimate?: string }
  >;
  expect(explanation.constants.length).toBeGreaterThan(0);
  for (const c of explanation.constants) {
    expect(table[c.id]).toBeDefined();
    expect(c).toEqual({
      id: c.id,
      value: table[c.id]!.value,
      unit: table[c.id]!.unit,
      source: table[c.id]!.source,
      estimate: table[c.id]!.estimate ?? null,
      sources: expect.any(Array),
      basis: c.basis,
      applies: c.applies,
    });
    expect([null, ...CONSTANT_BASES]).toContain(c.basis);
    // The homeowner sees publisher, title and year or our basis, never the notes.
    expect(c.sources.length > 0 || c.basis !== null).toBe(true);
    // Every constant shown has a source or our stated basis (engine README "Sources").
    expect(Boolean(c.source) || Boolean(c.estimate)).toBe(true);
  }
}

describe('explainLabel', () => {
  // Built in each test, not once for the describe: a mutation run counts only what a test itself runs.
  it('has the shared shape, the rule version and the label EP as the middle of its range', () => {
    const explanation = explainLabel(building, ANSWERED);
    expect(explanationSchema.safeParse(explanation).error?.issues ?? []).toEqual([]);
    expect(explanation.rule_version).toBe(RULE_VERSION);
    const [ep] = explanation.ranges;
    expect(ep!.code).toBe('ep');
    expect(ep!.low).toBeLessThanOrEqual(ep!.value);
    expect(ep!.value).toBeLessThanOrEqual(ep!.high);
    expect(ep!.low).toBeLessThan(ep!.high);
  });

  it('marks answered, register and assumed inputs, each with its question key; lists only what the label reads', () => {
    const explanation = explainLabel(building, ANSWERED);
    const byKey = Object.fromEntries(explanation.inputs.map((i) => [i.key, i]));
    expect(byKey.atemp).toMatchObject({ status: 'answered', question_key: 'atemp', value: 150 });
    expect(byKey.num_floors).toMatchObject({ status: 'register', value: 1 });
    expect(byKey.window_type).toMatchObject({ status: 'assumed', question_key: 'window_type', value: 'unknown' });
    expect(byKey.attic_insulation_mm).toMatchObject({ status: 'assumed', value: null });
    // Occupants and indoor temperature are the household's own use: the label uses BEN's normal use instead.
    expect(byKey.occupants).toBeUndefined();
    expect(byKey.indoor_temperature).toBeUndefined();
    expect(explanation.varied_inputs).toEqual(expect.arrayContaining(['window_type', 'attic_insulation_mm']));
    expect(explanation.varied_inputs).not.toContain('atemp');
    for (const key of explanation.varied_inputs) expect(byKey[key]!.status).toBe('assumed');
  });

  it('ends its steps with the class the label shows', () => {
    const explanation = explainLabel(building, ANSWERED);
    const label = recommendationsFor(building)[0]!.epc_label;
    expect(explanation.steps.map((s) => s.code)).toEqual([
      'heat_loss',
      'degree_days',
      'space_heat_need',
      'tap_water_need',
      'delivered_for_label',
      'primary_energy',
      'energy_class',
    ]);
    expect(explanation.steps.at(-1)!.values.energy_class).toEqual(expect.any(String));
    expect(label.rule_version).toBe(explanation.rule_version);
    checkConstants(explanation);
  });
});

describe('explainRecommendation', () => {
  const list = recommendationsFor(building, { prices });

  it.each([...ACTIVITY_TYPES])(
    '%s: the same activity as the list, low ≤ value ≤ high, constants from the table',
    (type) => {
      const result = explainRecommendation(building, type, prices, ANSWERED)!;
      expect(result.activity).toEqual(list.find((a) => a.name === type));
      const { explanation } = result;
      expect(explanationSchema.safeParse(explanation).error?.issues ?? []).toEqual([]);
      expect(explanation.subject).toBe(type);
      expect(explanation.ranges.map((r) => r.code)).toEqual(['kwh_saved_bought', 'kr_saved']);
      for (const r of explanation.ranges) {
        expect(r.low).toBeLessThanOrEqual(r.value);
        expect(r.value).toBeLessThanOrEqual(r.high);
      }
      expect(explanation.ranges[0]!.value).toBe(result.activity.kwh_saved_bought);
      expect(explanation.ranges[1]!.value).toBe(result.activity.savings.energyCostSavings);
      checkConstants(explanation);
    },
  );

  it('lists every assumed input and varies only assumed ones; the attic saving has a real spread', () => {
    const { explanation } = explainRecommendation(building, 'insulation_attic', prices, ANSWERED)!;
    const assumed = explanation.inputs.filter((i) => i.status === 'assumed').map((i) => i.key);
    expect(assumed).toEqual(
      expect.arrayContaining(['attic_insulation_mm', 'window_type', 'indoor_temperature', 'ventilation']),
    );
    expect(assumed).not.toContain('atemp');
    for (const key of explanation.varied_inputs) expect(assumed).toContain(key);
    expect(explanation.varied_inputs).toContain('attic_insulation_mm');
    const [kwh] = explanation.ranges;
    expect(kwh!.low).toBeLessThan(kwh!.value);
    expect(kwh!.high).toBeGreaterThan(kwh!.value);
    expect(explanation.constants.map((c) => c.id)).toEqual(
      expect.arrayContaining(['costAtticPerM2', 'atticTargetMm', 'insulationConductivity']),
    );
  });

  it('varies nothing when everything is answered', () => {
    const all = Object.fromEntries(Object.keys(building.input).map((k) => [k, 'answered'])) as InputSources;
    const { explanation } = explainRecommendation(building, 'insulation_attic', prices, all)!;
    expect(explanation.varied_inputs).toEqual([]);
    expect(explanation.ranges.every((r) => r.low === r.value && r.high === r.value)).toBe(true);
  });

  it('says why a completed measure saves nothing', () => {
    const done = house({ attic_insulation_mm: 450 });
    const { explanation } = explainRecommendation(
      done,
      'insulation_attic',
      defaultPrices(done.location.priceArea),
      ANSWERED,
    )!;
    expect(explanation.steps).toEqual([{ code: 'already_done', values: {} }]);
    expect(explanation.ranges.every((r) => r.low === 0 && r.high === 0)).toBe(true);
  });
});

describe('what a homeowner reads', () => {
  it('every constant an explanation can show has its publications or our basis, none a repository path', () => {
    const ids = explainedConstantIds();
    expect(ids.length).toBeGreaterThan(90);
    const missing = ids.filter((id) => !CONSTANT_CITATIONS[id]);
    expect(missing).toEqual([]);
    for (const id of ids) {
      const citation = CONSTANT_CITATIONS[id]!;
      expect([id, citation.sources.length > 0 || citation.basis !== null]).toEqual([id, true]);
      for (const s of citation.sources) {
        expect(s.publisher).not.toEqual('');
        // Units (kWh, kWp) aside, no camelCase or snake_case ids.
        const text = `${s.publisher} ${s.title}`.replace(/\b[kM]W[hp]?\b/g, '');
        expect(text).not.toMatch(/docs\/|\.md\b|§|README|\.csv|[a-z][A-Z]|_/);
      }
    }
  });

  it('no source in the constants table cites a repository file; the public publication or our basis instead', () => {
    const table = ENERGY_CONSTANTS as Record<string, { source: string | null }>;
    const cited = Object.entries(table).filter(([, c]) => c.source && /docs\/|README|\.md\b|geo\//.test(c.source));
    expect(cited.map(([id]) => id)).toEqual([]);
  });

  it('says why each assumed input is what it is: the era, the standard use, or nothing said', () => {
    const byKey = Object.fromEntries(
      explainRecommendation(building, 'insulation_attic', prices, ANSWERED)!.explanation.inputs.map((i) => [i.key, i]),
    );
    // The fixture house is from 1970: the era of the archetype table that holds 1970.
    const eras = ENERGY_CONSTANTS.eraArchetypes.value;
    const i = eras.findIndex((era) => 1970 <= era.untilYear);
    const era = { from: eras[i - 1]!.untilYear + 1, until: eras[i]!.untilYear };
    expect(era.from).toBeLessThanOrEqual(1970);
    expect(byKey.attic_insulation_mm!.assumption).toEqual({
      reason: 'era',
      used: 'attic_mm',
      values: { ...era, mm: eras[i]!.atticInsulationMm },
    });
    expect(byKey.window_type!.assumption).toEqual({
      reason: 'era',
      used: 'window_u',
      values: { ...era, u: eras[i]!.windowU },
    });
    expect(byKey.indoor_temperature!.assumption).toEqual({ reason: 'standard_use', used: null, values: {} });
    expect(byKey.window_film!.assumption).toEqual({ reason: 'not_told', used: null, values: {} });
    // Unanswered ventilation in a 1970 house: natural draught, as typical of its era.
    expect(byKey.ventilation!.assumption).toEqual({ reason: 'era', used: 'ventilation_natural', values: era });
    // Answered and register inputs need no reason.
    expect(byKey.atemp!.assumption).toBeNull();
    expect(byKey.num_floors!.assumption).toBeNull();
    const nobodySaid = { ...building, input: copyInput(building.input, { occupants: null }) };
    const unanswered = explainRecommendation(nobodySaid, 'low_flush_faucets', prices, {})!.explanation.inputs;
    expect(unanswered.find((i) => i.key === 'occupants')!.assumption).toEqual({
      reason: 'standard_use',
      used: 'tap_water_standard',
      values: { kwh_per_m2: 20, kwh: 3000 },
    });
    expect(Object.keys(ASSUMPTIONS).length).toBeGreaterThan(0);
  });

  it('the results pages have words, in sv and en, for every figure, step, assumption and basis it sends', () => {
    const locale = (lang: string) =>
      (
        JSON.parse(
          fs.readFileSync(path.join(__dirname, '../../../../mfe-results/locales', lang, 'results.json'), 'utf8'),
        ) as { explanation: Record<string, Record<string, string>> }
      ).explanation;
    // Every step, reason and used value the engine gives for a few different houses, every measure.
    const houses = [
      building,
      house({ construction_year: 1930, primary_heating_systems: ['heat_pump_air', 'oil'] }),
      house({ construction_year: 2015, building_type: 'flerbostadshus', atemp: 40 }),
      { ...building, input: copyInput(building.input, { occupants: null }) },
    ];
    const explanations = houses.flatMap((h) => [
      explainLabel(h, {}),
      ...ACTIVITY_TYPES.map((type) => explainRecommendation(h, type, prices, {})!.explanation),
    ]);
    const steps = new Set(explanations.flatMap((e) => e.steps.map((st) => st.code)));
    // The keys inside the figures' values (price areas, heating systems, era fields…): named by the shared energy
    // texts or the page's own words; a range (low–high, min–max) needs none.
    const partKeys = new Set<string>();
    const collect = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object')
        for (const [key, v] of Object.entries(value)) {
          if (!['low', 'high', 'min', 'max'].includes(key)) partKeys.add(key);
          collect(v);
        }
    };
    for (const id of explainedConstantIds()) collect(ENERGY_CONSTANTS[id].value);
    const shared = ENERGY_TEXTS.en as unknown as Record<string, Record<string, string>>;
    const named = (key: string) => ['measures', 'heating', 'carriers'].some((group) => key in shared[group]!);
    const used = new Set(explanations.flatMap((e) => e.inputs.flatMap((i) => i.assumption?.used ?? [])));
    for (const lang of ['en', 'sv']) {
      const words = locale(lang);
      const missing = (group: string, keys: Iterable<string>) =>
        [...keys].filter((key) => !words[group]?.[key]).map((key) => `${lang} ${group}.${key}`);
      expect([
        ...missing('figures', explainedConstantIds()),
        ...missing('steps', steps),
        ...missing('used', used),
        ...missing('reasons', [...ASSUMPTION_REASONS, 'era_from', 'era_until']),
        ...missing('basis', CONSTANT_BASES),
        ...missing('basisLabel', CONSTANT_BASES),
        ...missing(
          'parts',
          [...partKeys].filter((key) => !named(key)),
        ),
      ]).toEqual([]);
    }
    expect(steps.has('energy_class') && steps.has('payback') && steps.has('no_cost')).toBe(true);
    expect(used.has('tap_water_standard') && used.has('window_u')).toBe(true);
  });

  it('singles out the parts of a figure that fit this house: its price area, era, systems and the measure', () => {
    const pump = explainRecommendation(building, 'heat_pump_air', prices, ANSWERED)!.explanation;
    const applies = (e: Explanation, id: string) => e.constants.find((c) => c.id === id)!.applies;
    expect(applies(pump, 'spotPrice')).toEqual([building.location.priceArea]);
    expect(applies(pump, 'costHeatPump')).toEqual(['heat_pump_air']);
    expect(applies(pump, 'lifeSpan')).toEqual(['heat_pump_air']);
    expect(applies(pump, 'labourShare')).toEqual(['heat_pump']);
    // A figure with one value has no parts.
    expect(applies(pump, 'tapWaterPerPerson')).toBeNull();
    const label = explainLabel(building, ANSWERED);
    const era = ENERGY_CONSTANTS.eraArchetypes.value.findIndex((e) => 1970 <= e.untilYear);
    expect(applies(label, 'eraArchetypes')).toEqual([String(era)]);
    // 150 m² is in the band above 130 m², the first of the table.
    expect(applies(label, 'epRequirementSmallHouse')).toEqual(['0']);
    expect(applies(label, 'primaryEnergyFactor')).toEqual(['electricity']);
  });

  it('a measure that costs nothing says so instead of a payback', () => {
    const { explanation } = explainRecommendation(building, 'lower_temperature_1_deg_c', prices, ANSWERED)!;
    const codes = explanation.steps.map((s) => s.code);
    expect(codes.at(-1)).toBe('no_cost');
    expect(codes).not.toContain('payback');
    expect(codes).not.toContain('investment');
  });
});

describe('MEASURE_CONSTANTS', () => {
  // Each measure module's own constants (K.<id> in its file) are among the constants its explanation shows.
  const dir = path.join(__dirname, '..', 'activities', 'measures');
  const FILES: Record<string, readonly (typeof ACTIVITY_TYPES)[number][]> = {
    'insulation-attic.ts': ['insulation_attic'],
    'insulation-walls.ts': ['insulation_walls'],
    'energy-efficient-windows.ts': ['energy_efficient_windows'],
    'window-film.ts': ['window_film'],
    'energy-efficient-doors.ts': ['energy_efficient_doors'],
    'heat-pump-air.ts': ['heat_pump_air', 'heat_pump'],
    'heat-pump-replacement.ts': ['heat_pump_geothermal', 'heat_pump_airwater', 'heat_pump'],
    'heat-pump-smart-steering.ts': ['heat_pump_smart_steering'],
    'solar.ts': ['solar_panel_and_battery_installation'],
    'lower-temperature.ts': ['lower_temperature_1_deg_c'],
    'low-flush-faucets.ts': ['low_flush_faucets'],
    'energy-efficient-products.ts': ['energy_efficient_products'],
    'wallbox.ts': ['wallbox_charger_station'],
  };
  const DEFINITIONS = new Set(['wattPerKilowatt']);
  it.each(Object.entries(FILES))('%s', (file, types) => {
    const used = new Set([...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/\bK\.(\w+)/g)].map((m) => m[1]!));
    for (const type of types) {
      const shown = new Set<string>([...MEASURE_CONSTANTS[type], 'labourShare', 'lifeSpan']);
      for (const id of used) if (!DEFINITIONS.has(id)) expect([type, id, shown.has(id)]).toEqual([type, id, true]);
    }
  });
});

describe('the pump answers are listed only where a pump is', () => {
  const keys = (e: Explanation) => e.inputs.map((i) => i.key);
  it('not on the label or an attic card of a house without one (nor its age or smart control without any pump)', () => {
    expect(keys(explainLabel(building, ANSWERED))).not.toContain('floor_plan');
    expect(keys(explainLabel(building, ANSWERED))).not.toContain('heat_pump_installation_year');
    expect(keys(explainLabel(building, ANSWERED))).not.toContain('smart_heating_control');
    const ground = explainRecommendation(building, 'heat_pump_geothermal', prices, ANSWERED)!.explanation;
    expect(keys(ground)).toContain('heat_pump_installation_year');
    const attic = explainRecommendation(building, 'insulation_attic', prices, ANSWERED)!.explanation;
    expect(keys(attic)).not.toContain('floor_plan');
    expect(attic.varied_inputs).not.toContain('air_to_air_units');
  });
  it('on the air-to-air card, and on the label of a house that has one, with the open plan in the range', () => {
    const air = explainRecommendation(building, 'heat_pump_air', prices, ANSWERED)!.explanation;
    expect(keys(air)).toEqual(expect.arrayContaining(['floor_plan', 'air_to_air_units']));
    expect(air.varied_inputs).toContain('floor_plan');
    const withPump = house({ primary_heating_systems: ['electric_direct', 'heat_pump_air'] });
    expect(keys(explainLabel(withPump, ANSWERED))).toEqual(expect.arrayContaining(['floor_plan', 'air_to_air_units']));
  });
});
