// The auth client as the remotes reach it: the package entry ('@home-energy/shared') and the auth/session module are
// one client with one session context, whichever of the two a component imports from.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { authNavigation } from '../client';
import * as auth from '../session';
import { alice, createFakeBff, storageEventFromAnotherTab, type FakeBff } from './fake-bff';

type Entry = typeof import('../../index');

let entry: Entry;
let bff: FakeBff;

beforeAll(async () => {
  // The package entry loads react-router (needs TextEncoder) and RTK Query (warns without fetch); jsdom has neither.
  const { TextEncoder, TextDecoder } = jest.requireActual<typeof import('node:util')>('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder, fetch: jest.fn() });
  entry = await import('../../index');
});

beforeEach(() => {
  window.history.replaceState(null, '', '/console/admin');
  localStorage.clear();
  bff = createFakeBff();
  bff.install();
  jest.spyOn(authNavigation, 'navigate').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  expect(bff.problems).toEqual([]);
  jest.restoreAllMocks();
});

const credentials = { redirect: false, email: alice.user.email, password: 'correct horse' };

/** Reads the session through auth/session and signs in and out through the package entry. */
function Who() {
  const { status, data } = auth.useSession();
  return (
    <>
      <output data-testid="who">{`${status}:${data?.user.name ?? ''}`}</output>
      <button type="button" onClick={() => void entry.signIn('credentials', credentials)}>
        Sign in
      </button>
      <button type="button" onClick={() => void entry.signOut({ redirect: false })}>
        Sign out
      </button>
    </>
  );
}

function renderUnderEntryProvider() {
  return render(
    <entry.SessionProvider>
      <Who />
    </entry.SessionProvider>,
  );
}

it('signing in and out through the entry shows in a component reading useSession from auth/session', async () => {
  renderUnderEntryProvider();
  expect(await screen.findByText('unauthenticated:')).toBeTruthy();

  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
  expect(await screen.findByText('authenticated:Alice Admin')).toBeTruthy();

  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
  expect(await screen.findByText('unauthenticated:')).toBeTruthy();
  expect(bff.state.session).toBeNull();
});

it('another tab signing out, told under the entry’s broadcast key, signs this tab out too', async () => {
  bff.state.session = alice;
  renderUnderEntryProvider();
  expect(await screen.findByText('authenticated:Alice Admin')).toBeTruthy();

  bff.state.session = null;
  await act(async () => storageEventFromAnotherTab('signout', entry.SESSION_BROADCAST_KEY));
  expect(await screen.findByText('unauthenticated:')).toBeTruthy();
});

it('the entry’s getSession, getCsrfToken and getProviders answer what the BFF holds', async () => {
  bff.state.session = alice;
  await expect(entry.getSession()).resolves.toEqual(alice);
  await expect(entry.getCsrfToken()).resolves.toBe(bff.state.csrfToken);
  const providers = await entry.getProviders();
  expect(Object.keys(providers ?? {})).toEqual(['credentials', 'idp']);
});
