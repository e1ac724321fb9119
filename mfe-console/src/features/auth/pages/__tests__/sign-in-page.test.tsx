import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Session, SignInResponse } from '@home-energy/shared';
import { installDetailsFetch } from '../../../../testing/fetch-answers';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { mockSignIn } from '../../../../testing/mock-shared';
import { currentLocation, renderConsole, texts } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const en = texts.en.console.signIn;
const sv = texts.sv.console.signIn;

/** signIn as the real client does it: the session is refreshed before the promise resolves. */
function signInSucceedsAs(session: Session) {
  mockSignIn.mockImplementation(async (): Promise<SignInResponse> => {
    setSession(session);
    return { error: null, status: 200, ok: true, url: 'http://localhost/console' };
  });
}

function signInFailsWith(error: string, status = 401) {
  mockSignIn.mockResolvedValue({ error, status, ok: false, url: null } satisfies SignInResponse);
}

function fillIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(en.email), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(en.password), { target: { value: password } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: en.submit }));
  });
}

let fetchMock: jest.Mock;

beforeEach(() => {
  mockSignIn.mockReset();
  setSession(null);
  fetchMock = installDetailsFetch(demoOrganisations);
});

describe('the staff sign-in page at /console', () => {
  it('has a labelled email and password form for password managers', () => {
    renderConsole('/console');
    expect(screen.getByRole('heading', { level: 1, name: en.title })).toBeTruthy();
    const email = screen.getByLabelText(en.email) as HTMLInputElement;
    const password = screen.getByLabelText(en.password) as HTMLInputElement;
    expect([email.type, email.autocomplete, email.required]).toEqual(['email', 'username', true]);
    expect([password.type, password.autocomplete, password.required]).toEqual(['password', 'current-password', true]);
    expect(screen.getByRole('button', { name: en.submit })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe(en.title);
  });

  it('rejects an invalid email before sending anything', async () => {
    renderConsole('/console');
    fillIn('not-an-email', 'energy-demo-2026');
    await submit();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    const email = screen.getByLabelText(en.email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(mockSignIn).not.toHaveBeenCalled();
  });

  it('asks for the password before sending anything', async () => {
    renderConsole('/console');
    fillIn('staff@energi.demo.test', '');
    await submit();
    expect(screen.getByText(en.errors.passwordRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(en.password));
    expect(mockSignIn).not.toHaveBeenCalled();
  });

  it('shows "Wrong email or password." in a focused alert for CredentialsSignin', async () => {
    signInFailsWith('CredentialsSignin');
    renderConsole('/console');
    fillIn('  Staff@Energi.Demo.Test ', 'wrong');
    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Wrong email or password.');
    expect(document.activeElement).toBe(alert);
    expect(mockSignIn).toHaveBeenCalledWith('credentials', {
      email: 'staff@energi.demo.test',
      password: 'wrong',
      redirect: false,
      callbackUrl: '/console',
    });
    expect(screen.getByRole('button', { name: en.submit })).toHaveProperty('disabled', false);
    expect(currentLocation().pathname).toBe('/console');
  });

  it('moves focus to the alert again on a second failure', async () => {
    signInFailsWith('CredentialsSignin');
    renderConsole('/console');
    fillIn('staff@energi.demo.test', 'wrong');
    await submit();
    const alert = await screen.findByRole('alert');
    screen.getByLabelText(en.password).focus();
    await submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(alert.textContent).toBe(en.errors.CredentialsSignin);
  });

  it.each([
    ['TooManyRequests', en.errors.TooManyRequests],
    ['Configuration', en.errors.default],
    ['CallbackRouteError', en.errors.default],
  ])('explains the %s error', async (error, message) => {
    signInFailsWith(error, error === 'TooManyRequests' ? 429 : 500);
    renderConsole('/console');
    fillIn('staff@energi.demo.test', 'energy-demo-2026');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('shows the generic error when the request fails', async () => {
    mockSignIn.mockRejectedValue(new TypeError('Failed to fetch'));
    renderConsole('/console');
    fillIn('staff@energi.demo.test', 'energy-demo-2026');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(en.errors.default);
  });

  it('shows the generic error when signing in succeeded but no session came with it', async () => {
    mockSignIn.mockResolvedValue({ error: null, status: 200, ok: true, url: 'http://localhost/console' });
    renderConsole('/console');
    fillIn('staff@energi.demo.test', 'energy-demo-2026');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(en.errors.default);
    expect(screen.getByRole('button', { name: en.submit })).toHaveProperty('disabled', false);
  });

  it('is busy while signing in: the button is disabled and says "Signing in…"', async () => {
    let finish!: (answer: SignInResponse) => void;
    mockSignIn.mockReturnValue(new Promise<SignInResponse>((resolve) => (finish = resolve)));
    renderConsole('/console');
    fillIn('staff@energi.demo.test', 'energy-demo-2026');
    await submit();

    const button = screen.getByRole('button', { name: 'Signing in…' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(mockSignIn).toHaveBeenCalledTimes(1);

    await act(async () => finish({ error: 'CredentialsSignin', status: 401, ok: false, url: null }));
    expect(screen.getByRole('button', { name: en.submit })).toHaveProperty('disabled', false);
  });

  it.each([
    ['a member of one organisation', '/console/org/demo-energi', demoSessions.energiStaff],
    ['an installer', '/console/org/demo-installer', demoSessions.installerStaff],
    ['a member of several organisations', '/console/org/demo-energi/org-select', demoSessions.multi],
    ['a super admin without organisations', '/console/admin', demoSessions.superAdmin],
    ['a super admin with organisations', '/console/org/demo-bank', demoSessions.superAdminWithOrganisations],
  ])('sends %s on to %s without reloading', async (_who, target, session) => {
    signInSucceedsAs(session);
    renderConsole('/console');
    fillIn(session.user.email!, 'energy-demo-2026');
    await submit();

    await waitFor(() => expect(currentLocation().pathname).toBe(target));
    expect(screen.getByTestId('location').dataset.navigation).toBe('REPLACE');
    expect(screen.queryByLabelText(en.email)).toBeNull();
  });

  it('lands on the organisation home with its name once signed in', async () => {
    signInSucceedsAs(demoSessions.energiAdmin);
    renderConsole('/console');
    fillIn('admin@energi.demo.test', 'energy-demo-2026');
    await submit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Energi' })).toBeTruthy();
    expect(fetchMock.mock.calls[0][0].url).toBe('http://localhost/api/console/org/demo-energi/details');
  });

  it('follows a callbackUrl under /console/', async () => {
    signInSucceedsAs(demoSessions.energiStaff);
    renderConsole(`/console?${new URLSearchParams({ callbackUrl: '/console/org/demo-energi/users?period=2025' })}`);
    fillIn('staff@energi.demo.test', 'energy-demo-2026');
    await submit();

    await waitFor(() =>
      expect(`${currentLocation().pathname}${currentLocation().search}`).toBe(
        '/console/org/demo-energi/users?period=2025',
      ),
    );
    expect(mockSignIn.mock.calls[0][1].callbackUrl).toBe('/console/org/demo-energi/users?period=2025');
  });

  it('follows an absolute callbackUrl of this origin', async () => {
    signInSucceedsAs(demoSessions.energiStaff);
    renderConsole(
      `/console?${new URLSearchParams({ callbackUrl: 'http://localhost/console/org/demo-energi/validation' })}`,
    );
    fillIn('staff@energi.demo.test', 'energy-demo-2026');
    await submit();
    await waitFor(() => expect(currentLocation().pathname).toBe('/console/org/demo-energi/validation'));
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '//evil.example/console/org/demo-energi',
    '/\\evil.example/console/',
    'https://evil.example/console/org/demo-energi',
    'javascript:alert(1)',
    '/flow/start',
    '/console',
    '/console/../flow',
    '/consolex/org/demo-energi',
  ])('ignores the callbackUrl %s and goes to the organisation home', async (callbackUrl) => {
    signInSucceedsAs(demoSessions.energiStaff);
    renderConsole(`/console?${new URLSearchParams({ callbackUrl })}`);
    fillIn('staff@energi.demo.test', 'energy-demo-2026');
    await submit();

    await waitFor(() => expect(currentLocation().pathname).toBe('/console/org/demo-energi'));
    expect(mockSignIn.mock.calls[0][1].callbackUrl).toBe('/console');
  });

  it('sends a visitor who is already signed in straight on', async () => {
    setSession(demoSessions.multi);
    renderConsole('/console');
    await waitFor(() => expect(currentLocation().pathname).toBe('/console/org/demo-energi/org-select'));
    expect(screen.queryByLabelText(en.email)).toBeNull();
    expect(mockSignIn).not.toHaveBeenCalled();
  });

  it('sends a visitor who is already signed in to a valid callbackUrl', async () => {
    setSession(demoSessions.bankAdmin);
    renderConsole(`/console?${new URLSearchParams({ callbackUrl: '/console/org/demo-bank/configuration' })}`);
    await waitFor(() => expect(currentLocation().pathname).toBe('/console/org/demo-bank/configuration'));
  });

  it('tells a staff user without organisations that there is nowhere to go yet', async () => {
    signInSucceedsAs(demoSessions.staffWithoutOrganisation);
    renderConsole('/console');
    fillIn('lonely@demo.test', 'energy-demo-2026');
    await submit();
    expect(await screen.findByRole('heading', { level: 1, name: en.noOrganisation.title })).toBeTruthy();
    expect(currentLocation().pathname).toBe('/console');
  });

  it('shows a loading state while the session is read', () => {
    setSession('loading');
    renderConsole('/console');
    expect(screen.getByRole('status').textContent).toBe(texts.en.common.loading);
    expect(screen.queryByLabelText(en.email)).toBeNull();
  });

  it('says why when a page needed a session (?error=SessionRequired)', () => {
    renderConsole('/console?error=SessionRequired&callbackUrl=%2Fconsole%2Forg%2Fdemo-energi');
    expect(screen.getByText('Please sign in to access this page.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks Swedish', async () => {
    signInFailsWith('CredentialsSignin');
    renderConsole('/console?error=SessionRequired', { lng: 'sv' });
    expect(screen.getByRole('heading', { level: 1, name: sv.title })).toBeTruthy();
    expect(screen.getByText(sv.sessionRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(sv.email), { target: { value: 'fel' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: sv.submit }));
    });
    expect(screen.getByText(sv.errors.invalidEmail)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(sv.email), { target: { value: 'staff@energi.demo.test' } });
    fireEvent.change(screen.getByLabelText(sv.password), { target: { value: 'fel' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: sv.submit }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Fel e-postadress eller lösenord.');
  });
});
