import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createTestI18n, remoteTexts, renderRemote } from '../../../../testing/render-remote';
import { installFakeBff, type FakeAnswer, type SeenRequest } from '../../../../testing/fake-bff';
import type { ConsoleUser } from '../../../schemas/admin';
import { UserManagement, type UserManagementProps } from '../index';
import en from '../locales/en.json';
import sv from '../locales/sv.json';

function user(
  id: number,
  name: string,
  email: string,
  memberships: ConsoleUser['memberships'],
  extra: Partial<ConsoleUser> = {},
): ConsoleUser {
  return {
    id,
    name,
    email,
    active: true,
    superAdmin: false,
    demo: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSignInAt: null,
    memberships,
    managedElsewhere: false,
    ...extra,
  };
}

const anna = user(
  2,
  'Anna Admin',
  'admin@energi.demo.test',
  [{ organisation: 'demo-energi', organisationName: 'Demo Energi AB', role: 'admin' }],
  { lastSignInAt: '2026-11-20T08:30:00.000Z' },
);
const erik = user(3, 'Erik Staff', 'staff@energi.demo.test', [
  { organisation: 'demo-energi', organisationName: 'Demo Energi AB', role: 'staff' },
]);
const maja = user(6, 'Maja Multi', 'multi@demo.test', [
  { organisation: 'demo-bank', organisationName: 'Demo Bank', role: 'staff' },
  { organisation: 'demo-energi', organisationName: 'Demo Energi AB', role: 'staff' },
]);
const sara = user(1, 'Sara Superadmin', 'super@demo.test', [], { superAdmin: true });
const ORGANISATIONS = [
  { slug: 'demo-bank', name: 'Demo Bank' },
  { slug: 'demo-energi', name: 'Demo Energi AB' },
  { slug: 'demo-installer', name: 'Demo Installation AB' },
];

function show(props: Partial<UserManagementProps> = {}, lng: 'en' | 'sv' = 'en') {
  // The component brings its own texts; the page's instance only has `common`.
  const i18n = createTestI18n('page', remoteTexts('page', {}, {}), lng);
  return renderRemote(
    '/',
    <UserManagement scope={{ kind: 'platform' }} currentUserId="1" organisations={ORGANISATIONS} {...props} />,
    i18n,
  );
}

function platformBff(
  users: ConsoleUser[],
  extra: Record<string, (r: SeenRequest, m: RegExpExecArray) => FakeAnswer> = {},
) {
  return installFakeBff({
    'GET /api/admin/users': (r) => {
      const org = r.query.get('organisation');
      return [200, { users: org ? users.filter((u) => u.memberships.some((m) => m.organisation === org)) : users }];
    },
    ...extra,
  });
}

describe('the user table', () => {
  it('shows a loading state, then every user in a table with column and row headers', async () => {
    platformBff([sara, anna, maja]);
    show();
    expect(screen.getByRole('status').textContent).toContain(en.list.loading);
    const table = await screen.findByRole('table', { name: /Console users/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Organisations and roles', 'Status', 'Last sign-in', 'Actions']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Sara Superadmin (you) Super admin', 'Anna Admin', 'Maja Multi']);
    const majaRow = within(table).getByRole('rowheader', { name: 'Maja Multi' }).closest('tr')!;
    expect(
      within(majaRow)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Demo Bank – Staff', 'Demo Energi AB – Staff']);
    expect(within(majaRow).getByText('Never')).toBeTruthy();
    expect(table.textContent).toContain('3 users');
  });

  it('filters by organisation through the API', async () => {
    const bff = platformBff([sara, anna, maja]);
    show({ initialOrganisation: 'demo-bank' });
    await screen.findByRole('rowheader', { name: 'Maja Multi' });
    expect(screen.queryByRole('rowheader', { name: 'Anna Admin' })).toBeNull();
    expect(bff.calls('GET', '/api/admin/users')[0].query.get('organisation')).toBe('demo-bank');
    fireEvent.change(screen.getByLabelText(en.list.filterOrganisation), { target: { value: '' } });
    expect(await screen.findByRole('rowheader', { name: 'Anna Admin' })).toBeTruthy();
  });

  it('says so when there are no users, and when loading failed offers to try again', async () => {
    let fail = true;
    installFakeBff({
      'GET /api/admin/users': () => (fail ? [500, { error: 'internal_error', message: 'x' }] : [200, { users: [] }]),
    });
    show();
    expect((await screen.findByRole('alert')).textContent).toContain(en.list.loadFailed);
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.list.retry })));
    expect(await screen.findByText(en.list.empty)).toBeTruthy();
  });
});

describe('adding a user', () => {
  it('checks the form first, then creates the user and shows the one-time password once', async () => {
    const created = user(9, 'Olle Ny', 'olle@demo.test', [
      { organisation: 'demo-bank', organisationName: 'Demo Bank', role: 'admin' },
    ]);
    const bff = platformBff([sara], {
      'POST /api/admin/users': () => [201, { user: created, oneTimePassword: 'abcd-efgh-jkmn-pqrs' }],
    });
    show();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText(en.add.email), { target: { value: 'not-an-email' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.add.submit })));
    expect(screen.getByLabelText(en.add.email).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByLabelText(en.add.name).getAttribute('aria-invalid')).toBe('true');
    expect(bff.calls('POST', '/api/admin/users')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(en.add.name), { target: { value: 'Olle Ny' } });
    fireEvent.change(screen.getByLabelText(en.add.email), { target: { value: 'olle@demo.test' } });
    fireEvent.change(screen.getByLabelText(en.add.organisation), { target: { value: 'demo-bank' } });
    fireEvent.change(screen.getByLabelText(en.add.role), { target: { value: 'admin' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.add.submit })));
    expect(bff.calls('POST', '/api/admin/users')[0].body).toEqual({
      email: 'olle@demo.test',
      name: 'Olle Ny',
      memberships: [{ organisation: 'demo-bank', role: 'admin' }],
    });
    const notice = await screen.findByTestId('one-time-password');
    expect(within(notice).getByRole('heading', { name: 'One-time password for Olle Ny' })).toBe(document.activeElement);
    expect(screen.getByTestId('one-time-password-value').textContent).toBe('abcd-efgh-jkmn-pqrs');
    fireEvent.click(within(notice).getByRole('button', { name: en.password.done }));
    expect(screen.queryByTestId('one-time-password')).toBeNull();
    expect(bff.unrouted).toEqual([]);
  });

  it('says a link was mailed, and shows no password, when the server mails the invitation', async () => {
    const created = user(9, 'Olle Ny', 'olle@demo.test', []);
    platformBff([sara], { 'POST /api/admin/users': () => [201, { user: created, oneTimePassword: null }] });
    show();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText(en.add.name), { target: { value: 'Olle Ny' } });
    fireEvent.change(screen.getByLabelText(en.add.email), { target: { value: 'olle@demo.test' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.add.submit })));
    const notice = await screen.findByTestId('password-link-mailed');
    expect(within(notice).getByRole('heading', { name: 'A link is on its way to Olle Ny' })).toBe(
      document.activeElement,
    );
    expect(screen.queryByTestId('one-time-password-value')).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: en.password.mailedDone }));
    expect(screen.queryByTestId('password-link-mailed')).toBeNull();
  });

  it("shows the server's message for an email in use and its field errors on the fields", async () => {
    let answer: FakeAnswer = [
      409,
      { error: 'conflict', message: 'A console user with the email erik@demo.test already exists.' },
    ];
    platformBff([sara], { 'POST /api/admin/users': () => answer });
    show();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText(en.add.name), { target: { value: 'Erik' } });
    fireEvent.change(screen.getByLabelText(en.add.email), { target: { value: 'erik@demo.test' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.add.submit })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A console user with the email erik@demo.test already exists.',
    );
    answer = [
      400,
      {
        error: 'bad_request',
        message: 'Invalid body.name: too long',
        issues: [{ path: 'body.name', message: 'too long' }],
      },
    ];
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.add.submit })));
    expect(await screen.findByText('too long')).toBeTruthy();
    expect(screen.getByLabelText(en.add.name).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('managing a user', () => {
  it('opens the actions with the keyboard-reachable Manage button and deactivates after confirmation', async () => {
    const bff = platformBff([sara, erik], {
      'PATCH /api/admin/users/(\\d+)': (r) => [200, { ...erik, active: (r.body as { active: boolean }).active }],
    });
    show();
    const manage = await screen.findByRole('button', { name: 'Manage Erik Staff' });
    expect(manage.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(manage);
    expect(screen.getByRole('button', { name: 'Close: Erik Staff' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: en.actions.deactivate }));
    const confirm = screen.getByRole('button', { name: 'Yes, deactivate' });
    expect(document.activeElement).toBe(confirm);
    await act(async () => fireEvent.click(confirm));
    expect(bff.calls('PATCH', '/api/admin/users/3')[0].body).toEqual({ active: false });
  });

  it('changes a role with its own button, and shows the last-admin refusal', async () => {
    const bff = installFakeBff({
      'GET /api/console/org/demo-energi/users': () => [200, { users: [anna, erik] }],
      'PATCH /api/console/org/demo-energi/users/2': () => [
        409,
        {
          error: 'last_admin',
          message:
            'You are the last admin of Demo Energi AB: make someone else an admin before you step down or leave.',
        },
      ],
    });
    show({
      scope: { kind: 'organisation', slug: 'demo-energi', name: 'Demo Energi AB' },
      currentUserId: '2',
      organisations: undefined,
    });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Status', 'Last sign-in', 'Actions']);
    expect(screen.queryByLabelText(en.add.organisation)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Manage Anna Admin' }));
    const change = screen.getByRole('button', { name: en.actions.changeRole });
    expect((change as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Role in Demo Energi AB'), { target: { value: 'staff' } });
    await act(async () => fireEvent.click(change));
    expect(bff.calls('PATCH', '/api/console/org/demo-energi/users/2')[0].body).toEqual({ role: 'staff' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/last admin of Demo Energi AB/);
    // Your own account has no deactivate button.
    expect(screen.queryByRole('button', { name: en.actions.deactivate })).toBeNull();
  });

  it("in an organisation's console, leaves shared accounts' password and deactivation to super admins", async () => {
    installFakeBff({
      'GET /api/console/org/demo-energi/users': () => [
        200,
        { users: [{ ...maja, memberships: [maja.memberships[1]], managedElsewhere: true }] },
      ],
    });
    show({
      scope: { kind: 'organisation', slug: 'demo-energi', name: 'Demo Energi AB' },
      currentUserId: '2',
      organisations: undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Maja Multi' }));
    expect(screen.getByText(en.actions.managedElsewhere)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.actions.resetPassword })).toBeNull();
  });

  it('resets a password and shows the new one-time password', async () => {
    const bff = platformBff([sara, erik], {
      'POST /api/admin/users/3/reset-password': () => [200, { user: erik, oneTimePassword: 'zzzz-yyyy-xxxx-wwww' }],
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Erik Staff' }));
    fireEvent.click(screen.getByRole('button', { name: en.actions.resetPassword }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, reset password' })));
    await waitFor(() => expect(screen.getByTestId('one-time-password-value').textContent).toBe('zzzz-yyyy-xxxx-wwww'));
    expect(bff.calls('POST', /reset-password$/)).toHaveLength(1);
  });

  it("adds a super admin's user to another organisation", async () => {
    const bff = platformBff([sara, erik], { 'PUT /api/admin/users/3/memberships/([a-z-]+)': () => [200, erik] });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Erik Staff' }));
    const group = screen.getByRole('group', { name: en.actions.addTo });
    fireEvent.change(within(group).getByLabelText(en.actions.addTo), { target: { value: 'demo-installer' } });
    fireEvent.change(within(group).getByLabelText(en.actions.addRole), { target: { value: 'admin' } });
    await act(async () => fireEvent.click(within(group).getByRole('button', { name: en.actions.add })));
    expect(bff.calls('PUT', '/api/admin/users/3/memberships/demo-installer')[0].body).toEqual({ role: 'admin' });
  });
});

it('speaks Swedish', async () => {
  platformBff([sara, erik]);
  show({}, 'sv');
  expect(await screen.findByRole('heading', { level: 2, name: sv.add.title })).toBeTruthy();
  expect(await screen.findByRole('columnheader', { name: sv.columns.lastSignIn })).toBeTruthy();
  expect(screen.getAllByText(sv.status.active).length).toBeGreaterThan(0);
});

describe('a Swedish console', () => {
  const energi = { kind: 'organisation', slug: 'demo-energi', name: 'Demo Energi AB' } as const;
  const inOrganisation = { scope: energi, currentUserId: '2', organisations: undefined };

  async function submit(name: string, email: string) {
    fireEvent.change(screen.getByLabelText(sv.add.name), { target: { value: name } });
    fireEvent.change(screen.getByLabelText(sv.add.email), { target: { value: email } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: sv.add.submit })));
  }

  it("says the form's own check in Swedish, with the field's limit", async () => {
    const bff = platformBff([sara]);
    show({}, 'sv');
    await screen.findByRole('table');
    await submit('', 'inte-en-adress');
    expect(screen.getByText('Får inte vara tomt')).toBeTruthy();
    expect(screen.getByText('Ogiltig e-postadress')).toBeTruthy();
    await submit('x'.repeat(256), 'olle@demo.test');
    expect(screen.getByText('Högst 255 tecken')).toBeTruthy();
    expect(screen.queryByText(/must|Invalid/)).toBeNull();
    expect(bff.calls('POST', '/api/admin/users')).toHaveLength(0);
  });

  it('says who an email in use belongs to and what to do, at the email', async () => {
    let issue: object = { path: 'body.email', message: 'in use', code: 'already_member', params: { role: 'admin' } };
    installFakeBff({
      'GET /api/console/org/demo-energi/users': () => [200, { users: [anna] }],
      'POST /api/console/org/demo-energi/users': () => [409, { error: 'conflict', message: 'in use', issues: [issue] }],
    });
    show(inOrganisation, 'sv');
    await screen.findByRole('table');
    await submit('Anna', 'admin@energi.demo.test');
    expect(screen.getByText('Redan medlem i den här organisationen, med rollen administratör')).toBeTruthy();
    expect(screen.getByLabelText(sv.add.email).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/superadministratör att|Lägg till hen/)).toBeNull();

    issue = { path: 'body.email', message: 'in use', code: 'exists_add_in_admin' };
    await submit('Bengt', 'admin@bank.demo.test');
    expect(screen.getByText(/Lägg till hen under Superadmin → Alla konsolanvändare/)).toBeTruthy();
    issue = { path: 'body.email', message: 'in use', code: 'exists_ask_super_admin' };
    await submit('Bengt', 'admin@bank.demo.test');
    expect(screen.getByText(/Be en superadministratör att lägga till hen/)).toBeTruthy();
  });

  it("says a refusal the form has no words of its own for in Swedish, not in the API's English", async () => {
    installFakeBff({
      'GET /api/console/org/demo-energi/users': () => [200, { users: [anna] }],
      'POST /api/console/org/demo-energi/users': () => [
        400,
        {
          error: 'bad_request',
          message: 'Invalid body.name: too odd',
          issues: [{ path: 'body.name', message: 'too odd' }],
        },
      ],
      'PATCH /api/console/org/demo-energi/users/2': () => [409, { error: 'last_admin', message: 'You are the last…' }],
    });
    show(inOrganisation, 'sv');
    await screen.findByRole('table');
    await submit('Olle', 'olle@demo.test');
    expect(screen.getByText('Ogiltigt värde')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hantera Anna Admin' }));
    fireEvent.change(screen.getByLabelText('Roll i Demo Energi AB'), { target: { value: 'staff' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: sv.actions.changeRole })));
    expect((await screen.findByRole('alert')).textContent).toBe(sv.errors.last_admin);
  });
});
