import '../../../../testing/setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Explanation } from '@home-energy/shared';
import { installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { setSession } from '../../../../testing/fake-session';
import { activity, answersOf, calculatedLabel, information, paths } from '../../../../testing/fixtures';
import { renderResults } from '../../../../testing/render-results';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());

// "How we calculated this" in the homeowner's words: every input, step and figure of an explanation shaped like the
// engine's (bff/src/energy/explanation.ts), in Swedish and in English, without an identifier, a repository path or
// (on the Swedish page) an English sentence.

const home = paths(42);
const PUMP = `/api/flow/property/42/building/primary/recommendations/heat_pump_air/explanation`;
const LABEL = `/api/flow/property/42/building/primary/label/explanation`;
let bff: FakeBff;

type Input = Explanation['inputs'][number];
const input = (key: string, status: Input['status'], value: Input['value'], assumption: Input['assumption'] = null) =>
  ({ key, question_key: key, status, value, assumption }) as Input;
const era = { from: 1961, until: 1975 };

const inputs: Input[] = [
  input('construction_year', 'register', 1975),
  input('atemp', 'answered', 160),
  input('num_floors', 'answered', 2),
  input('attic_insulation_mm', 'assumed', null, { reason: 'era', used: 'attic_mm', values: { ...era, mm: 150 } }),
  input('window_type', 'assumed', 'unknown', { reason: 'era', used: 'window_u', values: { ...era, u: 2.8 } }),
  input('door_type', 'assumed', 'original', { reason: 'era', used: 'door_u', values: { until: 1940, u: 2.5 } }),
  input('wall_insulation_added_mm', 'assumed', 0, {
    reason: 'era',
    used: 'walls_as_built',
    values: { from: 2006, u: 0.18 },
  }),
  input('occupants', 'assumed', null, {
    reason: 'standard_use',
    used: 'tap_water_standard',
    values: { kwh_per_m2: 20, kwh: 3200 },
  }),
  input('indoor_temperature', 'assumed', 21, { reason: 'standard_use', used: null, values: {} }),
  input('ceiling_height', 'assumed', 2.4, { reason: 'building_rules', used: null, values: {} }),
  input('window_film', 'assumed', false, { reason: 'not_told', used: null, values: {} }),
  input('ventilation', 'assumed', 'natural', { reason: 'default', used: null, values: {} }),
  input('heat_pump_installation_year', 'assumed', null, {
    reason: 'not_told',
    used: 'heat_pump_within_life',
    values: {},
  }),
  input('roof_orientation', 'assumed', 'unknown', { reason: 'not_told', used: 'roof_south', values: {} }),
  // A key this page has no words of its own for: its question's texts and the generic reason still make a sentence.
  input('floor_plan', 'assumed', 'closed', { reason: 'cautious', used: null, values: {} }),
  input('air_to_air_units', 'assumed', 1, { reason: 'cautious', used: null, values: {} }),
  input('primary_heating_systems', 'answered', ['heat_pump_air', 'electric_direct']),
];

type Figure = Explanation['constants'][number];
const figure = (id: string, value: unknown, extra: Partial<Figure> = {}): Figure => ({
  id,
  value,
  unit: 'engine unit, in English',
  source: 'docs/product.md §9; a note in English that was not found in public sources',
  estimate: '[E] tapWaterPerPerson × heat_pump_air, see README.md',
  sources: [],
  basis: 'estimate',
  applies: null,
  ...extra,
});
const constants: Figure[] = [
  figure('ruleVersion', 'BBR 29 (BFS 2011:6 as amended by BFS 2020:4)', {
    basis: null,
    sources: [
      { publisher: 'Boverket', title: 'Vad är primärenergital?', year: 2020 },
      { publisher: 'Boverket', title: 'Boverkets byggregler, BBR 29 (BFS 2020:4), avsnitt 9', year: 2020 },
    ],
  }),
  figure('classBandsPercent', [50, 75, 100, 135, 180, 235], { basis: null }),
  figure('epRequirementSmallHouse', [
    { atempAbove: 130, ep: 90 },
    { atempAbove: 90, ep: 95 },
  ]),
  figure('primaryEnergyFactor', { electricity: 1.8, district_heating: 0.7, bio_tree_pellets_bricks: 0.6 }),
  figure('fGeoRange', { min: 0.8, max: 1.9 }),
  figure('pvCountsInEp', false, { basis: 'choice' }),
  figure('eraArchetypes', [
    { untilYear: 1940, wallU: 0.5, atticInsulationMm: 100, floorU: 0.28, windowU: 2.8, doorU: 2.5 },
    {
      untilYear: null,
      wallU: 0.18,
      atticInsulationMm: 400,
      floorU: 0.15,
      windowU: 1.2,
      doorU: 1,
      extraInfiltrationLsM2: 0,
    },
  ]),
  figure('windowU', { single: 5, double: 2.8, triple: 1.9, energy: 1 }),
  figure('exposedWallShare', { villa: 1, kedjehus: 0.9, parhus: 0.75, radhus: 0.5, flerbostadshus: 1 }),
  figure('tapWaterPerPerson', 1170, {
    basis: 'derived',
    sources: [{ publisher: 'Stockholmshem', title: '', year: null }],
  }),
  figure('heatPumpSpf', { heat_pump_geothermal: 3.25, heat_pump_airwater: 2.55, heat_pump_exhaust_air: 2.25 }),
  figure('airToAirSpfByClimate', {
    warm: { degreeDays: 2932, spf: 3.45 },
    cold: { degreeDays: 5137, spf: 2.45 },
  }),
  figure('airToAirReach', { open: 0.95, partly_open: 0.7, closed: 0.45, otherStoreys: 0.4 }),
  figure('airToAirUnitCapacity', { atMinus15: 4.5, atMinus25: 3.1, minOutdoorC: -30 }),
  figure('spotPrice', { SE1: 45.7, SE2: 45.7, SE3: 59.2, SE4: 74.4 }, { basis: null }),
  // The parts the server singles out for this house: the one price area, the house's era.
  figure('pvYield', { SE1: 976, SE2: 976, SE3: 986, SE4: 1048 }, { applies: ['SE3'] }),
  figure(
    'eraArchetypes',
    [
      { untilYear: 1960, wallU: 0.48, atticInsulationMm: 100 },
      { untilYear: 1975, wallU: 0.42, atticInsulationMm: 150 },
    ],
    { id: 'standardTapWaterSmallHouse', applies: ['1'] },
  ),
  figure('costHeatPump', { heat_pump_air: { low: 13400, high: 27900 } }, { basis: 'derived' }),
  figure('lifeSpan', { heat_pump_air: 12, heat_pump_exhaust_air: 15, default: 30 }),
  figure('labourShare', { heat_pump: 0.35, insulation_attic: 0.3 }),
  figure('greenTechRate', { solar: 0.15, battery: 0.5, wallbox: 0.5 }, { basis: null }),
  figure('pvOrientationFactor', { south: 1, east_west: 0.75, north: 0.55, unknown: 1 }),
  figure('newWindowType', 'energy', { basis: null }),
  figure('airHeatCapacity', 1.2, { basis: 'definition' }),
  figure('fitted', 0.04, { id: 'insulationConductivity', basis: 'fitted' }),
  // A figure this page has no name for yet: named generically, never by its id.
  figure('someNewConstant', 3, { basis: 'estimate' }),
];

const pumpExplanation: Explanation = {
  subject: 'heat_pump_air',
  rule_version: 'BBR 29 (BFS 2011:6 as amended by BFS 2020:4)',
  inputs,
  steps: [
    { code: 'bought_before', values: { kwh: 24_000, kr: 45_600 } },
    { code: 'bought_after', values: { kwh: 17_000, kr: 32_300 } },
    { code: 'kwh_saved_bought', values: { kwh: 7_000 } },
    { code: 'kwh_sold', values: { kwh: 300 } },
    { code: 'kr_saved', values: { kr: 13_300 } },
    { code: 'investment', values: { kr: 20_650, span: 14_500, low: 13_400, high: 27_900, life_span: 12 } },
    { code: 'subsidies', values: { kr: 2_200 } },
    { code: 'payback', values: { years: 1.4, life_span: 12 } },
  ],
  constants,
  ranges: [
    { code: 'kwh_saved_bought', low: 5_000, value: 7_000, high: 9_000 },
    { code: 'kr_saved', low: 9_000, value: 13_300, high: 17_000 },
  ],
  varied_inputs: ['floor_plan', 'attic_insulation_mm'],
};

const labelExplanation: Explanation = {
  ...pumpExplanation,
  subject: 'label',
  steps: [
    { code: 'heat_loss', values: { w_per_k: 310 } },
    { code: 'degree_days', values: { degree_days: 5137, municipality: 'Luleå' } },
    { code: 'space_heat_need', values: { kwh: 26_000, temperature: 21 } },
    { code: 'tap_water_need', values: { kwh: 3_200 } },
    { code: 'delivered_for_label', values: { kwh: 22_000 } },
    { code: 'primary_energy', values: { ep: 164, f_geo: 1.51, atemp: 160 } },
    { code: 'energy_class', values: { requirement: 90, percent: 182, energy_class: 'F' } },
    { code: 'no_requirement', values: { atemp: 40, min_atemp: 50 } },
    { code: 'no_cost', values: {} },
    { code: 'no_payback', values: {} },
    { code: 'already_done', values: {} },
    { code: 'not_available', values: {} },
  ],
  ranges: [{ code: 'ep', low: 150, value: 164, high: 180 }],
};

const question = (key: string, en: string, sv: string, data: object, options?: Record<string, [string, string]>) => ({
  key,
  header: en,
  data,
  position: 1,
  asked: true,
  required: false,
  texts: {
    en: {
      header: en,
      ...(options ? { options: Object.fromEntries(Object.entries(options).map(([k, [e]]) => [k, e])) } : {}),
    },
    sv: {
      header: sv,
      ...(options ? { options: Object.fromEntries(Object.entries(options).map(([k, [, s]]) => [k, s])) } : {}),
    },
  },
});
const number = (unit: string) => ({ type: 'integer', unit, min: 0, max: 100_000, default: null });
const QUESTIONS = [
  question('construction_year', 'When was the house built?', 'Vilket år byggdes huset?', number('yr')),
  question('atemp', 'How large is the heated floor area?', 'Hur stor är den uppvärmda ytan?', number('sqm')),
  question(
    'num_floors',
    'How many heated floors above ground?',
    'Hur många uppvärmda våningar ovan mark?',
    number('num'),
  ),
  question(
    'attic_insulation_mm',
    'How thick is the attic insulation?',
    'Hur tjock är isoleringen på vinden?',
    number('mm'),
  ),
  question(
    'window_type',
    'What windows does the house have?',
    'Vilka fönster har huset?',
    { type: 'selection' },
    {
      unknown: ['Don’t know', 'Vet inte'],
    },
  ),
  question('door_type', 'What outer doors does the house have?', 'Vilka ytterdörrar har huset?', { type: 'selection' }),
  question(
    'wall_insulation_added_mm',
    'Has wall insulation been added since the house was built? How much?',
    'Har väggarna tilläggsisolerats? Hur mycket?',
    number('mm'),
  ),
  question('occupants', 'How many people live in the house?', 'Hur många bor i huset?', number('num')),
  question(
    'indoor_temperature',
    'What indoor temperature do you keep in winter?',
    'Vilken inomhustemperatur har ni på vintern?',
    { type: 'float', unit: 'C', min: 10, max: 30, default: 21 },
  ),
  question('ceiling_height', 'How high are the rooms?', 'Hur hög är takhöjden?', {
    type: 'float',
    unit: 'm',
    min: 1.8,
    max: 6,
    default: 2.4,
  }),
  question('window_film', 'Do the windows have an insulating window film?', 'Har fönstren isolerande fönsterfilm?', {
    type: 'boolean',
  }),
  question(
    'ventilation',
    'What ventilation does the house have?',
    'Vilken ventilation har huset?',
    { type: 'selection' },
    {
      natural: ['Natural draught', 'Självdrag'],
    },
  ),
  question(
    'floor_plan',
    'How open is the floor plan?',
    'Hur öppen är planlösningen?',
    { type: 'selection' },
    {
      closed: ['Closed rooms', 'Slutna rum'],
    },
  ),
  question('air_to_air_units', 'How many indoor units?', 'Hur många innedelar?', number('num')),
  question(
    'primary_heating_systems',
    'How is the house heated?',
    'Hur värms huset?',
    { type: 'multiple' },
    {
      heat_pump_air: ['Air-to-air heat pump', 'Luft/luft-värmepump'],
      electric_direct: ['Direct electric', 'Direktverkande el'],
    },
  ),
];

beforeEach(() => {
  setSession(null);
  bff = installFakeBff();
  bff.answer('GET', home.recommendations, ok({ recommendations: [activity('heat_pump_air')], errors: [] }));
  bff.answer('GET', home.information, ok(information(calculatedLabel('F'))));
  bff.answer('GET', home.answers, ok(answersOf(42, 'Testgatan 1, 111 22 Stockholm')));
  bff.answer('GET', '/api/flow/questions', ok({ organisation: null, questions: QUESTIONS }));
  bff.answer('GET', PUMP, ok({ explanation: pumpExplanation, errors: [] }));
  bff.answer('GET', LABEL, ok({ explanation: labelExplanation, errors: [] }));
  bff.answer('POST', '/api/flow/interaction', { status: 204 });
});

/** Every piece of text a reader meets: text nodes and the accessible names given as attributes. */
function textsOf(element: HTMLElement): string[] {
  const out: string[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) out.push(node.textContent ?? '');
  element.querySelectorAll('[aria-label], [title], [alt]').forEach((el) => {
    for (const name of ['aria-label', 'title', 'alt']) if (el.hasAttribute(name)) out.push(el.getAttribute(name)!);
  });
  return out.filter((text) => text.trim() !== '');
}

// camelCase (units such as kWh, kWp and W/mK aside), snake_case, repository paths and section signs.
const IDENTIFIER = /\b[a-z]+[A-Z]\w*|\w_\w|docs\/|\.md\b|§|README|\[[EDS]\]/;
const withoutUnits = (text: string) => text.replace(/\b(k|M)W(h|p)?\b|\bW\/m²?K\b/g, '');
// Sentences of the engine's English notes and the English page, which must not reach the Swedish page.
const ENGLISH = /\b(the|and|of|not|found|our|with|typical|we|because|figure|source|estimate|assumed|amended)\b/i;

async function openExplanation(where: 'label' | 'measure', lng: 'en' | 'sv'): Promise<HTMLElement> {
  renderResults(home.page, { lng });
  const toggleName = lng === 'sv' ? 'Så har vi räknat' : 'How we calculated this';
  const container =
    where === 'label'
      ? await screen.findByTestId('epc-label')
      : await screen.findByTestId('explain-heat_pump_air').then((el) => el.parentElement!);
  fireEvent.click(within(container).getByRole('button', { name: toggleName }));
  const body = await within(container).findByTestId('explanation');
  // The inputs are named once the questions have arrived.
  await within(body).findAllByRole('link');
  return body;
}

describe('How we calculated this, in the homeowner’s words', () => {
  it.each([
    ['label', 'sv'],
    ['measure', 'sv'],
    ['label', 'en'],
    ['measure', 'en'],
  ] as const)('the %s in %s: no identifier, path or code key in any text', async (where, lng) => {
    const body = await openExplanation(where, lng);
    const bad = textsOf(body).filter((text) => IDENTIFIER.test(withoutUnits(text)));
    expect(bad).toEqual([]);
    // The engineers' notes never reach the page.
    expect(body.textContent).not.toContain('engine unit');
    expect(body.textContent).not.toContain('not found in public sources');
  });

  it.each(['label', 'measure'] as const)('the %s in Swedish: no English text at all', async (where) => {
    const body = await openExplanation(where, 'sv');
    const english = textsOf(body).filter((text) => ENGLISH.test(text));
    expect(english).toEqual([]);
  });

  it('says each assumed answer as "we assumed … because …", with the reason that applies to it', async () => {
    const body = await openExplanation('measure', 'sv');
    const said = (key: string) => body.querySelector(`[data-input="${key}"]`)!.textContent;
    expect(said('occupants')).toBe(
      'Hur många bor i huset? Vi antog varmvatten som för ett normalt hushåll: 20 kWh per m² och år, 3 200 kWh för ' +
        'huset eftersom det är det normala brukande som energideklarationer räknas med (Boverket). Ändra',
    );
    expect(said('attic_insulation_mm')).toBe(
      'Hur tjock är isoleringen på vinden? Vi antog 150 mm isolering eftersom det är typiskt för hus byggda ' +
        '1961–1975. Ändra',
    );
    expect(said('door_type')).toContain('eftersom det är typiskt för hus byggda till och med 1940.');
    expect(said('wall_insulation_added_mm')).toContain('eftersom det är typiskt för hus byggda 2006 eller senare.');
    expect(said('indoor_temperature')).toBe(
      'Vilken inomhustemperatur har ni på vintern? Vi antog 21 °C eftersom det är det normala brukande som ' +
        'energideklarationer räknas med (Boverket). Ändra',
    );
    expect(said('ceiling_height')).toContain('Vi antog 2,4 m eftersom det är den lägsta takhöjd');
    expect(said('window_film')).toContain('Vi antog nej eftersom du inte har angett något annat.');
    expect(said('ventilation')).toContain('Vi antog ”Självdrag” eftersom det är det svar frågan börjar med.');
    expect(said('floor_plan')).toBe(
      'Hur öppen är planlösningen? Vi antog ”Slutna rum” eftersom det ger den mindre besparingen, så att vi inte ' +
        'lovar för mycket. Ändra',
    );
    expect(said('air_to_air_units')).toContain('Vi antog 1 eftersom det ger den mindre besparingen');
    // A year is a year, an area has its unit.
    expect(said('construction_year')).toBe('Vilket år byggdes huset? 1975 (från fastighetsregistret) Ändra');
    expect(said('atemp')).toBe('Hur stor är den uppvärmda ytan? 160 m² Ändra');
  });

  it('names each figure and its publications, or says it is our estimate and why', async () => {
    const body = await openExplanation('measure', 'sv');
    const figure = (id: string) => body.querySelector(`[data-constant="${id}"]`)!.textContent;
    expect(figure('tapWaterPerPerson')).toBe(
      'Värme för varmvatten per person (kWh per år): 1 170Källa: Stockholmshem · Vår uppskattning: vår beräkning ' +
        'utifrån de publicerade siffrorna',
    );
    expect(figure('ruleVersion')).toBe(
      'Byggregler som energiklassen följer: BBR 29 (BFS 2011:6 ändrad genom BFS 2020:4)Källor: Boverket, ' +
        '”Vad är primärenergital?” (2020); Boverket, ”Boverkets byggregler, BBR 29 (BFS 2020:4), avsnitt 9” (2020)',
    );
    expect(figure('spotPrice')).toContain('SE1 45,7, SE2 45,7, SE3 59,2, SE4 74,4');
    expect(figure('costHeatPump')).toContain('Luft/luft-värmepump 13 400–27 900');
    expect(figure('someNewConstant')).toContain('En annan siffra i beräkningen: 3');
    expect(figure('pvYield')).toContain('(kWh per år): SE3 986');
    expect(figure('standardTapWaterSmallHouse')).toContain(': byggt till och med 1975, vägg 0,42, vind mm 150');
    expect(figure('standardTapWaterSmallHouse')).not.toContain('1960');
    expect(body.querySelector('[data-step="investment"]')!.textContent).toBe(
      'Den kostar ungefär 20 650 kr (mellan 13 400 och 27 900 kr) och håller ungefär 12 år.',
    );
  });
});
