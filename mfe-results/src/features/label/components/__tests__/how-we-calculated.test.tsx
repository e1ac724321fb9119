import '../../../../testing/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Explanation } from '@home-energy/shared';
import { heldAnswer, installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { setSession } from '../../../../testing/fake-session';
import { activity, answersOf, calculatedLabel, information, paths } from '../../../../testing/fixtures';
import { renderResults } from '../../../../testing/render-results';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());

const home = paths(42);
const ATTIC = `/api/flow/property/42/building/primary/recommendations/insulation_attic/explanation`;
const LABEL = `/api/flow/property/42/building/primary/label/explanation`;
let bff: FakeBff;

const constants: Explanation['constants'] = [
  {
    id: 'costAtticPerM2',
    value: { low: 77, high: 127 },
    unit: 'kr/m² attic floor',
    source: 'byggahus.se, "Pris tilläggsisolera vinden"',
    estimate: '[D] per m²',
    sources: [{ publisher: 'Byggahus.se', title: 'Pris tilläggsisolera vinden', year: null }],
    basis: 'derived' as const,
  },
  {
    id: 'indoorTemperatureSensitivity',
    value: 0.05,
    unit: 'share of space heating per °C',
    source: 'Energimyndigheten, Husguiden "en grad … 5 procent"',
    sources: [{ publisher: 'Energimyndigheten', title: 'Husguiden', year: null }],
  },
].map((c) => ({ estimate: null, basis: null, applies: null, ...c }));

const inputs: Explanation['inputs'] = [
  { key: 'atemp', question_key: 'atemp', status: 'register', value: 140 },
  { key: 'construction_year', question_key: 'construction_year', status: 'register', value: 1975 },
  { key: 'occupants', question_key: 'occupants', status: 'answered', value: 3 },
  {
    key: 'window_type',
    question_key: 'window_type',
    status: 'assumed',
    value: 'unknown',
    assumption: { reason: 'era', used: 'window_u', values: { from: 1961, until: 1975, u: 2.8 } },
  },
  {
    key: 'attic_insulation_mm',
    question_key: 'attic_insulation_mm',
    status: 'assumed',
    value: null,
    assumption: { reason: 'era', used: 'attic_mm', values: { from: 1961, until: 1975, mm: 150 } },
  },
].map((i) => ({ assumption: null, ...i }) as Explanation['inputs'][number]);

const atticExplanation: Explanation = {
  subject: 'insulation_attic',
  rule_version: 'BBR 29 (BFS 2011:6 as amended by BFS 2020:4)',
  inputs,
  steps: [
    { code: 'bought_before', values: { kwh: 20_000, kr: 29_600 } },
    { code: 'bought_after', values: { kwh: 15_000, kr: 19_600 } },
    { code: 'kwh_saved_bought', values: { kwh: 5_000 } },
  ],
  constants,
  ranges: [
    { code: 'kwh_saved_bought', low: 3_000, value: 5_000, high: 7_000 },
    { code: 'kr_saved', low: 6_000, value: 10_000, high: 14_000 },
  ],
  varied_inputs: ['window_type', 'attic_insulation_mm'],
};

const labelExplanation: Explanation = {
  ...atticExplanation,
  subject: 'label',
  steps: [{ code: 'energy_class', values: { requirement: 90, percent: 200, energy_class: 'G' } }],
  ranges: [{ code: 'ep', low: 160, value: 180.4, high: 200 }],
};

const question = (
  key: string,
  en: string,
  sv: string,
  options?: Record<string, [string, string]>,
  unit: 'num' | 'yr' = 'num',
) => ({
  key,
  header: en,
  data: { type: 'integer', unit, min: 0, max: 2100, default: null },
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

beforeEach(() => {
  setSession(null);
  bff = installFakeBff();
  bff.answer(
    'GET',
    home.recommendations,
    ok({
      recommendations: [
        activity('insulation_attic', { messages: [{ id: 'facade_only_when_renewing', level: 'notice' }] }),
      ],
      errors: [],
    }),
  );
  bff.answer('GET', home.information, ok(information(calculatedLabel('G'))));
  bff.answer('GET', home.answers, ok(answersOf(42, 'Testgatan 1, 111 22 Stockholm')));
  bff.answer(
    'GET',
    '/api/flow/questions',
    ok({
      organisation: null,
      questions: [
        question('window_type', 'Windows', 'Fönster', { unknown: ['Don’t know', 'Vet inte'] }),
        question('occupants', 'People living there', 'Antal boende'),
        question('construction_year', 'Year built', 'Byggår', undefined, 'yr'),
      ],
    }),
  );
  bff.answer('GET', ATTIC, ok({ explanation: atticExplanation, errors: [] }));
  bff.answer('GET', LABEL, ok({ explanation: labelExplanation, errors: [] }));
  bff.answer('POST', '/api/flow/interaction', { status: 204 });
});

const card = () => within(document.querySelector<HTMLElement>('[data-activity="insulation_attic"]')!);
const measuresShown = () => waitFor(() => expect(document.querySelector('.rd-main')).not.toBeNull());

/**
 * The visible text of an element without the engine's cited sources and raw table values (named as they are published).
 */
function uiText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('cite, [translate="no"]').forEach((node) => node.remove());
  return copy.textContent ?? '';
}

describe('How we calculated this', () => {
  it('on a card: nothing fetched until open; Enter opens inputs, range and sources; Space closes it', async () => {
    renderResults(home.page);
    await measuresShown();
    const toggle = card().getByRole('button', { name: 'How we calculated this' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(bff.count('GET', ATTIC)).toBe(0);

    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const body = await within(panel).findByTestId('explanation');
    // The inputs are named by the questions' headers (and have a link where the brand asks them).
    await within(body).findByRole('link', { name: 'Change Windows' });
    expect(bff.count('GET', ATTIC)).toBe(1);

    const assumed = within(body).getByTestId('assumed-inputs');
    expect(
      within(assumed)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-input')),
    ).toEqual(['window_type', 'attic_insulation_mm']);
    expect(assumed.querySelector('[data-input="window_type"]')!.textContent).toBe(
      'Windows: We assumed windows with a U-value of 2.8 W/m²K because that is typical of houses built 1961–1975. ' +
        'Change',
    );
    // Without its question the input still reads as words, never its key.
    expect(assumed.querySelector('[data-input="attic_insulation_mm"]')!.textContent).toBe(
      'Another answer: We assumed 150 mm of insulation because that is typical of houses built 1961–1975.',
    );
    const change = within(assumed).getByRole('link', { name: 'Change Windows' });
    expect(change.getAttribute('href')).toBe('/flow/property/42/questions?question=window_type');
    const answered = within(body).getByTestId('answered-inputs');
    // The brand does not ask for the floor area (not in its questions): no link that would land nowhere.
    expect(answered.querySelector('[data-input="atemp"]')!.textContent).toBe(
      'heated floor area: 140 (from the property register)',
    );
    expect(answered.querySelector('[data-input="occupants"]')!.textContent).toBe('People living there: 3 Change');
    // A year is written as a year, without the thousands space of a quantity.
    expect(answered.querySelector('[data-input="construction_year"]')!.textContent).toBe(
      'Year built: 1975 (from the property register) Change',
    );
    // An answer can be changed too: the link opens the flow at the question that sets it.
    expect(within(answered).getByRole('link', { name: 'Change People living there' }).getAttribute('href')).toBe(
      '/flow/property/42/questions?question=occupants',
    );

    expect(body.querySelector('[data-range="kwh_saved_bought"]')!.textContent).toBe(
      'Saves between 3 000 and 7 000 kWh a year (our figure: 5 000), depending on the answers we assumed.',
    );
    expect(body.querySelector('[data-step="bought_before"]')!.textContent).toBe(
      'Today the house buys 20 000 kWh of energy a year, for 29 600 kr.',
    );
    const cost = body.querySelector('[data-constant="costAtticPerM2"]')!;
    expect(cost.textContent).toBe(
      'Price of attic insulation (kr per m² of attic floor): 77–127' +
        'Source: Byggahus.se, “Pris tilläggsisolera vinden” · Our estimate: our calculation from the published figures',
    );
    expect(body.textContent).toContain('Rules applied: BBR 29 (BFS 2011:6 as amended by BFS 2020:4)');

    fireEvent.keyDown(toggle, { key: ' ' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });

  it('on the label, in Swedish: opens with the keyboard, shows the assumed inputs and sources in Swedish', async () => {
    renderResults(home.page, { lng: 'sv' });
    const label = await screen.findByTestId('epc-label');
    const toggle = within(label).getByRole('button', { name: 'Så har vi räknat' });
    expect(bff.count('GET', LABEL)).toBe(0);
    fireEvent.keyDown(toggle, { key: 'Enter' });
    const body = await within(label).findByTestId('explanation');
    expect(within(body).getByRole('heading', { name: 'Det vi har antagit (du kan ändra det)' })).toBeTruthy();
    // The questions' Swedish texts name the inputs.
    expect(body.querySelector('[data-input="window_type"]')!.textContent).toBe(
      'Fönster: Vi antog fönster med U-värde 2,8 W/m²K eftersom det är typiskt för hus byggda 1961–1975. Ändra',
    );
    expect(body.querySelector('[data-input="attic_insulation_mm"]')!.textContent).toContain(
      'Vi antog 150 mm isolering eftersom det är typiskt för hus byggda 1961–1975.',
    );
    expect(body.querySelector('[data-range="ep"]')!.textContent).toBe(
      'Energiprestanda mellan 160 och 200 kWh/m² per år (vår siffra: 180,4), beroende på svaren vi antagit.',
    );
    expect(body.querySelector('[data-step="energy_class"]')!.textContent).toBe(
      'Det är 200 % av vad ett nytt hus får använda (90 kWh per m² och år): energiklass G.',
    );
    expect(body.querySelector('[data-constant="indoorTemperatureSensitivity"]')!.textContent).toContain(
      'Källa: Energimyndigheten, ”Husguiden”',
    );
    expect(within(label).getByRole('button', { name: 'Dölj beräkningen' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('waits for the questions before naming the inputs: never the raw keys and values first', async () => {
    const questions = heldAnswer({
      status: 200,
      body: {
        organisation: null,
        questions: [question('window_type', 'Windows', 'Fönster', { unknown: ['Don’t know', 'Vet inte'] })],
      },
    });
    bff.answer('GET', '/api/flow/questions', questions.answer);
    renderResults(home.page);
    await measuresShown();
    fireEvent.click(card().getByRole('button', { name: 'How we calculated this' }));
    await waitFor(() => expect(bff.count('GET', ATTIC)).toBe(1));
    const element = document.querySelector<HTMLElement>('[data-activity="insulation_attic"]')!;
    await within(element).findByText('Loading the calculation…');
    expect(within(element).queryByTestId('explanation')).toBeNull();
    expect(element.textContent).not.toContain('window_type');

    questions.release();
    const body = await within(element).findByTestId('explanation');
    expect(body.querySelector('[data-input="window_type"]')!.textContent).toContain('Windows: We assumed windows');
    expect(body.textContent).not.toContain('window_type');
  });

  it('without the questions (a failed request) the inputs keep their names, each with a link', async () => {
    bff.answer('GET', '/api/flow/questions', { status: 500, body: { error: 'internal' } });
    renderResults(home.page);
    await measuresShown();
    fireEvent.click(card().getByRole('button', { name: 'How we calculated this' }));
    const body = await within(card().getByTestId('explain-insulation_attic')).findByTestId('explanation');
    expect(body.querySelector('[data-input="atemp"]')!.textContent).toBe(
      'heated floor area: 140 (from the property register) Change',
    );
    expect(within(body).getByRole('link', { name: 'Change heated floor area' }).getAttribute('href')).toBe(
      '/flow/property/42/questions?question=atemp',
    );
  });

  it('the English card has no Swedish text, closed or open (cited sources aside)', async () => {
    renderResults(home.page);
    await measuresShown();
    const element = document.querySelector<HTMLElement>('[data-activity="insulation_attic"]')!;
    await waitFor(() =>
      expect(element.textContent).toContain(
        'Adding wall insulation usually pays only when the facade is being renewed anyway.',
      ),
    );
    const swedish = /[åäöÅÄÖ]|\b(och|inte|för|med|huset|taket|åtgärden)\b/i;
    expect(uiText(element)).not.toMatch(swedish);
    fireEvent.click(card().getByRole('button', { name: 'How we calculated this' }));
    await within(element).findByTestId('explanation');
    expect(uiText(element)).not.toMatch(swedish);
    expect(element.querySelector('cite')).not.toBeNull();
  });
});

describe('errors that stopped the estimate', () => {
  it.each([
    [
      'en',
      'We cannot place postal code 99999 yet, so there is no estimate for this home.',
      'The answer for measured consumption cannot be used; change it to see the estimate.',
    ],
    [
      'sv',
      'Vi kan ännu inte placera postnummer 99999, så det finns ingen beräkning för hemmet.',
      'Svaret för uppmätt förbrukning går inte att använda; ändra det för att se beräkningen.',
    ],
  ] as const)(
    'are shown from their codes and parameters in %s, once each, never from the English message',
    async (lng, location, answers) => {
      const errors = [
        {
          code: 'unknown_location',
          message: 'Postal code 99999 is not in our geography data.',
          params: { postal_code: '99999' },
        },
        {
          code: 'invalid_answers',
          message: 'Measured consumption: x',
          keys: ['consumption'],
          params: { key: 'consumption' },
        },
      ];
      bff.answer('GET', home.recommendations, ok({ recommendations: [], errors }));
      bff.answer('GET', home.information, ok({ information: [], errors }));
      renderResults(home.page, { lng });
      const list = await screen.findByTestId('building-errors');
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([location, answers]);
    },
  );
});
