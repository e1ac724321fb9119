import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '@home-energy/shared/testing/fake-session';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import type { AdminOrganisation } from '@home-energy/shared/schemas/admin';
import { currentLocation, renderAdmin, sessions, texts } from '../../../../testing/render-admin';
import { watchUsableMarks } from '@home-energy/shared/testing/usable-marks';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());

const en = texts.en.admin;
const sv = texts.sv.admin;

function organisation(slug: string, name: string, extra: Partial<AdminOrganisation> = {}): AdminOrganisation {
  return {
    slug,
    name,
    brand: slug,
    features: [],
    isInstaller: false,
    active: true,
    demo: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    users: 0,
    installers: 0,
    ...extra,
  };
}
const ORGANISATIONS = [
  organisation('demo-bank', 'Demo Bank', { features: ['platform_analytics'], users: 2, demo: true }),
  organisation('demo-energi', 'Demo Energi AB', {
    features: ['platform_analytics', 'platform_validation'],
    users: 3,
    demo: true,
  }),
  organisation('old-org', 'Old Org', { active: false }),
];

beforeEach(() => setSession(sessions.superAdmin));

describe('the organisations page', () => {
  it('lists organisations in a table with headers, status and an impersonate button for active ones', async () => {
    installFakeBff({ 'GET /api/admin/organisations': () => [200, { organisations: ORGANISATIONS }] });
    renderAdmin('/console/admin');
    expect(screen.getByRole('heading', { level: 1, name: en.pages.organisations.title })).toBeTruthy();
    expect(document.title).toBe('Organisations');
    const table = await screen.findByRole('table', { name: en.organisations.caption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Slug', 'Brand', 'Features', 'Installer', 'Users', 'Status', 'Actions']);
    const energi = within(table)
      .getByRole('rowheader', { name: /Demo Energi AB/ })
      .closest('tr')!;
    expect(within(energi).getByRole('link', { name: 'Demo Energi AB' }).getAttribute('href')).toBe(
      '/console/admin/organisations/demo-energi',
    );
    expect(energi.textContent).toContain('Analytics, Validation');
    expect(within(energi).getByRole('button', { name: 'Impersonate Demo Energi AB' })).toBeTruthy();
    const old = within(table).getByRole('rowheader', { name: 'Old Org' }).closest('tr')!;
    expect(old.textContent).toContain('Deactivated');
    expect(within(old).queryByRole('button')).toBeNull();
    // The nav marks this page as current.
    expect(screen.getByRole('link', { name: 'Organisations', current: 'page' })).toBeTruthy();
  });

  it('shows loading, then an error with retry', async () => {
    let fail = true;
    installFakeBff({
      'GET /api/admin/organisations': () =>
        fail
          ? [500, { error: 'internal_error', message: 'Something went wrong on our side.' }]
          : [200, { organisations: [] }],
    });
    renderAdmin('/console/admin');
    expect(screen.getByRole('status')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: texts.en.common.loadFailed.retry })));
    expect(await screen.findByText(en.organisations.empty)).toBeTruthy();
  });

  it('creates an organisation: slug and brand follow the name, bad input stays put, success opens it', async () => {
    let answer: [number, unknown] = [
      409,
      {
        error: 'conflict',
        message: 'An organisation with the slug "norr-energi-ab" already exists. Choose another slug.',
      },
    ];
    const bff = installFakeBff({
      'GET /api/admin/organisations': () => [200, { organisations: ORGANISATIONS }],
      'POST /api/admin/organisations': () => answer,
    });
    renderAdmin('/console/admin');
    await screen.findByRole('table');
    const open = screen.getByRole('button', { name: en.organisations.new });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: en.organisations.newTitle }));

    fireEvent.change(screen.getByLabelText(en.form.name), { target: { value: 'Norr Energi AB' } });
    expect((screen.getByLabelText(en.form.slug) as HTMLInputElement).value).toBe('norr-energi-ab');
    expect((screen.getByLabelText(en.form.brand) as HTMLInputElement).value).toBe('norr-energi-ab');
    fireEvent.change(screen.getByLabelText(en.form.slug), { target: { value: 'Norr Energi!' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.create })));
    expect(screen.getByLabelText(en.form.slug).getAttribute('aria-invalid')).toBe('true');
    expect(bff.calls('POST', '/api/admin/organisations')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(en.form.slug), { target: { value: 'norr-energi-ab' } });
    fireEvent.click(screen.getByLabelText(en.form.feature.platform_analytics));
    fireEvent.click(screen.getByLabelText(en.form.isInstaller));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.create })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An organisation with the slug "norr-energi-ab" already exists. Choose another slug.',
    );

    answer = [201, { ...organisation('norr-energi', 'Norr Energi AB'), installerList: [], brandConfigFound: false }];
    fireEvent.change(screen.getByLabelText(en.form.slug), { target: { value: 'norr-energi' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.create })));
    expect(bff.calls('POST', '/api/admin/organisations').at(-1)!.body).toEqual({
      slug: 'norr-energi',
      name: 'Norr Energi AB',
      brand: 'norr-energi',
      features: ['platform_analytics'],
      isInstaller: true,
      installers: [],
    });
    // The page opens the new organisation once the POST has answered.
    await waitFor(() => expect(currentLocation().pathname).toBe('/console/admin/organisations/norr-energi'));
  });

  it('impersonates: the session carries the organisation, then its console opens', async () => {
    const bff = installFakeBff({
      'GET /api/admin/organisations': () => [200, { organisations: ORGANISATIONS }],
      'POST /api/admin/impersonation': () => [200, { impersonating: { slug: 'demo-bank', name: 'Demo Bank' } }],
    });
    renderAdmin('/console/admin');
    const impersonate = await screen.findByRole('button', { name: 'Impersonate Demo Bank' });
    await act(async () => fireEvent.click(impersonate));
    expect(bff.calls('POST', '/api/admin/impersonation')[0].body).toEqual({ organisation: 'demo-bank' });
    expect(await screen.findByText('Console of the organisation')).toBeTruthy();
    expect(currentLocation().pathname).toBe('/console/org/demo-bank');
  });

  it('while impersonating, says so on the admin pages with a way into the console and a way out', async () => {
    setSession(sessions.impersonating);
    const bff = installFakeBff({
      'GET /api/admin/organisations': () => [200, { organisations: ORGANISATIONS }],
      'DELETE /api/admin/impersonation': () => [204],
    });
    renderAdmin('/console/admin');
    const notice = screen.getByRole('region', { name: en.impersonation.region });
    expect(notice.textContent).toContain('You are impersonating Demo Bank.');
    expect(within(notice).getByRole('link', { name: en.impersonation.openConsole }).getAttribute('href')).toBe(
      '/console/org/demo-bank',
    );
    await act(async () => fireEvent.click(within(notice).getByRole('button', { name: en.impersonation.stop })));
    expect(bff.calls('DELETE', '/api/admin/impersonation')).toHaveLength(1);
  });

  it('says what is wrong with a new organisation in Swedish, at the field', async () => {
    const message = 'An organisation with the slug "demo-bank" already exists. Choose another slug.';
    const bff = installFakeBff({
      'GET /api/admin/organisations': () => [200, { organisations: ORGANISATIONS }],
      'POST /api/admin/organisations': () => [
        409,
        { error: 'conflict', message, issues: [{ path: 'body.slug', code: 'taken', message }] },
      ],
    });
    renderAdmin('/console/admin', { lng: 'sv' });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: sv.organisations.new }));
    fireEvent.change(screen.getByLabelText(sv.form.slug), { target: { value: 'Norr Energi!' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: sv.form.create })));
    expect(screen.getByText('Får inte vara tomt')).toBeTruthy();
    expect(screen.getByText(sv.form.rules.slug)).toBeTruthy();
    expect(screen.queryByText(/lower-case|must|Too small/)).toBeNull();
    expect(bff.calls('POST', '/api/admin/organisations')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(sv.form.name), { target: { value: 'Demo Bank' } });
    fireEvent.change(screen.getByLabelText(sv.form.slug), { target: { value: 'demo-bank' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: sv.form.create })));
    expect(await screen.findByText('Används redan – välj ett annat')).toBeTruthy();
    expect(screen.getByLabelText(sv.form.slug).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(sv.form.fixErrors);
  });

  it('speaks Swedish', async () => {
    installFakeBff({ 'GET /api/admin/organisations': () => [200, { organisations: ORGANISATIONS }] });
    renderAdmin('/console/admin', { lng: 'sv' });
    expect(screen.getByRole('heading', { level: 1, name: 'Organisationer' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Agera som Demo Bank' })).toBeTruthy();
  });
});

describe('usable time', () => {
  // jsdom has no User Timing: a stand-in takes the page's marks while these tests run.
  let marks: ReturnType<typeof watchUsableMarks>;
  beforeEach(() => (marks = watchUsableMarks()));
  afterEach(() => marks.restore());

  it('marks the organisations page usable once the table shows, not while it loads', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const bff = installFakeBff({
      'GET /api/admin/organisations': async () => (await released, [200, { organisations: ORGANISATIONS }]),
    });
    renderAdmin('/console/admin');
    await waitFor(() => expect(bff.calls('GET', '/api/admin/organisations')).toHaveLength(1));
    expect(screen.getByRole('status')).toBeTruthy();
    expect(marks.paths()).toEqual([]);

    await act(async () => release());
    expect(await screen.findByRole('table', { name: en.organisations.caption })).toBeTruthy();
    expect(marks.paths()).toEqual(['/console/admin']);
  });
});
