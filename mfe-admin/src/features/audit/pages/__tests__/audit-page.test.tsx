import '../../../../testing/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setSession } from '@home-energy/shared/testing/fake-session';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import type { AuditEntry } from '@home-energy/shared/schemas/admin';
import { currentLocation, renderAdmin, sessions, texts } from '../../../../testing/render-admin';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeSession());

const en = texts.en.admin;
const sara = { id: 1, email: 'super@demo.test', name: 'Sara Superadmin' };

function entry(id: number, action: string, extra: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    createdAt: '2026-11-20T10:00:00.000Z',
    actor: sara,
    organisation: null,
    impersonating: null,
    action,
    target: 'organisation:demo-bank',
    details: {},
    ...extra,
  };
}

function auditBff(total = 60) {
  return installFakeBff({
    'GET /api/admin/organisations': () => [200, { organisations: [{ slug: 'demo-bank', name: 'Demo Bank' }] }],
    'GET /api/admin/users': () => [200, { users: [{ ...sara, memberships: [] }] }],
    'GET /api/admin/audit': (r) => {
      const page = Number(r.query.get('page'));
      return [
        200,
        {
          total,
          page,
          pageSize: 25,
          entries:
            total === 0
              ? []
              : [
                  entry(page * 100 + 1, 'user.create', {
                    organisation: { slug: 'demo-bank', name: 'Demo Bank' },
                    impersonating: { slug: 'demo-bank', name: 'Demo Bank' },
                    target: 'user:olle@demo.test',
                    details: { name: 'Olle' },
                  }),
                  entry(page * 100 + 2, 'release.activate', { target: 'mfe-results@0.1.0-abc' }),
                ],
        },
      ];
    },
  });
}

beforeEach(() => setSession(sessions.superAdmin));

it('shows entries in a table: when, who, organisation (and impersonation), action, target and details', async () => {
  auditBff();
  renderAdmin('/console/admin/audit');
  expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
  const table = await screen.findByRole('table', { name: en.audit.caption });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['When', 'Who', 'Organisation', 'Action', 'Target', 'Details']);
  const [first, second] = within(table).getAllByRole('row').slice(1);
  expect(first.textContent).toContain('Sara Superadmin');
  expect(first.textContent).toContain('super@demo.test');
  expect(within(first).getByText('impersonating Demo Bank')).toBeTruthy();
  expect(within(first).getByText('Created user')).toBeTruthy();
  expect(within(first).getByText(/"name": "Olle"/)).toBeTruthy();
  expect(within(second).getByText('Activated release')).toBeTruthy();
  expect(screen.getByText('Page 1 of 3 (60 entries)')).toBeTruthy();
});

it.each([
  ['en', 'Moved an installer request on'],
  ['sv', 'Flyttade en installatörsförfrågan vidare'],
] as const)("names an installer request's status change in words (%s), not by its action key", async (lng, text) => {
  installFakeBff({
    'GET /api/admin/organisations': () => [200, { organisations: [] }],
    'GET /api/admin/users': () => [200, { users: [] }],
    'GET /api/admin/audit': () => [
      200,
      {
        total: 1,
        page: 1,
        pageSize: 25,
        entries: [
          entry(1, 'installer_request.status', {
            target: 'installer_request:7',
            details: { from: 'new', to: 'contacted' },
          }),
        ],
      },
    ],
  });
  renderAdmin('/console/admin/audit', { lng });
  const table = await screen.findByRole('table', { name: texts[lng].admin.audit.caption });
  const [row] = within(table).getAllByRole('row').slice(1);
  expect(within(row).getByText(text)).toBeTruthy();
  expect(within(row).queryByText('installer_request.status')).toBeNull();
});

it.each([
  ['en', 'Created message', '20 Nov 2026, 11:00:00 CET', 'Page 1 of 1 (1 entry)'],
  ['sv', 'Skapade meddelande', '2026-11-20 11:00:00 CET', 'Sida 1 av 1 (1 post)'],
] as const)('shows a console action in words, in Swedish time with its zone (%s)', async (lng, words, when, page) => {
  installFakeBff({
    'GET /api/admin/organisations': () => [200, { organisations: [] }],
    'GET /api/admin/users': () => [200, { users: [] }],
    'GET /api/admin/audit': () => [
      200,
      { total: 1, page: 1, pageSize: 25, entries: [entry(1, 'message.create', { target: 'message:3' })] },
    ],
  });
  renderAdmin('/console/admin/audit', { lng });
  const table = await screen.findByRole('table', { name: texts[lng].admin.audit.caption });
  const [row] = within(table).getAllByRole('row').slice(1);
  expect(within(row).getByText(words)).toBeTruthy();
  expect(within(row).queryByText('message.create')).toBeNull();
  expect(row.querySelector('time')?.textContent).toBe(when);
  expect(screen.getByText(page)).toBeTruthy();
});

it('applies filters through the address and the API, and pages', async () => {
  const bff = auditBff();
  renderAdmin('/console/admin/audit');
  await screen.findByRole('table');
  // The organisations come in their own request, which may answer after the entries.
  await screen.findByRole('option', { name: 'Demo Bank' });
  fireEvent.change(screen.getByLabelText(en.audit.organisation), { target: { value: 'demo-bank' } });
  await screen.findByRole('option', { name: 'Sara Superadmin (super@demo.test)' });
  fireEvent.change(screen.getByLabelText(en.audit.user), { target: { value: '1' } });
  fireEvent.change(screen.getByLabelText(en.audit.from), { target: { value: '2026-11-01' } });
  fireEvent.change(screen.getByLabelText(en.audit.to), { target: { value: '2026-11-30' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.audit.apply })));
  const location = currentLocation();
  expect(Object.fromEntries(location.searchParams)).toEqual({
    organisation: 'demo-bank',
    user: '1',
    from: '2026-11-01',
    to: '2026-11-30',
  });
  await screen.findByRole('table');
  const query = bff.calls('GET', '/api/admin/audit').at(-1)!.query;
  expect(query.get('organisation')).toBe('demo-bank');
  expect(query.get('user')).toBe('1');
  // The user's own days, as exact times: from the start of 1 November to the start of 1 December.
  expect(new Date(query.get('from')!).getTime()).toBe(new Date(2026, 10, 1).getTime());
  expect(new Date(query.get('to')!).getTime()).toBe(new Date(2026, 11, 1).getTime());

  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.audit.next })));
  expect(currentLocation().searchParams.get('page')).toBe('2');
  expect(await screen.findByText('Page 2 of 3 (60 entries)')).toBeTruthy();
  expect(bff.calls('GET', '/api/admin/audit').at(-1)!.query.get('page')).toBe('2');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.audit.clear })));
  expect(currentLocation().search).toBe('');
});

it('says when nothing matches', async () => {
  auditBff(0);
  renderAdmin('/console/admin/audit?organisation=demo-bank');
  expect(await screen.findByText(en.audit.noMatch)).toBeTruthy();
});
