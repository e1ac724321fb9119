import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeBff, type SeenRequest } from '@home-energy/shared/testing/fake-bff';
import {
  CARRIERS,
  type ActivitiesAnalytics,
  type PortfolioAnalytics,
  type PropertiesAnalytics,
  type TransitionAnalytics,
} from '@home-energy/shared';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { captureDownloads } from '../../../../testing/csv-capture';
import { currentLocation, renderConsole, texts } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());
jest.mock('../../components/apex-chart', () => jest.requireActual('../../../../testing/chart-stand-in'));
// Every chart draws at once here (in the browser they take turns, one per task, once near the screen and the page
// idle: chart-turns.test.tsx, chart.test.tsx).
jest.mock('../../components/chart-turns', () => ({ takeChartTurn: (start: () => void) => (start(), () => undefined) }));
jest.mock('../../lib/near-screen', () => ({
  ...jest.requireActual('../../lib/near-screen'),
  whenIdle: (work: () => void) => (work(), () => undefined),
}));

const TODAY = '2026-11-23';
const LABELS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

function properties(period: { from: string; to: string }, total: number): PropertiesAnalytics {
  const counts = total ? [0, 1200, 3400, 4500, 2100, 1000, 145] : [0, 0, 0, 0, 0, 0, 0];
  return {
    period: { ...period, grain: 'week' },
    total,
    byLabel: LABELS.map((key, i) => ({ key, count: counts[i]! })),
    byBuildingType: [
      { key: 'villa', count: total ? 10000 : 0 },
      { key: 'radhus', count: total ? 2345 : 0 },
      { key: 'parhus', count: 0 },
      { key: 'kedjehus', count: 0 },
      { key: 'flerbostadshus', count: 0 },
    ],
    byYearBand: [{ key: '1960_1975', count: total }],
    byHeating: total
      ? [
          { key: 'district_heating', count: 8000 },
          { key: 'unknown', count: 4345 },
        ]
      : [],
    series: [
      { period: '2026-11-09', value: total ? 345 : 0 },
      { period: '2026-11-16', value: total ? 12000 : 0 },
    ],
  };
}

let bff: ReturnType<typeof installFakeBff>;
let answer: (request: SeenRequest) => [number, unknown];

beforeEach(() => {
  jest.useFakeTimers({
    now: new Date(`${TODAY}T10:00:00Z`),
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'nextTick',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
      'hrtime',
    ],
  });
  setSession(demoSessions.energiAdmin);
  answer = (r) => [
    200,
    properties({ from: r.query.get('from') ?? '2025-01-06', to: r.query.get('to') ?? TODAY }, 12345),
  ];
  bff = installFakeBff({
    'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
    'GET /api/console/org/demo-energi/analytics/properties': (r) => answer(r),
  });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const propertyCalls = () => bff.calls('GET', '/api/console/org/demo-energi/analytics/properties');

describe('the properties page', () => {
  it('asks for the last 12 months by default and shows the figures formatted, in charts and tables', async () => {
    renderConsole('/console/org/demo-energi/properties');
    expect(await screen.findByRole('heading', { level: 1, name: 'Properties' })).toBeTruthy();
    await screen.findByTestId('figure-total');
    expect(Object.fromEntries(propertyCalls()[0]!.query)).toEqual({ from: '2025-11-24', to: TODAY });
    // docs/product.md §9: spaces between thousands.
    expect(screen.getByTestId('figure-total').textContent).toContain('12 345');
    expect(screen.getByText('From 24 Nov 2025 to 23 Nov 2026.')).toBeTruthy();

    const labels = within(screen.getByTestId('chart-labels'));
    expect((await labels.findByTestId('chart-categories')).textContent).toBe('A|B|C|D|E|F|G');
    expect(labels.getByTestId('chart-series').textContent).toBe('Homes: 0,1200,3400,4500,2100,1000,145');
    const table = screen.getByRole('table', { name: 'By energy label' });
    expect(within(table).getByRole('row', { name: /^D 4 500 36\.5 %$/ })).toBeTruthy();
    const heating = screen.getByRole('table', { name: 'By main heating' });
    expect(
      within(heating)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['District heating', 'Not known']);
    expect(bff.unrouted).toEqual([]);
  });

  it('exports each table as CSV with raw numbers, a header row and the period in the file name', async () => {
    const downloads = captureDownloads();
    renderConsole('/console/org/demo-energi/properties');
    const table = await screen.findByRole('table', { name: 'By building type' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV – By building type' }));
    expect(downloads.files.map((f) => f.name)).toEqual([
      'demo-energi_properties_buildingTypes_2025-11-24_2026-11-23.csv',
    ]);
    expect(await downloads.text()).toBe(
      'Building ' +
        'type,Homes,Share\r\nvilla,10000,81\r\nradhus,2345,19\r\nparhus,0,0\r\nkedjehus,0,0\r\nflerbostadshus,0,0\r\n',
    );
    expect(table).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV – New homes over time' }));
    expect(await downloads.text()).toBe('Week starting,New homes\r\n2026-11-09,345\r\n2026-11-16,12000\r\n');
  });

  it('the period filter: a preset goes into the address and request; a custom period is checked first', async () => {
    renderConsole('/console/org/demo-energi/properties');
    await screen.findByTestId('figure-total');
    const preset = screen.getByLabelText('Period');
    await act(async () => fireEvent.change(preset, { target: { value: '30d' } }));
    expect(currentLocation().search).toBe('?period=30d');
    await waitFor(() =>
      expect(Object.fromEntries(propertyCalls().at(-1)!.query)).toEqual({ from: '2026-10-25', to: TODAY }),
    );

    await act(async () => fireEvent.change(preset, { target: { value: 'all' } }));
    await waitFor(() => expect(Object.fromEntries(propertyCalls().at(-1)!.query)).toEqual({}));

    await act(async () => fireEvent.change(preset, { target: { value: 'custom' } }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-01' } });
    const calls = propertyCalls().length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show' })));
    expect(screen.getByRole('alert').textContent).toBe('The start day must not be after the end day.');
    expect(propertyCalls()).toHaveLength(calls);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-30' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show' })));
    expect(currentLocation().search).toBe('?from=2026-05-01&to=2026-06-30');
    await waitFor(() =>
      expect(Object.fromEntries(propertyCalls().at(-1)!.query)).toEqual({ from: '2026-05-01', to: '2026-06-30' }),
    );
    expect(await screen.findByText('From 1 May 2026 to 30 Jun 2026.')).toBeTruthy();
  });

  it('the period filter: days out of bounds or too long a span are not sent; such URL days are ignored', async () => {
    renderConsole('/console/org/demo-energi/properties?from=9999-12-31');
    await screen.findByTestId('figure-total');
    expect(Object.fromEntries(propertyCalls()[0]!.query)).toEqual({ from: '2025-11-24', to: TODAY });

    const preset = screen.getByLabelText('Period');
    await act(async () => fireEvent.change(preset, { target: { value: 'custom' } }));
    const calls = propertyCalls().length;
    const range =
      'Choose days from 2000-01-01 to 2031-12-31, at most 3660 days apart (without an end day, the end is today).';
    for (const [from, to] of [
      ['1999-12-31', '2000-01-31'],
      ['2026-01-01', '2032-01-01'],
      ['2010-01-01', '2026-01-01'],
      ['2010-01-01', ''],
    ]) {
      fireEvent.change(screen.getByLabelText('From'), { target: { value: from } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: to } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show' })));
      expect([from, to, screen.getByRole('alert').textContent]).toEqual([from, to, range]);
    }
    expect(propertyCalls()).toHaveLength(calls);
    expect(screen.getByLabelText('To').getAttribute('max')).toBe('2031-12-31');
    expect(screen.getByLabelText('From').getAttribute('min')).toBe('2000-01-01');
  });

  it('a period in the address the API would refuse shows the default period, not an error', async () => {
    for (const search of [
      'period=custom&from=2026-12-01&to=2026-01-01',
      'from=2010-01-01&to=2026-01-01',
      'from=2026-12-01',
      'from=2026-02-30&to=2026-13-01',
    ]) {
      const calls = propertyCalls().length;
      const { unmount } = renderConsole(`/console/org/demo-energi/properties?${search}`);
      await screen.findByTestId('figure-total');
      expect([search, Object.fromEntries(propertyCalls()[calls]!.query)]).toEqual([
        search,
        { from: '2025-11-24', to: TODAY },
      ]);
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
    }
  });

  it('says so when the period holds no homes, without charts or tables', async () => {
    answer = (r) => [200, properties({ from: r.query.get('from')!, to: r.query.get('to')! }, 0)];
    renderConsole('/console/org/demo-energi/properties?period=90d');
    const empty = await screen.findByRole('status', { name: '' });
    expect(await screen.findByText('No homes in this period')).toBeTruthy();
    expect(empty).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('chart-labels')).toBeNull();
    expect(Object.fromEntries(propertyCalls()[0]!.query)).toEqual({ from: '2026-08-26', to: TODAY });
  });

  it('shows the server’s message and tries again on a failure', async () => {
    let fail = true;
    answer = (r) =>
      fail
        ? [500, { error: 'internal_error', message: 'Something went wrong on our side.' }]
        : [200, properties({ from: r.query.get('from')!, to: r.query.get('to')! }, 5)];
    renderConsole('/console/org/demo-energi/properties');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect((await screen.findByTestId('figure-total')).textContent).toContain('5');
  });
});

describe('the activities page', () => {
  const activities = (homes: number): ActivitiesAnalytics => ({
    period: { from: '2025-11-24', to: TODAY, grain: 'week' },
    homes,
    byActivity: [
      { activity: 'insulation_attic', recommended: homes ? 1500 : 0, completed: 20, installerRequests: 7 },
      { activity: 'heat_pump_air', recommended: 0, completed: 0, installerRequests: 0 },
    ],
    totals: { recommended: homes ? 1500 : 0, completed: 20, installerRequests: 7 },
    installerRequestsSeries: [{ period: '2026-11-16', value: 7 }],
    installerFunnel: { requested: 7, contacted: 4, quoted: 2, won: 1 },
    interactions: homes ? [{ key: 'loan_type.change', count: 42 }] : [],
  });

  it('lists only measures with figures, in words, with installer requests and what homeowners did', async () => {
    installFakeBff({
      'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
      'GET /api/console/org/demo-energi/analytics/activities': () => [200, activities(3000)],
    });
    renderConsole('/console/org/demo-energi/activities');
    const table = await screen.findByRole('table', { name: 'Measures by type' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['MeasureRecommendedAlready doneInstaller requests', 'Attic insulation1 500207']);
    expect(screen.getByTestId('figure-requests').textContent).toContain('7');
    expect(
      within(screen.getByRole('table', { name: 'What homeowners did' })).getByRole('row', {
        name: 'Changed the loan type 42',
      }),
    ).toBeTruthy();
  });

  it('names a measure the engine no longer knows in words, in Swedish too', async () => {
    const data = activities(3000);
    const retired = { activity: 'heat_pump_retired', recommended: 0, completed: 3, installerRequests: 1 };
    installFakeBff({
      'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
      'GET /api/console/org/demo-energi/analytics/activities': () => [
        200,
        { ...data, byActivity: [...data.byActivity, retired] },
      ],
    });
    renderConsole('/console/org/demo-energi/activities', { lng: 'sv' });
    const table = await screen.findByRole('table', { name: 'Åtgärder per typ' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(1)).toEqual(['Tilläggsisolering av vinden1 500207', 'Övriga åtgärder031']);
    expect(document.body.textContent).not.toMatch(/heat_pump|insulation_attic/);
  });

  it('shows the installer funnel: requests by the stage they reached', async () => {
    installFakeBff({
      'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
      'GET /api/console/org/demo-energi/analytics/activities': () => [200, activities(3000)],
    });
    renderConsole('/console/org/demo-energi/activities');
    const table = await screen.findByRole('table', { name: 'Installer requests funnel' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['StageRequests', 'Requested7', 'Contacted4', 'Quoted2', 'Won1']);
  });

  it('opened with a start day after the end day, in Swedish: the default period, no error', async () => {
    const fake = installFakeBff({
      'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
      'GET /api/console/org/demo-energi/analytics/activities': (r) =>
        r.query.get('from')! > r.query.get('to')!
          ? [400, { error: 'bad_request', message: 'Invalid query.from: from must not be after to' }]
          : [200, activities(3000)],
    });
    renderConsole('/console/org/demo-energi/activities?period=custom&from=2026-12-01&to=2026-01-01', { lng: 'sv' });
    expect(await screen.findByRole('table', { name: 'Åtgärder per typ' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const [call] = fake.calls('GET', '/api/console/org/demo-energi/analytics/activities');
    expect(Object.fromEntries(call!.query)).toEqual({ from: '2025-11-24', to: TODAY });
  });

  it('an organisation without activity sees the empty state', async () => {
    installFakeBff({
      'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
      'GET /api/console/org/demo-energi/analytics/activities': () => [
        200,
        { ...activities(0), totals: { recommended: 0, completed: 0, installerRequests: 0 }, byActivity: [] },
      ],
    });
    renderConsole('/console/org/demo-energi/activities');
    expect(await screen.findByText('No activity in this period')).toBeTruthy();
  });
});

describe('the transition page: plans homeowners saved', () => {
  const counts = (list: number[]) => LABELS.map((key, i) => ({ key, count: list[i] ?? 0 }));
  const transition = (planHomes: number): TransitionAnalytics => ({
    period: { from: '2025-11-24', to: TODAY, grain: 'week' },
    homes: 40,
    now: counts([0, 0, 10, 20, 10]),
    after: counts([5, 25, 10]),
    moves: [{ from: 'D', to: 'B', count: 20 }],
    improved: 30,
    plans: {
      homes: planHomes,
      now: counts(planHomes ? [0, 0, 0, 2, 1] : []),
      after: counts(planHomes ? [0, 2, 1] : []),
      moves: planHomes
        ? [
            { from: 'D', to: 'B', count: 2 },
            { from: 'E', to: 'C', count: 1 },
          ]
        : [],
      investmentKr: planHomes ? 1234567 : 0,
      subsidiesKr: planHomes ? 45000 : 0,
      savingsKrPerYear: planHomes ? 38500 : 0,
      savingsKwhPerYear: planHomes ? 21000 : 0,
      measures: planHomes
        ? [
            { key: 'insulation_attic', count: 3 },
            { key: 'heat_pump_airwater', count: 1 },
          ]
        : [],
    },
  });
  const serve = (body: TransitionAnalytics) =>
    installFakeBff({
      'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
      'GET /api/console/org/demo-energi/analytics/transition': () => [200, body],
    });

  it('shows homes with a plan, planned money, labels now and after the plans, the measures most planned', async () => {
    serve(transition(3));
    renderConsole('/console/org/demo-energi/transition');
    const section = await screen.findByRole('region', { name: 'Plans homeowners saved' });
    expect(within(section).getByTestId('figure-plan-homes').textContent).toContain('3');
    expect(within(section).getByTestId('figure-plan-investment').textContent).toContain('1 234 567 kr');
    expect(within(section).getByTestId('figure-plan-investment').textContent).toContain('45 000 kr');
    expect(within(section).getByTestId('figure-plan-savings').textContent).toContain('38 500 kr');
    const labels = within(section).getByRole('table', { name: 'Energy labels now and after the saved plans' });
    expect(within(labels).getByRole('row', { name: 'D 2 0' })).toBeTruthy();
    expect(within(labels).getByRole('row', { name: 'B 0 2' })).toBeTruthy();
    const measures = within(section).getByRole('table', { name: 'Measures most planned' });
    expect(
      within(measures)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['MeasurePlans', 'Attic insulation3', 'Air-to-water heat pump1']);
  });

  it('opened with a start day after the end day: the default period, no error', async () => {
    const fake = serve(transition(3));
    renderConsole('/console/org/demo-energi/transition?period=custom&from=2026-12-01&to=2026-01-01');
    expect(await screen.findByRole('region', { name: 'Plans homeowners saved' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const [call] = fake.calls('GET', '/api/console/org/demo-energi/analytics/transition');
    expect(Object.fromEntries(call!.query)).toEqual({ from: '2025-11-24', to: TODAY });
  });

  it('says so when nobody saved a plan in the period, and keeps the label transition', async () => {
    serve(transition(0));
    renderConsole('/console/org/demo-energi/transition');
    expect((await screen.findByTestId('saved-plans-empty')).textContent).toBe(
      'No homeowner saved a plan in this period.',
    );
    expect(screen.getByTestId('figure-improved').textContent).toContain('30');
    expect(screen.queryByRole('table', { name: 'Measures most planned' })).toBeNull();
  });
});

describe('the portfolio page (super admins)', () => {
  const portfolio: PortfolioAnalytics = {
    period: { from: '2025-11-24', to: TODAY, grain: 'week' },
    homes: 2,
    energyKwh: { now: 40000, after: 30000 },
    costKr: { now: 52000, after: 39000 },
    co2Kg: { now: 1880, after: 1410 },
    byCarrier: [{ carrier: 'electricity', nowKwh: 40000, afterKwh: 30000, nowCo2Kg: 1880, afterCo2Kg: 1410 }],
    co2Factors: [
      { carrier: 'electricity', kgPerKwh: 0.047, source: 'Boverket, klimatdatabas [E]', estimate: true },
      { carrier: 'wood', kgPerKwh: 0.01, source: 'Biogenic CO₂ counted as zero (IPCC) [E]', estimate: true },
      { carrier: 'peat', kgPerKwh: 0.38, source: 'A carrier the console has no words for', estimate: true },
    ],
  };
  beforeEach(() => {
    setSession(demoSessions.superAdmin);
    installFakeBff({
      'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
      'GET /api/console/org/demo-energi/analytics/portfolio': () => [200, portfolio],
    });
  });
  const factorRows = () =>
    within(screen.getByRole('table', { name: /^(CO₂ factors used|CO₂-faktorer som används)$/ }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

  it('shows energy, cost and CO₂ now and potential, per carrier, and the CO₂ factors with their sources', async () => {
    renderConsole('/console/org/demo-energi/portfolio');
    expect((await screen.findByTestId('figure-energy')).textContent).toBe(
      'Energy a year40 000 kWh → 30 000 kWh25 % less after the measures',
    );
    expect(screen.getByTestId('figure-co2').textContent).toContain('1.9 t → 1.4 t');
    expect(factorRows()[0]).toEqual([
      'Electricity',
      '47 g/kWh',
      'Estimate',
      'Boverket, klimatdatabas: Swedish electricity mix, life cycle (≈ 47 g CO₂e/kWh); a national average, to verify ' +
        'per year',
    ]);
  });

  it('says the factors in the unit the table shows them in, grams per kWh, in the CSV too', async () => {
    const downloads = captureDownloads();
    renderConsole('/console/org/demo-energi/portfolio', { lng: 'sv' });
    await screen.findByTestId('figure-energy');
    expect(screen.getByText(/^Gram CO₂ per köpt kWh/)).toBeTruthy();
    expect(screen.queryByText(/Kilo/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /CO₂-faktorer som används/ }));
    expect(
      (await downloads.text())
        .split('\r\n')
        .slice(1, 3)
        .map((line) => line.split(',').slice(0, 2)),
    ).toEqual([
      ['electricity', '47'],
      ['wood', '10'],
    ]);
  });

  it('gives the sources of the factors in Swedish on a Swedish page', async () => {
    renderConsole('/console/org/demo-energi/portfolio', { lng: 'sv' });
    await screen.findByTestId('figure-energy');
    expect(factorRows().map((row) => row[3])).toEqual([
      'Boverket, klimatdatabas: svensk elmix, livscykel (≈ 47 g CO₂e/kWh); ett nationellt genomsnitt, att stämma av ' +
        'varje år',
      'Biogen CO₂ räknas som noll (IPCC); hantering och transport av ved ≈ 10 g/kWh',
      // A carrier without words here keeps the BFF's.
      'A carrier the console has no words for',
    ]);
  });

  it('has a source text for every energy carrier in both languages', () => {
    for (const lng of ['en', 'sv'] as const)
      expect(CARRIERS.filter((carrier) => !texts[lng].console.analytics.portfolio.sources[carrier])).toEqual([]);
  });
});
