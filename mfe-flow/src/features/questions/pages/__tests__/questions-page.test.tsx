import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuestionDefinition, QuestionsResponse } from '@home-energy/shared';
import { installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { currentLocation, renderFlow, texts } from '../../../../testing/render-flow';

const en = texts.en.flow.questions;
const sv = texts.sv.flow.questions;

function question(
  key: string,
  position: number,
  data: QuestionDefinition['data'],
  header: string,
  extra: Partial<QuestionDefinition> = {},
): QuestionDefinition {
  return {
    key,
    header,
    data,
    asked: true,
    position,
    required: false,
    texts: { en: { header }, sv: { header: `${header} (sv)` } },
    ...extra,
  };
}

const QUESTIONS: QuestionsResponse = {
  organisation: { slug: 'demo-energi', name: 'Demo Energi AB' },
  questions: [
    question(
      'building_type',
      0,
      { type: 'selection', options: ['villa', 'radhus'], default: 'villa' },
      'What kind of house is it?',
      {
        texts: {
          en: { header: 'What kind of house is it?', options: { villa: 'Detached house', radhus: 'Terraced house' } },
          sv: { header: 'Vilken typ av hus är det?', options: { villa: 'Villa', radhus: 'Radhus' } },
        },
      },
    ),
    question(
      'construction_year',
      1,
      { type: 'integer', unit: 'yr', min: 1600, max: 2100, default: null },
      'When was the house built?',
      { required: true },
    ),
    question(
      'atemp',
      2,
      { type: 'integer', unit: 'sqm', min: 1, max: 100000, default: null },
      'How large is the heated floor area?',
      { required: true },
    ),
    question(
      'primary_heating_systems',
      3,
      {
        type: 'multiple',
        options: ['district_heating', 'heat_pump_air', 'electric_direct'],
        default: ['electric_direct'],
      },
      'How is the house heated?',
    ),
    question('wallbox', 4, { type: 'boolean', default: false }, 'Is there a charging point?'),
    question(
      'indoor_temperature',
      5,
      { type: 'float', unit: 'C', min: 10, max: 30, default: 21 },
      'What indoor temperature?',
    ),
    question(
      'ceiling_height',
      6,
      { type: 'float', unit: 'm', min: 1.8, max: 6, default: 2.4 },
      'How high are the rooms?',
      { asked: false },
    ),
  ],
};

const ANSWERS = '/api/flow/property/7/answers';
const ANSWER = '/api/flow/property/7/answer';
const BUILDING = '/api/flow/property/7/building';

let bff: FakeBff;

beforeEach(() => {
  bff = installFakeBff();
  bff.answer('GET', '/api/flow/questions', ok(QUESTIONS));
  bff.answer(
    'GET',
    ANSWERS,
    ok({
      property: { id: 7, name: 'Testgatan 1, 111 22 Stockholm' },
      answers: {},
      register: { construction_year: 1970, primary_heating_systems: ['electric_direct'] },
    }),
  );
  bff.answer('POST', ANSWER, ok({ answers: {} }));
});

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

describe('the property questions', () => {
  it('shows the first step with every field type, units, register values pre-filled and the progress', async () => {
    renderFlow('/flow/property/7/questions');
    expect(await screen.findByRole('heading', { level: 1, name: en.title })).toBeTruthy();
    expect(screen.getByText('Testgatan 1, 111 22 Stockholm')).toBeTruthy();
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
    // selection → radio buttons with the organisation's option labels, the default chosen
    const kind = screen.getByRole('group', { name: 'What kind of house is it?' });
    expect((within(kind).getByRole('radio', { name: 'Detached house' }) as HTMLInputElement).checked).toBe(true);
    // integer with a unit, pre-filled from the register
    expect((screen.getByLabelText('When was the house built?', { exact: false }) as HTMLInputElement).value).toBe(
      '1970',
    );
    expect(screen.getByText('m²')).toBeTruthy();
    // multiple → checkboxes
    const heating = screen.getByRole('group', { name: 'How is the house heated?' });
    expect(within(heating).getAllByRole('checkbox')).toHaveLength(3);
    // a question the organisation does not ask is not shown
    expect(screen.queryByText('How high are the rooms?')).toBeNull();
  });

  it('shows a knowledge-base message with the question it belongs to, asked in the page’s language', async () => {
    const tip = {
      id: 1,
      slug: 'atemp-help',
      type: 'info',
      title: 'Measuring the floor area',
      key: 'question.atemp',
      content: 'Count every heated room.',
      date: null,
      valid_until: null,
      language: null,
      image: null,
      activity: null,
      require_terms: false,
    };
    bff.answer(
      'GET',
      '/api/flow/messages',
      (_body, url) =>
        ok({ items: url.searchParams.get('group') === 'questions' ? [tip] : [] }) as {
          status: number;
          body: unknown;
        },
    );
    renderFlow('/flow/property/7/questions');
    const field = (await screen.findByLabelText('How large is the heated floor area?', { exact: false })).closest(
      '[data-question]',
    )!.parentElement!;
    const shown = await within(field).findByRole('region', { name: 'Tip: Measuring the floor area' });
    expect(shown.textContent).toContain('Count every heated room.');
    expect(screen.getAllByRole('region', { name: /^Tip:/ })).toHaveLength(1);
    const asked = bff.fetch.mock.calls
      .map(([request]) => new URL(request.url))
      .filter((url) => url.pathname === '/api/flow/messages');
    // One request for every question's tips, however many questions the step shows.
    expect(asked.map((url) => Object.fromEntries(url.searchParams))).toEqual([{ group: 'questions', lng: 'en' }]);
  });

  it('explains what is wrong with each answer and does not move on', async () => {
    renderFlow('/flow/property/7/questions');
    await screen.findByRole('heading', { level: 1, name: en.title });
    await press(en.next);
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([en.errors.required]);
    type('How large is the heated floor area?', 'abc');
    await press(en.next);
    expect(screen.getByText(en.errors.number)).toBeTruthy();
    type('How large is the heated floor area?', '120.5');
    await press(en.next);
    expect(screen.getByText(en.errors.whole)).toBeTruthy();
    type('How large is the heated floor area?', '0');
    await press(en.next);
    expect(screen.getByText('Enter a value from 1 to 100000 m².')).toBeTruthy();
    type('When was the house built?', '3000');
    await press(en.next);
    expect(screen.getByText(`Enter a value from 1600 to ${new Date().getFullYear() + 1}.`)).toBeTruthy();
    expect(currentLocation().search).toBe('');
    expect(bff.bodies('POST', ANSWER)).toEqual([]);
  });

  it('saves only what was given, puts the next step in the URL, keeps the order of ticked heating', async () => {
    renderFlow('/flow/property/7/questions');
    await screen.findByRole('heading', { level: 1, name: en.title });
    type('How large is the heated floor area?', '145');
    const heating = screen.getByRole('group', { name: 'How is the house heated?' });
    fireEvent.click(within(heating).getByRole('checkbox', { name: 'heat_pump_air' }));
    await press(en.next);
    await waitFor(() => expect(currentLocation().search).toBe('?step=2'));
    expect(bff.bodies('POST', ANSWER)).toEqual([
      { atemp: 145, primary_heating_systems: ['electric_direct', 'heat_pump_air'] },
    ]);
    expect(await screen.findByText('Step 2 of 2')).toBeTruthy();
  });

  it('asks yes/no and decimal questions, then computes the building and opens the results dashboard', async () => {
    bff.answer('POST', BUILDING, ok({ id: 'primary', errors: [], recommendations: [], information: [] }));
    renderFlow('/flow/property/7/questions?step=2');
    const wallbox = await screen.findByRole('group', { name: 'Is there a charging point?' });
    fireEvent.click(within(wallbox).getByRole('radio', { name: en.yes }));
    type('What indoor temperature?', '20,5');
    await press(en.finish);
    await waitFor(() => expect(currentLocation().pathname).toBe('/property/7/building/primary/results-dashboard'));
    expect(bff.bodies('POST', ANSWER)).toEqual([{ wallbox: true, indoor_temperature: 20.5 }]);
    expect(bff.bodies('POST', BUILDING)).toEqual([{}]);
  });

  it('a "Change" link (?question=) opens the step holding that question, with it focused', async () => {
    renderFlow('/flow/property/7/questions?question=indoor_temperature');
    expect(await screen.findByText('Step 2 of 2')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('What indoor temperature?', { exact: false })),
    );
  });

  it('an unknown question key opens the first step and offers no shortcut', async () => {
    renderFlow('/flow/property/7/questions?question=no_such_question');
    expect(await screen.findByText('Step 1 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.saveAndShow })).toBeNull();
  });

  it('after changing the question it names: saves, computes the building, opens the results', async () => {
    bff.answer('POST', BUILDING, ok({ id: 'primary', errors: [], recommendations: [], information: [] }));
    renderFlow('/flow/property/7/questions?question=construction_year');
    const year = await screen.findByLabelText('When was the house built?', { exact: false });
    await waitFor(() => expect(document.activeElement).toBe(year));
    type('When was the house built?', '1985');
    type('How large is the heated floor area?', '120');
    await press(en.saveAndShow);
    await waitFor(() => expect(currentLocation().pathname).toBe('/property/7/building/primary/results-dashboard'));
    expect(bff.bodies('POST', ANSWER)).toEqual([{ construction_year: 1985, atemp: 120 }]);
    expect(bff.bodies('POST', BUILDING)).toEqual([{}]);
  });

  it('tells the user when the property does not exist', async () => {
    bff.answer('GET', '/api/flow/property/99/answers', { status: 404, body: { error: 'not_found' } });
    renderFlow('/flow/property/99/questions');
    expect(await screen.findByText(en.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.toSearch }).getAttribute('href')).toBe('/');
  });

  it('speaks Swedish', async () => {
    renderFlow('/flow/property/7/questions', { lng: 'sv' });
    expect(await screen.findByRole('heading', { level: 1, name: sv.title })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Vilken typ av hus är det?' })).toBeTruthy();
    expect(screen.getByText('Steg 1 av 2')).toBeTruthy();
  });

  it('speaks Swedish on the way back to the results', async () => {
    renderFlow('/flow/property/7/questions?question=atemp', { lng: 'sv' });
    expect(await screen.findByRole('button', { name: sv.saveAndShow })).toBeTruthy();
  });
});
