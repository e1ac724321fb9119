import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import { LEAD_STATUSES, type Lead, type LeadList } from '@home-energy/shared';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { currentLocation, renderConsole } from '../../../../testing/render-console';
import { watchUsableMarks } from '@home-energy/shared/testing/usable-marks';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const LEADS = '/api/console/org/demo-installer/installer-requests';

const lead: Lead = {
  id: 7,
  property: { street: 'Storgatan 1', postal_code: '111 22', postal_city: 'Stockholm' },
  key: 'insulation_attic',
  homeowner: { name: 'Anna Andersson', email: 'anna@example.se', mobile: '+46701234567' },
  requested_at: '2026-11-20T09:00:00.000Z',
  status: 'new',
  note: null,
  status_changed_at: null,
  withdrawn_at: null,
  personal_data_removed_at: null,
};

/** One page as the BFF answers it: filtered, searched, sorted and paged like the real one (docs/api.md). */
function pageOf(all: Lead[], query: URLSearchParams): LeadList {
  const q = (query.get('q') ?? '').toLowerCase();
  const size = Number(query.get('size') ?? 20);
  const page = Number(query.get('page') ?? 1);
  const matching = all.filter(
    (l) =>
      (!query.get('measure') || l.key === query.get('measure')) &&
      (!q ||
        `${l.property.street}, ${l.property.postal_code} ${l.property.postal_city}`.toLowerCase().includes(q) ||
        (l.homeowner.name ?? '').toLowerCase().includes(q)),
  );
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, matching.filter((l) => l.status === s).length]));
  const shown = matching
    .filter((l) => !query.get('status') || l.status === query.get('status'))
    .sort((a, b) => (query.get('sort') === 'oldest' ? 1 : -1) * a.requested_at.localeCompare(b.requested_at));
  return {
    requests: shown.slice((page - 1) * size, page * size),
    total: shown.length,
    page,
    size,
    counts: counts as LeadList['counts'],
  };
}

function fakeBff(initial: Lead[], { failSave = false, conflict = false } = {}) {
  let requests = initial;
  return installFakeBff({
    'GET /api/console/org/demo-installer/details': () => [200, demoOrganisations['demo-installer']],
    [`GET ${LEADS}`]: (r) => [200, pageOf(requests, r.query)],
    [`PATCH ${LEADS}/(\\d+)`]: (r, m) => {
      if (failSave) return [500, { error: 'internal', message: 'Something went wrong.' }];
      if (conflict) return [409, { error: 'conflict', message: 'This request was changed meanwhile. Reload it.' }];
      const body = r.body as { status: Lead['status']; note: string | null };
      requests = requests.map((l) =>
        l.id === Number(m[1])
          ? { ...l, status: body.status, note: body.note, status_changed_at: '2026-11-21T10:00:00.000Z' }
          : l,
      );
      return [200, { request: requests.find((l) => l.id === Number(m[1])) }];
    },
  });
}

const card = () =>
  within(screen.getByRole('heading', { level: 2, name: 'Storgatan 1, 111 22 Stockholm' }).closest('li')!);

beforeEach(() => setSession(demoSessions.installerStaff));

describe('the requests page (installer organisations)', () => {
  it('lists each request with the measure, the homeowner and the contact details they shared', async () => {
    const bff = fakeBff([lead]);
    renderConsole('/console/org/demo-installer/requests');
    expect(await screen.findByText('1 request.')).toBeTruthy();
    const c = card();
    expect(c.getByText('Attic insulation')).toBeTruthy();
    expect(c.getByText('Anna Andersson')).toBeTruthy();
    expect(c.getByRole('link', { name: 'anna@example.se' }).getAttribute('href')).toBe('mailto:anna@example.se');
    expect(c.getByRole('link', { name: '+46701234567' }).getAttribute('href')).toBe('tel:+46701234567');
    expect(c.getByText('New')).toBeTruthy();
    expect(bff.unrouted).toEqual([]);
  });

  it('changes the status with a note, offering only the allowed next statuses', async () => {
    const bff = fakeBff([lead]);
    renderConsole('/console/org/demo-installer/requests');
    await screen.findByText('1 request.');
    const select = card().getByLabelText('New status') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose…', 'Contacted', 'Declined']);
    expect((card().getByRole('button', { name: 'Save status' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'contacted' } });
    fireEvent.change(card().getByLabelText('Note'), { target: { value: 'Called, visit on Monday.' } });
    await act(async () => fireEvent.click(card().getByRole('button', { name: 'Save status' })));
    expect(bff.calls('PATCH', `${LEADS}/7`)[0]!.body).toEqual({
      status: 'contacted',
      note: 'Called, visit on Monday.',
    });
    // The badge, not the select's option of the same name, shows the saved status.
    expect(await card().findByText('Contacted', { selector: '.cn-lead__status' })).toBeTruthy();
    const options = [...(card().getByLabelText('New status') as HTMLSelectElement).options];
    expect(options.map((o) => o.textContent)).toEqual(['Choose…', 'Quoted', 'Lost', 'Declined']);
    expect(card().getByText('Called, visit on Monday.', { selector: 'dd' })).toBeTruthy();
  });

  it('keeps a request the homeowner withdrew, with its time, taking notes only', async () => {
    const withdrawn: Lead = {
      ...lead,
      homeowner: { name: null, email: null, mobile: null },
      status: 'withdrawn',
      note: 'Called once.',
      withdrawn_at: '2026-11-22T08:00:00.000Z',
      personal_data_removed_at: '2026-11-22T08:00:00.000Z',
    };
    const bff = fakeBff([withdrawn]);
    renderConsole('/console/org/demo-installer/requests');
    await screen.findByText('1 request.');
    expect(card().getByText('Withdrawn by the homeowner', { selector: '.cn-lead__status' })).toBeTruthy();
    expect(card().getByText('Withdrawn', { selector: 'dt' })).toBeTruthy();
    // The homeowner's name went with their consent: the card says so, and offers no way to reach them.
    expect(card().getByText('Removed', { selector: 'dd' })).toBeTruthy();
    expect(card().queryByText('Not confirmed by the homeowner yet')).toBeNull();
    expect(card().queryByRole('link')).toBeNull();
    expect(card().queryByLabelText('New status')).toBeNull();
    fireEvent.change(card().getByLabelText('Note'), { target: { value: 'Called once; withdrawn.' } });
    await act(async () => fireEvent.click(card().getByRole('button', { name: 'Save note' })));
    expect(bff.calls('PATCH', `${LEADS}/7`)[0]!.body).toEqual({ status: 'withdrawn', note: 'Called once; withdrawn.' });
  });

  it('says when a closed request lost its personal data (consent withdrawn or kept as long as allowed)', async () => {
    fakeBff([
      {
        ...lead,
        status: 'won',
        homeowner: { name: null, email: null, mobile: null },
        personal_data_removed_at: '2026-11-23T08:00:00.000Z',
      },
    ]);
    renderConsole('/console/org/demo-installer/requests');
    await screen.findByText('1 request.');
    expect(card().getByText('Removed', { selector: 'dd' })).toBeTruthy();
    expect(card().getByText(/personal data has been removed from this request/)).toBeTruthy();
    expect(card().queryByRole('link')).toBeNull();
  });

  it('keeps the request of a homeowner who erased their account as a record nobody can change', async () => {
    fakeBff([
      {
        ...lead,
        status: 'account_deleted',
        homeowner: { name: null, email: null, mobile: null },
        withdrawn_at: '2026-11-24T08:00:00.000Z',
        personal_data_removed_at: '2026-11-24T08:00:00.000Z',
      },
    ]);
    renderConsole('/console/org/demo-installer/requests');
    await screen.findByText('1 request.');
    expect(card().getByText('Withdrawn – account deleted', { selector: '.cn-lead__status' })).toBeTruthy();
    expect(card().getByText('Deleted account', { selector: 'dd' })).toBeTruthy();
    expect(card().getByText(/deleted their account/)).toBeTruthy();
    // One explanation: the erasure's, not also the one for a withdrawn consent.
    expect(card().queryByText(/personal data has been removed from this request/)).toBeNull();
    expect(card().queryByRole('link')).toBeNull();
    expect(card().queryByLabelText('New status')).toBeNull();
    expect(card().queryByLabelText('Note')).toBeNull();
  });

  it('says an email the homeowner has not confirmed yet is not shared', async () => {
    fakeBff([{ ...lead, homeowner: { ...lead.homeowner, email: null } }]);
    renderConsole('/console/org/demo-installer/requests');
    await screen.findByText('1 request.');
    expect(card().getByText('Not confirmed by the homeowner yet')).toBeTruthy();
  });

  it('says when there are no requests yet', async () => {
    fakeBff([]);
    renderConsole('/console/org/demo-installer/requests');
    expect(await screen.findByText('No requests yet')).toBeTruthy();
  });

  it.each([
    ['en', 'Air-to-air heat pump', 'Other measures'],
    ['sv', 'Luft/luft-värmepump', 'Övriga åtgärder'],
  ] as const)('names the measure in words in %s, never by its key', async (lng, air, other) => {
    const retired: Lead = {
      ...lead,
      id: 8,
      key: 'heat_pump_retired',
      property: { ...lead.property, street: 'Lillgatan 2' },
    };
    fakeBff([{ ...lead, key: 'heat_pump_air' }, retired]);
    renderConsole('/console/org/demo-installer/requests', { lng });
    await screen.findByRole('heading', { level: 2, name: 'Storgatan 1, 111 22 Stockholm' });
    expect(card().getByText(air)).toBeTruthy();
    const other_ = within(
      screen.getByRole('heading', { level: 2, name: 'Lillgatan 2, 111 22 Stockholm' }).closest('li')!,
    );
    expect(other_.getByText(other)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/heat_pump/);
  });
});

/** Many requests: a street each, the statuses and measures taken in turn, a day apart (the first the oldest). */
function many(n: number): Lead[] {
  const statuses = ['new', 'contacted', 'quoted'] as const;
  const keys = ['insulation_attic', 'heat_pump_air'] as const;
  return Array.from({ length: n }, (_, i) => ({
    ...lead,
    id: 100 + i,
    property: { ...lead.property, street: `Gata ${i + 1}` },
    homeowner: { ...lead.homeowner, name: i % 10 === 0 ? `Örjan Öberg ${i + 1}` : `Anna Andersson ${i + 1}` },
    key: keys[i % keys.length]!,
    status: statuses[i % statuses.length]!,
    requested_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  }));
}

const lastQuery = (bff: ReturnType<typeof fakeBff>) =>
  Object.fromEntries(bff.calls('GET', LEADS).at(-1)!.query.entries());
const headings = () => [...document.querySelectorAll('.cn-queue h2')].map((h) => h.textContent);

describe('the requests page at volume', () => {
  it('shows a page at a time, newest first, and pages on through the URL', async () => {
    const bff = fakeBff(many(45));
    renderConsole('/console/org/demo-installer/requests');
    expect(await screen.findByText('Showing 1–20 of 45 requests.')).toBeTruthy();
    expect(headings()[0]).toBe('Gata 45, 111 22 Stockholm');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21–40 of 45 requests.')).toBeTruthy();
    expect(lastQuery(bff)).toEqual({ page: '2', size: '20' });
    expect(currentLocation().search).toBe('?page=2');
    expect(bff.unrouted).toEqual([]);
  });

  it('reads the status, measure, search, order and page from the URL, as after a reload', async () => {
    const bff = fakeBff(many(100));
    renderConsole('/console/org/demo-installer/requests?measure=heat_pump_air&q=gata&sort=oldest&page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(lastQuery(bff)).toEqual({ measure: 'heat_pump_air', q: 'gata', sort: 'oldest', page: '2', size: '20' });
    expect((screen.getByLabelText('Measure') as HTMLSelectElement).value).toBe('heat_pump_air');
    expect((screen.getByLabelText('Order') as HTMLSelectElement).value).toBe('oldest');
    expect((screen.getByLabelText('Search address or name') as HTMLInputElement).value).toBe('gata');
    // Each status with its count for this measure and search.
    const options = [...(screen.getByLabelText('Status') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options.slice(0, 4)).toEqual(['All statuses (50)', 'New (17)', 'Contacted (17)', 'Quoted (16)']);
  });

  it('reads the status from the URL', async () => {
    const bff = fakeBff(many(100));
    renderConsole('/console/org/demo-installer/requests?status=contacted&measure=heat_pump_air');
    expect(await screen.findByText('Showing 1–17 of 17 requests.')).toBeTruthy();
    expect(lastQuery(bff)).toEqual({ status: 'contacted', measure: 'heat_pump_air', size: '20' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('contacted');
    expect(screen.queryByRole('navigation', { name: 'Pages of requests' })).toBeNull();
  });

  it('filters by status and measure, searches and sorts, each from the first page again', async () => {
    const bff = fakeBff(many(45));
    renderConsole('/console/org/demo-installer/requests?page=2');
    await screen.findByText('Showing 21–40 of 45 requests.');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'quoted' } });
    expect(await screen.findByText('Showing 1–15 of 15 requests.')).toBeTruthy();
    expect(lastQuery(bff)).toEqual({ status: 'quoted', size: '20' });
    fireEvent.change(screen.getByLabelText('Measure'), { target: { value: 'insulation_attic' } });
    await waitFor(() => expect(lastQuery(bff)).toEqual({ status: 'quoted', measure: 'insulation_attic', size: '20' }));
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'oldest' } });
    await waitFor(() => expect(lastQuery(bff)).toMatchObject({ sort: 'oldest' }));
    expect(await screen.findByText('Showing 1–8 of 8 requests.')).toBeTruthy();
    expect(headings()[0]).toBe('Gata 3, 111 22 Stockholm');

    fireEvent.change(screen.getByLabelText('Search address or name'), { target: { value: '  ÖRJAN ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(bff)).toMatchObject({ q: 'ÖRJAN' }));
    expect(currentLocation().search).toBe('?status=quoted&measure=insulation_attic&sort=oldest&q=%C3%96RJAN');
  });

  it('says when no request matches, with a way to clear the filters', async () => {
    const bff = fakeBff(many(5));
    renderConsole('/console/org/demo-installer/requests?q=nobody&status=won');
    expect(await screen.findByText('No requests match')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Showing 1–5 of 5 requests.')).toBeTruthy();
    expect(lastQuery(bff)).toEqual({ size: '20' });
    expect((screen.getByLabelText('Search address or name') as HTMLInputElement).value).toBe('');
  });

  it('moves to the last page when the page asked for is past it', async () => {
    const bff = fakeBff(many(25));
    renderConsole('/console/org/demo-installer/requests?page=9');
    expect(await screen.findByText('Showing 21–25 of 25 requests.')).toBeTruthy();
    expect(lastQuery(bff)).toEqual({ page: '2', size: '20' });
  });

  it.each([
    ['en', 'Save status', 'Contacted', 'Status saved.'],
    ['sv', 'Spara status', 'Kontaktad', 'Status sparad.'],
  ] as const)('confirms a saved status politely in %s', async (lng, save, contacted, saved) => {
    fakeBff([lead]);
    renderConsole('/console/org/demo-installer/requests', { lng });
    await screen.findByRole('heading', { level: 2, name: 'Storgatan 1, 111 22 Stockholm' });
    fireEvent.change(card().getAllByRole('combobox')[0]!, { target: { value: 'contacted' } });
    await act(async () => fireEvent.click(card().getByRole('button', { name: save })));
    const status = await screen.findByText(saved);
    expect(status.closest('[aria-live="polite"]')).toBeTruthy();
    expect(await card().findByText(contacted, { selector: '.cn-lead__status' })).toBeTruthy();
  });

  it('says so when the status could not be saved', async () => {
    fakeBff([lead], { failSave: true });
    renderConsole('/console/org/demo-installer/requests');
    await screen.findByText('1 request.');
    fireEvent.change(card().getByLabelText('New status'), { target: { value: 'contacted' } });
    await act(async () => fireEvent.click(card().getByRole('button', { name: 'Save status' })));
    expect(await card().findByRole('alert')).toBeTruthy();
    expect(
      screen.getByText('The status could not be saved. Try again.', { selector: '[aria-live="polite"]' }),
    ).toBeTruthy();
  });
});

it("says a refusal in the page's language, not in the API's English", async () => {
  fakeBff([lead], { conflict: true });
  renderConsole('/console/org/demo-installer/requests', { lng: 'sv' });
  await screen.findByRole('heading', { level: 2, name: 'Storgatan 1, 111 22 Stockholm' });
  fireEvent.change(card().getAllByRole('combobox')[0]!, { target: { value: 'contacted' } });
  await act(async () => fireEvent.click(card().getByRole('button', { name: 'Spara status' })));
  expect((await card().findByRole('alert')).textContent).toBe(
    'Det gick inte eftersom något har ändrats under tiden. Ladda om sidan och försök igen.',
  );
});

describe('usable time', () => {
  // jsdom has no User Timing: a stand-in takes the page's marks while these tests run.
  let marks: ReturnType<typeof watchUsableMarks>;
  beforeEach(() => (marks = watchUsableMarks()));
  afterEach(() => marks.restore());

  it('marks the requests page usable once the requests show, not while they load', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const bff = installFakeBff({
      'GET /api/console/org/demo-installer/details': () => [200, demoOrganisations['demo-installer']],
      [`GET ${LEADS}`]: async (r) => (await released, [200, pageOf([lead], r.query)]),
    });
    renderConsole('/console/org/demo-installer/requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' })).toBeTruthy();
    await waitFor(() => expect(bff.calls('GET', LEADS)).toHaveLength(1));
    expect(marks.paths()).toEqual([]);

    await act(async () => release());
    expect(await screen.findByText('1 request.')).toBeTruthy();
    expect(marks.paths()).toEqual(['/console/org/demo-installer/requests']);
  });
});
