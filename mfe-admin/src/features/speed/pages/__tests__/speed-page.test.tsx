import '../../../../testing/setup-dom';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setSession } from '@home-energy/shared/testing/fake-session';
import { installFakeBff, type FakeAnswer } from '@home-energy/shared/testing/fake-bff';
import type { AdminSpeed, AdminSpeedPage, SpeedFigures } from '@home-energy/shared/schemas/admin';
import { currentLocation, renderAdmin, sessions, texts } from '../../../../testing/render-admin';
import { watchUsableMarks } from '@home-energy/shared/testing/usable-marks';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());
// The chart library needs a real layout engine: the lazy chart module shows what it was given instead.
jest.mock('../../components/speed-trend-chart', () => jest.requireActual('../../../../testing/trend-chart-stand-in'));

const en = texts.en.admin;

const figures = (p75: number, count = 400): SpeedFigures => ({ p50: p75 / 2, p75, p95: p75 * 2, count });
// FIELD_BUDGETS: the usable budget is 2.5 s on homeowners' pages, 3.5 s on staff pages.
const HOMEOWNER_BUDGETS = { usable: 2500, lcp: 2500, inp: 200, cls: 0.1, ttfb: 800 };
const STAFF_BUDGETS = { ...HOMEOWNER_BUDGETS, usable: 3500 };

const DASHBOARD = '/property/:id/building/:building/results-dashboard';
const ACTIVITIES = '/console/org/:org/activities';

function dashboard(): AdminSpeedPage {
  return {
    route: DASHBOARD,
    remote: 'mfe-results',
    audience: 'homeowner',
    budgets: HOMEOWNER_BUDGETS,
    metrics: {
      usable: figures(3100, 412),
      lcp: figures(2300),
      inp: figures(240, 380),
      cls: figures(0.05),
      ttfb: figures(650, 412),
    },
    devices: [
      { device: 'phone', metrics: { usable: figures(3800, 300), inp: figures(260, 280) } },
      { device: 'desktop', metrics: { usable: figures(1900, 112), inp: figures(120, 100) } },
    ],
    releases: [
      { version: '0.1.1-dddddddddd', metrics: { usable: figures(3300, 12) } },
      { version: '0.1.0-cccccccccc', metrics: { usable: figures(2100, 400) } },
    ],
    trend: [
      { day: '2026-11-24', usable: 2900, lcp: 2200, inp: 230 },
      { day: '2026-11-25', usable: 3200, lcp: null, inp: null },
    ],
  };
}

function activities(): AdminSpeedPage {
  return {
    route: ACTIVITIES,
    remote: 'mfe-console',
    audience: 'staff',
    budgets: STAFF_BUDGETS,
    // No layout shift reported yet.
    metrics: { usable: figures(1240, 35), lcp: figures(900, 30), inp: figures(80, 20), ttfb: figures(300, 30) },
    devices: [{ device: 'desktop', metrics: { usable: figures(1240, 35) } }],
    releases: [{ version: '0.3.0-ffffffffff', metrics: { usable: figures(1240, 35) } }],
    trend: [],
  };
}

function speed(days = 28, pages = [dashboard(), activities()]): AdminSpeed {
  return { days, since: days === 28 ? '2026-10-29' : '2026-11-19', pages };
}

const speedBff = (answer: (days: string | null) => FakeAnswer) =>
  installFakeBff({ 'GET /api/admin/speed': (request) => answer(request.query.get('days')) });

const rowOf = (table: HTMLElement, route: string) =>
  within(table).getByRole('rowheader', { name: route }).closest('tr')!;

beforeEach(() => setSession(sessions.superAdmin));

it("lists each page's p75 figures against their budgets, slowest first, marking those over budget", async () => {
  const bff = speedBff(() => [200, speed()]);
  renderAdmin('/console/admin/speed');
  expect(screen.getByRole('heading', { level: 1, name: 'Speed' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Speed' }).getAttribute('aria-current')).toBe('page');
  const table = await screen.findByRole('table', { name: en.speed.caption });
  expect(bff.calls('GET', '/api/admin/speed').map((r) => r.query.get('days'))).toEqual(['28']);
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Page', 'Usable p75', 'LCP p75', 'INP p75', 'CLS p75', 'TTFB p75', 'Page views', 'Details']);
  expect(screen.getByText(/^2 pages with reports since 29 Oct 2026\./)).toBeTruthy();

  const slow = rowOf(table, `${DASHBOARD} Homeowners' page · mfe-results`);
  const cells = within(slow).getAllByRole('cell');
  expect(cells.map((c) => c.textContent)).toEqual([
    '3.1 s ⚠over budgetbudget 2.5 s',
    '2.3 s' + 'budget 2.5 s',
    '240 ms ⚠over budgetbudget 200 ms',
    '0.05' + 'budget 0.1',
    '650 ms' + 'budget 800 ms',
    '412',
    'Details',
  ]);
  // Over budget is said in words beside the sign, not by colour alone.
  expect(within(cells[0]!).getByText('over budget').className).toBe('he-visually-hidden');
  expect(within(slow).getAllByText(en.speed.overBudget)).toHaveLength(2);

  const fast = rowOf(table, `${ACTIVITIES} Staff page · mfe-console`);
  expect(within(fast).queryByText(en.speed.overBudget)).toBeNull();
  expect(
    within(fast)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual([
    '1.2 s' + 'budget 3.5 s',
    '900 ms' + 'budget 2.5 s',
    '80 ms' + 'budget 200 ms',
    '—no reports',
    '300 ms' + 'budget 800 ms',
    '35',
    'Details',
  ]);
  // The server's order, slowest p75 usable time first.
  expect(
    within(table)
      .getAllByRole('rowheader')
      .map((h) => within(h).getByRole('code').textContent),
  ).toEqual([DASHBOARD, ACTIVITIES]);
});

it("opens a page's figures per device and per release and its trend per day", async () => {
  speedBff(() => [200, speed()]);
  renderAdmin('/console/admin/speed');
  const open = await screen.findByRole('button', { name: `Details of ${DASHBOARD}` });
  expect(open.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(open);
  const close = screen.getByRole('button', { name: `Close details of ${DASHBOARD}` });
  expect(close.getAttribute('aria-expanded')).toBe('true');
  const details = document.getElementById(close.getAttribute('aria-controls')!)!;

  const devices = within(details).getByRole('table', { name: 'By device' });
  const phone = within(devices).getByRole('rowheader', { name: 'Phone' }).closest('tr')!;
  expect(within(phone).getAllByRole('cell')[0]!.textContent).toBe('3.8 s ⚠over budget');
  expect(within(phone).getAllByRole('cell').at(-1)!.textContent).toBe('300');
  const desktop = within(devices).getByRole('rowheader', { name: 'Desktop' }).closest('tr')!;
  expect(within(desktop).getAllByRole('cell')[0]!.textContent).toBe('1.9 s');

  const byRelease = within(details).getByRole('table', { name: 'By release' });
  expect(
    within(byRelease)
      .getAllByRole('rowheader')
      .map((h) => h.textContent),
  ).toEqual(['0.1.1-dddddddddd', '0.1.0-cccccccccc']);
  const canary = within(byRelease).getByRole('rowheader', { name: '0.1.1-dddddddddd' }).closest('tr')!;
  expect(within(canary).getByText(en.speed.overBudget)).toBeTruthy();

  // The chart (loaded when first shown) draws p75 usable time and LCP per day, with the usable budget.
  expect((await within(details).findByTestId('trend-chart-days')).textContent).toBe('24 Nov 2026|25 Nov 2026');
  expect(
    within(details)
      .getAllByTestId('trend-chart-series')
      .map((s) => s.textContent),
  ).toEqual(['Usable p75: 2900,3200', 'LCP p75: 2200,']);
  expect(within(details).getByTestId('trend-chart-budget').textContent).toBe('Usable budget 2.5 s (2500)');
  const days = within(details).getByRole('table', { name: en.speed.trend, hidden: true });
  expect(
    within(days)
      .getAllByRole('row', { hidden: true })
      .slice(1)
      .map((r) => r.textContent),
  ).toEqual(['24 Nov 2026' + '2.9 s2.2 s230 ms', '25 Nov 2026' + '3.2 s——']);

  fireEvent.click(close);
  expect(document.getElementById(close.getAttribute('aria-controls') ?? 'none')).toBeNull();
  expect(screen.getByRole('button', { name: `Details of ${DASHBOARD}` }).getAttribute('aria-expanded')).toBe('false');
});

it('refetches for the last 7 days when that window is chosen, and keeps the choice in the address', async () => {
  const bff = speedBff((days) => [200, speed(Number(days), days === '7' ? [activities()] : undefined)]);
  renderAdmin('/console/admin/speed');
  await screen.findByRole('table', { name: en.speed.caption });
  const window = screen.getByRole('group', { name: en.speed.window });
  expect((within(window).getByRole('radio', { name: 'Last 28 days' }) as HTMLInputElement).checked).toBe(true);
  await act(async () => fireEvent.click(within(window).getByRole('radio', { name: 'Last 7 days' })));
  expect(bff.calls('GET', '/api/admin/speed').map((r) => r.query.get('days'))).toEqual(['28', '7']);
  expect(currentLocation().searchParams.get('days')).toBe('7');
  expect(await screen.findByText(/^1 page with reports since 19 Nov 2026\./)).toBeTruthy();
  const table = screen.getByRole('table', { name: en.speed.caption });
  expect(within(table).queryByText(DASHBOARD)).toBeNull();
  expect((within(window).getByRole('radio', { name: 'Last 7 days' }) as HTMLInputElement).checked).toBe(true);
});

it('opens on the window in the address', async () => {
  const bff = speedBff((days) => [200, speed(Number(days))]);
  renderAdmin('/console/admin/speed?days=90');
  await screen.findByRole('table', { name: en.speed.caption });
  expect(bff.calls('GET', '/api/admin/speed').map((r) => r.query.get('days'))).toEqual(['90']);
  expect((screen.getByRole('radio', { name: 'Last 90 days' }) as HTMLInputElement).checked).toBe(true);
});

it('says when no page has speed reports in the period, and what fills it, in Swedish too', async () => {
  speedBff(() => [200, speed(28, [])]);
  renderAdmin('/console/admin/speed');
  expect(await screen.findByText(en.speed.empty)).toBeTruthy();
  expect(screen.getByText(en.speed.emptyHint)).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();

  cleanup();
  renderAdmin('/console/admin/speed', { lng: 'sv' });
  expect(screen.getByRole('heading', { level: 1, name: 'Hastighet' })).toBeTruthy();
  expect(await screen.findByText('Inga hastighetsrapporter under perioden ännu')).toBeTruthy();
  expect(screen.getByRole('radio', { name: 'Senaste 7 dagarna' })).toBeTruthy();
});

it('shows an error with retry when the figures cannot be loaded, and loads them on retry', async () => {
  let failing = true;
  speedBff(() =>
    failing ? [500, { error: 'internal_error', message: 'Something went wrong on our side.' }] : [200, speed()],
  );
  renderAdmin('/console/admin/speed');
  expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
  failing = false;
  await act(async () => fireEvent.click(screen.getByRole('button', { name: texts.en.common.loadFailed.retry })));
  expect(await screen.findByRole('table', { name: en.speed.caption })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows figures in Swedish with a decimal comma', async () => {
  speedBff(() => [200, speed()]);
  renderAdmin('/console/admin/speed', { lng: 'sv' });
  const table = await screen.findByRole('table', { name: texts.sv.admin.speed.caption });
  const slow = rowOf(table, `${DASHBOARD} Husägarsida · mfe-results`);
  expect(within(slow).getAllByRole('cell')[0]!.textContent).toBe('3,1 s ⚠över budgetbudget 2,5 s');
});

it('marks the page usable once its figures are shown, not while they load', async () => {
  const marks = watchUsableMarks();
  try {
    speedBff(() => [200, speed()]);
    renderAdmin('/console/admin/speed');
    expect(marks.paths()).toEqual([]);
    await screen.findByRole('table', { name: en.speed.caption });
    expect(marks.paths()).toEqual(['/console/admin/speed']);
  } finally {
    marks.restore();
  }
});
