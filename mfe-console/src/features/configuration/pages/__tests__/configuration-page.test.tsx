import '../../../../testing/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import { darkAccentOf, softAccentOf, type ConsoleConfiguration, type QuestionDefinition } from '@home-energy/shared';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { renderConsole } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const CONFIG = '/api/console/org/demo-energi/configuration';

const questions: QuestionDefinition[] = [
  {
    key: 'atemp',
    header: 'How large is the heated floor area?',
    data: { type: 'integer', unit: 'sqm', min: 1, max: 100000, default: null },
    asked: true,
    position: 0,
    required: true,
    texts: { en: { header: 'How large is the heated floor area?' }, sv: { header: 'Hur stor är den uppvärmda ytan?' } },
  },
  {
    key: 'ventilation',
    header: 'What ventilation does the house have?',
    data: { type: 'selection', options: ['natural', 'exhaust', 'balanced_heat_recovery'], default: 'natural' },
    asked: true,
    position: 1,
    required: false,
    texts: {
      en: {
        header: 'What ventilation does the house have?',
        options: { natural: 'Natural', exhaust: 'Exhaust fan', balanced_heat_recovery: 'FTX' },
      },
      sv: {
        header: 'Vilken ventilation har huset?',
        options: { natural: 'Självdrag', exhaust: 'Frånluft', balanced_heat_recovery: 'FTX' },
      },
    },
  },
  {
    key: 'wallbox',
    header: 'Is there a charging point for an electric car?',
    data: { type: 'boolean', default: false },
    asked: true,
    position: 2,
    required: false,
    texts: {
      en: { header: 'Is there a charging point for an electric car?' },
      sv: { header: 'Finns det en laddbox för elbil?' },
    },
  },
];

const configuration: ConsoleConfiguration = {
  brand: 'demo-energi',
  brandConfig: {
    name: 'Demo Energi AB',
    accent: '#0f6e4f',
    accentSoft: '#e3f2ec',
    accentDark: '#0a4a35',
    financial_providers: [
      { id: 'demo-bank', name: 'Demo Bank', private_loan: { min_rate: 0, max_rate: 9, default_rate: 4.9 } },
    ],
  },
  questions,
  engineKeys: {
    atemp: { type: 'integer', unit: 'sqm', min: 1, max: 100000, required: true },
    ventilation: { type: 'selection', options: ['natural', 'exhaust', 'balanced_heat_recovery'], required: false },
    wallbox: { type: 'boolean', required: false },
  },
  prices: null,
  platformPrices: {
    SE1: { import: { electricity: 131.2, oil: 140 }, export: { electricity: 46 } },
    SE2: { import: { electricity: 131.2, oil: 140 }, export: { electricity: 46 } },
    SE3: { import: { electricity: 148, oil: 140 }, export: { electricity: 59 } },
    SE4: { import: { electricity: 167, oil: 140 }, export: { electricity: 74 } },
  },
};

function fakeBff(putQuestions: (body: unknown) => [number, unknown] = (body) => [200, body]) {
  let current: ConsoleConfiguration = JSON.parse(JSON.stringify(configuration));
  return installFakeBff({
    'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
    [`GET ${CONFIG}`]: () => [200, current],
    [`PUT ${CONFIG}/questions`]: (r) => {
      const [status, body] = putQuestions(r.body);
      if (status === 200)
        current = { ...current, questions: (r.body as { questions: QuestionDefinition[] }).questions };
      return [status, body];
    },
    [`PUT ${CONFIG}/brand`]: (r) => {
      current = { ...current, brandConfig: r.body as ConsoleConfiguration['brandConfig'] };
      return [200, { brand: 'demo-energi', config: r.body }];
    },
    [`PUT ${CONFIG}/prices`]: (r) => [200, { prices: r.body }],
  });
}

async function openQuestion(key: string) {
  const item = (await screen.findByText(key, { selector: 'code' })).closest('li')!;
  fireEvent.click(within(item).getByText(key, { selector: 'code' }));
  return within(item);
}

beforeEach(() => setSession(demoSessions.energiAdmin));

describe('the question set editor', () => {
  it('edits texts in both languages, the order, a default, the options and what is asked; saves the set', async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/configuration');
    const save = await screen.findByRole('button', { name: 'Save question set' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    const atemp = await openQuestion('atemp');
    fireEvent.change(atemp.getByLabelText('Question (English)'), {
      target: { value: 'How many square metres are heated?' },
    });
    fireEvent.change(atemp.getByLabelText('Question (Swedish)'), {
      target: { value: 'Hur många kvadratmeter värms?' },
    });
    // The engine needs the area: it cannot be turned off.
    expect((atemp.getByRole('checkbox', { name: /Asked in the flow/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(atemp.getByLabelText(/^Highest/), { target: { value: '600' } });

    const ventilation = await openQuestion('ventilation');
    fireEvent.click(ventilation.getByRole('checkbox', { name: 'balanced_heat_recovery' }));
    fireEvent.click(ventilation.getByRole('radio', { name: 'Default: exhaust' }));
    fireEvent.change(ventilation.getByLabelText('Swedish text for exhaust'), { target: { value: 'Frånluftsfläkt' } });

    const wallbox = await openQuestion('wallbox');
    fireEvent.click(wallbox.getByRole('checkbox', { name: 'Asked in the flow' }));
    fireEvent.change(wallbox.getByLabelText('Default'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move wallbox up' }));

    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await act(async () => fireEvent.click(save));
    const sent = bff.calls('PUT', `${CONFIG}/questions`)[0]!.body as { questions: QuestionDefinition[] };
    expect(sent.questions.map((q) => q.key)).toEqual(['atemp', 'wallbox', 'ventilation']);
    const [a, w, v] = sent.questions;
    expect(a!.texts.en.header).toBe('How many square metres are heated?');
    expect(a!.header).toBe('How many square metres are heated?');
    expect(a!.texts.sv.header).toBe('Hur många kvadratmeter värms?');
    expect(a!.data).toEqual({ type: 'integer', unit: 'sqm', min: 1, max: 600, default: null });
    expect(w).toMatchObject({ asked: false, data: { type: 'boolean', default: null } });
    expect(v!.data).toEqual({ type: 'selection', options: ['natural', 'exhaust'], default: 'exhaust' });
    expect(v!.texts.sv.options).toEqual({ natural: 'Självdrag', exhaust: 'Frånluftsfläkt' });
    expect(await screen.findByText('The question set is saved. The flow asks it from now on.')).toBeTruthy();
    expect(bff.unrouted).toEqual([]);
  });

  it('shows every problem the BFF found and keeps the edits', async () => {
    fakeBff(() => [
      400,
      {
        error: 'bad_request',
        message: 'Invalid question set: atemp: the range must stay within 1–100000 (and 1 more)',
        issues: [
          { path: 'body.questions.0.data.min', message: 'atemp: the range must stay within 1–100000' },
          { path: 'body.questions.0.data.default', message: 'atemp: the default must be within 1–600' },
        ],
      },
    ]);
    renderConsole('/console/org/demo-energi/configuration');
    const atemp = await openQuestion('atemp');
    fireEvent.change(atemp.getByLabelText(/^Default/), { target: { value: '900' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save question set' })));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['atemp: the range must stay within 1–100000', 'atemp: the default must be within 1–600']);
    expect((atemp.getByLabelText(/^Default/) as HTMLInputElement).value).toBe('900');
  });
});

describe('the brand editor', () => {
  it('previews colours live, edits a lender’s rate limits, and saves the brand config', async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/configuration');
    const preview = await screen.findByTestId('brand-preview');
    expect(preview.style.getPropertyValue('--he-accent')).toBe('#0f6e4f');
    fireEvent.change(screen.getByLabelText('Accent'), { target: { value: '#b00b69' } });
    expect(preview.style.getPropertyValue('--he-accent')).toBe('#b00b69');
    // Half-typed colours are not previewed and say what is expected.
    fireEvent.change(screen.getByLabelText('Surface'), { target: { value: '#fff' } });
    expect(screen.getByText('Write the colour as #rrggbb.')).toBeTruthy();
    expect(preview.style.getPropertyValue('--he-surface')).toBe('');
    fireEvent.change(screen.getByLabelText('Surface'), { target: { value: '#fffdf8' } });
    expect(preview.style.getPropertyValue('--he-surface')).toBe('#fffdf8');
    fireEvent.change(screen.getByLabelText('Highest rate (%)'), { target: { value: '7.5' } });
    expect(within(preview).getByText('Private loan with Demo Bank: 0–7.5 %')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save brand' })));
    expect(bff.calls('PUT', `${CONFIG}/brand`)[0]!.body).toEqual({
      name: 'Demo Energi AB',
      accent: '#b00b69',
      accentSoft: '#e3f2ec',
      accentDark: '#0a4a35',
      colours: { surface: '#fffdf8' },
      financial_providers: [
        { id: 'demo-bank', name: 'Demo Bank', private_loan: { min_rate: 0, max_rate: 7.5, default_rate: 4.9 } },
      ],
    });
    expect(await screen.findByText('The brand is saved.')).toBeTruthy();
  });
});

describe('the brand editor’s contrast rule', () => {
  it('refuses an accent below AA contrast at the colour; shows what unset soft and dark accents become', async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/configuration');
    const preview = await screen.findByTestId('brand-preview');
    const save = () => screen.getByRole('button', { name: 'Save brand' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Accent'), { target: { value: '#7fb3ff' } });
    expect(screen.getByLabelText('Accent').getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(
        /^White text on this accent is hard to read \(2\.\d+:1\)\. Choose a darker accent: it needs at least 4\.5:1\.$/,
      ),
    ).toBeTruthy();
    expect(save().disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Accent'), { target: { value: '#1d4f91' } });
    fireEvent.change(screen.getByLabelText('Accent, soft'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Accent, dark'), { target: { value: '' } });
    expect(screen.getByText(`Mixed from the accent: ${softAccentOf('#1d4f91')}`)).toBeTruthy();
    expect(screen.getByText(`Mixed from the accent: ${darkAccentOf('#1d4f91')}`)).toBeTruthy();
    expect(preview.style.getPropertyValue('--he-accent-soft')).toBe(softAccentOf('#1d4f91'));
    expect(preview.style.getPropertyValue('--he-accent-dark')).toBe(darkAccentOf('#1d4f91'));

    fireEvent.change(screen.getByLabelText('Accent, soft'), { target: { value: '#1d4f91' } });
    expect(screen.getByText(/^The dark accent is hard to read on the soft accent/)).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Accent, soft'), { target: { value: '' } });
    await act(async () => fireEvent.click(save()));
    expect(bff.calls('PUT', `${CONFIG}/brand`)[0]!.body).toMatchObject({ accent: '#1d4f91' });
    expect(bff.calls('PUT', `${CONFIG}/brand`)[0]!.body).not.toHaveProperty('accentSoft');
  });
});

describe('default prices', () => {
  it('sends only the carriers given, in öre/kWh, and shows the platform’s range beside each', async () => {
    const bff = fakeBff();
    renderConsole('/console/org/demo-energi/configuration');
    const table = await screen.findByRole('table', { name: 'Energy prices per carrier' });
    expect(within(table).getByRole('row', { name: /^Electricity .* 131–167$/ })).toBeTruthy();
    fireEvent.change(within(table).getByLabelText('Electricity'), { target: { value: '2l0' } });
    expect(within(table).getByText('A price such as 210.5 (öre/kWh).')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save prices' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(table).getByLabelText('Electricity'), { target: { value: '210,5' } });
    fireEvent.change(within(table).getByLabelText('Sold solar electricity'), { target: { value: '60' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save prices' })));
    expect(bff.calls('PUT', `${CONFIG}/prices`)[0]!.body).toEqual({
      import_cents_per_kwh: { electricity: 210.5 },
      export_cents_per_kwh: { electricity: 60 },
    });
  });
});

describe('a Swedish console', () => {
  it('lists the questions by their Swedish texts', async () => {
    fakeBff();
    renderConsole('/console/org/demo-energi/configuration', { lng: 'sv' });
    await screen.findByRole('button', { name: 'Spara frågorna' });
    const titles = [...document.querySelectorAll('.cn-question__title')].map((title) => title.textContent);
    expect(titles).toEqual([
      'Hur stor är den uppvärmda ytan?',
      'Vilken ventilation har huset?',
      'Finns det en laddbox för elbil?',
    ]);
  });

  it('says what is wrong with the question set in Swedish, at the question', async () => {
    const bff = fakeBff(() => [
      400,
      {
        error: 'bad_request',
        message: 'Invalid question set: atemp: the range must stay within 1–100000 (and 1 more)',
        issues: [
          {
            path: 'body.questions.0.data.min',
            message: 'atemp: the range must stay within 1–100000',
            code: 'range',
            params: { min: '1', max: '100000' },
          },
          {
            path: 'body.questions.0.data.unit',
            message: 'atemp: the unit is sqm',
            code: 'unit',
            params: { unit: 'sqm' },
          },
        ],
      },
    ]);
    renderConsole('/console/org/demo-energi/configuration', { lng: 'sv' });
    const save = await screen.findByRole('button', { name: 'Spara frågorna' });
    // An offered answer left without its Swedish text (the browser does not check that field).
    const ventilation = await openQuestion('ventilation');
    fireEvent.change(ventilation.getByLabelText('Svensk text för natural'), { target: { value: '' } });
    await act(async () => fireEvent.click(save));
    expect(bff.calls('PUT', `${CONFIG}/questions`)).toHaveLength(0);
    const own = await screen.findByRole('alert');
    expect(own.querySelector('p')!.textContent).toBe('Inte sparat: rätta följande.');
    expect(within(own).getByRole('listitem').textContent).toBe('ventilation – Text (svenska): Får inte vara tomt');

    fireEvent.change(ventilation.getByLabelText('Svensk text för natural'), { target: { value: 'Naturlig' } });
    await act(async () => fireEvent.click(save));
    const refused = await screen.findByRole('alert');
    expect(refused.querySelector('p')!.textContent).toBe('Ett eller flera värden är ogiltiga.');
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['atemp – Lägst: Måste ligga inom 1–100000', 'atemp: Enheten är m²']);
  });
});
