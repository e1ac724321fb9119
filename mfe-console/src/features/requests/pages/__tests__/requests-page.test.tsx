import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import type { Lead } from '@home-energy/shared';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { renderConsole } from '../../../../testing/render-console';
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
};

function fakeBff(initial: Lead[]) {
  let requests = initial;
  return installFakeBff({
    'GET /api/console/org/demo-installer/details': () => [200, demoOrganisations['demo-installer']],
    [`GET ${LEADS}`]: () => [200, { requests }],
    [`PATCH ${LEADS}/(\\d+)`]: (r, m) => {
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
      homeowner: { name: 'Anna Andersson', email: null, mobile: null },
      status: 'withdrawn',
      note: 'Called once.',
      withdrawn_at: '2026-11-22T08:00:00.000Z',
    };
    const bff = fakeBff([withdrawn]);
    renderConsole('/console/org/demo-installer/requests');
    await screen.findByText('1 request.');
    expect(card().getByText('Withdrawn by the homeowner', { selector: '.cn-lead__status' })).toBeTruthy();
    expect(card().getByText('Withdrawn', { selector: 'dt' })).toBeTruthy();
    expect(card().queryByRole('link')).toBeNull();
    expect(card().queryByLabelText('New status')).toBeNull();
    fireEvent.change(card().getByLabelText('Note'), { target: { value: 'Called once; withdrawn.' } });
    await act(async () => fireEvent.click(card().getByRole('button', { name: 'Save note' })));
    expect(bff.calls('PATCH', `${LEADS}/7`)[0]!.body).toEqual({ status: 'withdrawn', note: 'Called once; withdrawn.' });
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
      [`GET ${LEADS}`]: async () => (await released, [200, { requests: [lead] }]),
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
