import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Session } from '@home-energy/shared';
import { installFakeBff, type FakeRoute } from '@home-energy/shared/testing/fake-bff';
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

  it.each([
    ['en', en],
    ['sv', sv],
  ] as const)("says the server's refusal of the password in the page's language (%s)", async (lng, words) => {
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
    renderConsole('/console/choose-password', { lng });
    await screen.findByLabelText(words.newPassword.password);
    fireEvent.change(screen.getByLabelText(words.newPassword.password), { target: { value: 'abcd-efgh-jkmn-pqrs' } });
    fireEvent.change(screen.getByLabelText(words.newPassword.repeat), { target: { value: 'abcd-efgh-jkmn-pqrs' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: words.choosePassword.submit })));
    expect(await screen.findByText(words.newPassword.notOneTime)).toBeTruthy();
  });
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const linkState =
  (state: string): FakeRoute =>
  () => [200, { state }];

describe('a mailed link', () => {
  it("asks the link's state, then sets the password with the fragment's token and offers sign-in", async () => {
    const bff = installFakeBff({
      'POST /api/password/link/state': linkState('valid'),
      'POST /api/password/link': () => [204],
    });
    renderConsole(`/console/set-password#token=${TOKEN}`);
    await passwordPageShown();
    expect(bff.calls('POST', '/api/password/link/state')[0]!.body).toEqual({ token: TOKEN });
    fillPasswords('mitt-eget-lösenord');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.setPassword.submit })));
    expect(bff.calls('POST', '/api/password/link')[0]!.body).toEqual({ token: TOKEN, password: 'mitt-eget-lösenord' });
    expect(await screen.findByRole('heading', { level: 1, name: en.setPassword.doneTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.setPassword.signIn }).getAttribute('href')).toBe('/console');
  });

  it('says at once that a used link was used, with no form, and offers sign-in or a new link', async () => {
    const bff = installFakeBff({ 'POST /api/password/link/state': linkState('used') });
    renderConsole(`/console/set-password#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: en.setPassword.usedTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(en.setPassword.used);
    expect(screen.queryByLabelText(en.newPassword.password)).toBeNull();
    expect(screen.getByRole('link', { name: en.setPassword.signIn }).getAttribute('href')).toBe('/console');
    expect(screen.getByRole('link', { name: en.setPassword.askAgain }).getAttribute('href')).toBe(
      '/console/forgot-password',
    );
    expect(document.title).toBe(en.setPassword.usedTitle);
    expect(bff.calls('POST', '/api/password/link')).toHaveLength(0);
  });

  it('says at once that an expired link has expired, in Swedish', async () => {
    installFakeBff({ 'POST /api/password/link/state': linkState('expired') });
    renderConsole(`/console/set-password#token=${TOKEN}`, { lng: 'sv' });
    expect(await screen.findByRole('heading', { level: 1, name: sv.setPassword.expiredTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(sv.setPassword.expired);
    expect(screen.queryByLabelText(sv.newPassword.password)).toBeNull();
    expect(screen.getByRole('link', { name: sv.setPassword.askAgain }).getAttribute('href')).toBe(
      '/console/forgot-password',
    );
  });

  it('says a token the server never issued does not work, and when too many were tried', async () => {
    installFakeBff({ 'POST /api/password/link/state': () => [404, { error: 'not_found', message: 'Not ours.' }] });
    const { unmount } = renderConsole(`/console/set-password#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: en.setPassword.unknownTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(en.setPassword.unknown);
    unmount();
    installFakeBff({ 'POST /api/password/link/state': () => [429, { error: 'too_many_requests', message: 'Later.' }] });
    renderConsole(`/console/set-password#token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(en.setPassword.tooMany);
    expect(screen.queryByLabelText(en.newPassword.password)).toBeNull();
  });

  it('shows the form when the state cannot be asked (the server down): saving then says what went wrong', async () => {
    installFakeBff({
      'POST /api/password/link/state': () => [503, { error: 'unavailable', message: 'Down.' }],
      'POST /api/password/link': () => [503, { error: 'unavailable', message: 'The service is down.' }],
    });
    renderConsole(`/console/set-password#token=${TOKEN}`);
    await passwordPageShown();
    fillPasswords('mitt-eget-lösenord');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.setPassword.submit })));
    expect((await screen.findByRole('alert')).textContent).toBe('The service is down.');
  });

  it('a link used elsewhere after the page opened: saving is refused and the page then says it was used', async () => {
    let state = 'valid';
    installFakeBff({
      'POST /api/password/link/state': () => [200, { state }],
      'POST /api/password/link': () => {
        state = 'used';
        return [400, { error: 'link_invalid', message: 'This link has expired or has already been used.' }];
      },
    });
    renderConsole(`/console/set-password#token=${TOKEN}`);
    await passwordPageShown();
    fillPasswords('mitt-eget-lösenord');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.setPassword.submit })));
    expect(await screen.findByRole('heading', { level: 1, name: en.setPassword.usedTitle })).toBeTruthy();
    expect(screen.queryByLabelText(en.newPassword.password)).toBeNull();
  });

  it('without a token, points to asking for a new link without asking the server (in Swedish too)', async () => {
    const bff = installFakeBff({});
    renderConsole('/console/set-password', { lng: 'sv' });
    expect((await screen.findByRole('alert')).textContent).toBe(sv.setPassword.incomplete);
    expect(screen.getByRole('link', { name: sv.setPassword.askAgain }).getAttribute('href')).toBe(
      '/console/forgot-password',
    );
    expect(bff.requests.filter((r) => r.path.startsWith('/api/password'))).toEqual([]);
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
