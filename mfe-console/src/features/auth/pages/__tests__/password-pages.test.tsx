import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Session } from '@home-energy/shared';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { currentLocation, renderConsole, texts } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const en = texts.en.console;
const sv = texts.sv.console;
const oneTime: Session = {
  ...demoSessions.energiStaff,
  user: { ...demoSessions.energiStaff.user, mustChangePassword: true },
};

function fillPasswords(password: string, repeat = password) {
  fireEvent.change(screen.getByLabelText(en.newPassword.password), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(en.newPassword.repeat), { target: { value: repeat } });
}

/** The password pages load as chunks of their own (console-routes.tsx): the form is there once its chunk is. */
const passwordPageShown = () => screen.findByLabelText(en.newPassword.password);

beforeEach(() => setSession(null));

describe('Choose your password', () => {
  it('is where a user signed in with a one-time password lands, whatever console page they open', async () => {
    installFakeBff({ 'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']] });
    setSession(oneTime);
    renderConsole('/console/org/demo-energi/users');
    await waitFor(() => expect(currentLocation().pathname).toBe('/console/choose-password'));
    expect(await screen.findByRole('heading', { level: 1, name: en.choosePassword.title })).toBeTruthy();
  });

  it('checks length and match before sending, then saves and goes on to the console', async () => {
    const bff = installFakeBff({
      'POST /api/password/choose': () => {
        setSession(demoSessions.energiStaff);
        return [204];
      },
      'GET /api/console/org/demo-energi/details': () => [200, demoOrganisations['demo-energi']],
    });
    setSession(oneTime);
    renderConsole('/console/choose-password');
    await passwordPageShown();
    fillPasswords('kort');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.choosePassword.submit })));
    expect(screen.getByText(en.newPassword.tooShort_other.replace('{{count}}', '12'))).toBeTruthy();
    fillPasswords('mitt-eget-lösenord', 'mitt-eget-lösenord!');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.choosePassword.submit })));
    expect(screen.getByText(en.newPassword.mismatch)).toBeTruthy();
    expect(bff.calls('POST', '/api/password/choose')).toHaveLength(0);

    fillPasswords('mitt-eget-lösenord');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.choosePassword.submit })));
    expect(bff.calls('POST', '/api/password/choose')[0]!.body).toEqual({ password: 'mitt-eget-lösenord' });
    await waitFor(() => expect(currentLocation().pathname).toBe('/console/org/demo-energi'));
  });

  it("shows the server's message when it refuses the password", async () => {
    installFakeBff({
      'POST /api/password/choose': () => [
        400,
        {
          error: 'bad_request',
          message: 'Invalid body.password',
          issues: [{ path: 'body.password', message: 'choose a password other than the one-time password' }],
        },
      ],
    });
    setSession(oneTime);
    renderConsole('/console/choose-password');
    await passwordPageShown();
    fillPasswords('abcd-efgh-jkmn-pqrs');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.choosePassword.submit })));
    expect(await screen.findByText('choose a password other than the one-time password')).toBeTruthy();
  });
});

describe('a mailed link', () => {
  it('sets the password with the token of the address fragment, then offers sign-in', async () => {
    const bff = installFakeBff({ 'POST /api/password/link': () => [204] });
    renderConsole('/console/set-password#token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ');
    await passwordPageShown();
    fillPasswords('mitt-eget-lösenord');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.setPassword.submit })));
    expect(bff.calls('POST', '/api/password/link')[0]!.body).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
      password: 'mitt-eget-lösenord',
    });
    expect(await screen.findByRole('heading', { level: 1, name: en.setPassword.doneTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.setPassword.signIn }).getAttribute('href')).toBe('/console');
  });

  it('says so when the link was used or expired', async () => {
    installFakeBff({
      'POST /api/password/link': () => [
        400,
        { error: 'link_invalid', message: 'This link has expired or has already been used.' },
      ],
    });
    renderConsole('/console/set-password#token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ');
    await passwordPageShown();
    fillPasswords('mitt-eget-lösenord');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.setPassword.submit })));
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired or has already been used.');
  });

  it('without a token, points to asking for a new link (in Swedish too)', async () => {
    renderConsole('/console/set-password', { lng: 'sv' });
    expect((await screen.findByRole('alert')).textContent).toContain(sv.setPassword.noToken);
    expect(screen.getByRole('link', { name: sv.setPassword.askAgain }).getAttribute('href')).toBe(
      '/console/forgot-password',
    );
  });
});

describe('Forgot password?', () => {
  it('is linked from the sign-in page and answers the same for any address', async () => {
    const bff = installFakeBff({ 'POST /api/password/forgot': () => [202, { message: 'If the address …' }] });
    renderConsole('/console');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: en.signIn.forgotPassword })));
    expect(currentLocation().pathname).toBe('/console/forgot-password');
    fireEvent.change(await screen.findByLabelText(en.signIn.email), { target: { value: 'not an email' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.forgotPassword.submit })));
    expect(screen.getByText(en.signIn.errors.invalidEmail)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.signIn.email), { target: { value: 'Anna@Energi.demo.test' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.forgotPassword.submit })));
    expect(await screen.findByText(en.forgotPassword.sent)).toBeTruthy();
    expect(bff.calls('POST', '/api/password/forgot')[0]!.body).toEqual({ email: 'anna@energi.demo.test' });
  });

  it('says when too many links were asked for', async () => {
    installFakeBff({ 'POST /api/password/forgot': () => [429, { error: 'too_many_requests', message: 'Too many.' }] });
    renderConsole('/console/forgot-password');
    fireEvent.change(await screen.findByLabelText(en.signIn.email), { target: { value: 'anna@energi.demo.test' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.forgotPassword.submit })));
    expect((await screen.findByRole('alert')).textContent).toBe(en.forgotPassword.tooMany);
  });
});
