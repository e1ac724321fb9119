import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { installDetailsFetch } from '../../../../testing/fetch-answers';
import { setSession } from '../../../../testing/fake-session';
import { mockSignIn } from '../../../../testing/mock-shared';
import { currentLocation, renderConsole, texts } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const en = texts.en.console;
let fetchMock: jest.Mock;

beforeEach(() => {
  mockSignIn.mockReset();
  setSession(null);
  fetchMock = installDetailsFetch(demoOrganisations);
});

describe('the session guard of /console/org/:org/*', () => {
  it.each([
    '/console/org/demo-energi',
    '/console/org/demo-energi/users?period=2025',
    '/console/org/unknown/org-select',
  ])('sends a signed-out visitor of %s to /console with the path as callbackUrl (replace)', async (path) => {
    renderConsole(path);
    await waitFor(() => expect(currentLocation().pathname).toBe('/console'));
    const location = currentLocation();
    expect(location.searchParams.get('callbackUrl')).toBe(path);
    expect(location.searchParams.get('error')).toBe('SessionRequired');
    expect(screen.getByTestId('location').dataset.navigation).toBe('REPLACE');
    expect(screen.getByText(en.signIn.sessionRequired)).toBeTruthy();
    expect(screen.getByLabelText(en.signIn.email)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('waits with a loading state while the session is read, then redirects', async () => {
    setSession('loading');
    renderConsole('/console/org/demo-energi/users');
    expect(screen.getByRole('status').textContent).toBe(texts.en.common.loading);
    expect(currentLocation().pathname).toBe('/console/org/demo-energi/users');
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => setSession(null));
    await waitFor(() => expect(currentLocation().pathname).toBe('/console'));
    expect(currentLocation().searchParams.get('callbackUrl')).toBe('/console/org/demo-energi/users');
  });

  it('shows the page once the session is there', async () => {
    setSession('loading');
    renderConsole('/console/org/demo-energi/users');
    act(() => setSession(demoSessions.energiStaff));
    expect(await screen.findByRole('heading', { level: 1, name: en.pages.users.title })).toBeTruthy();
    expect(currentLocation().pathname).toBe('/console/org/demo-energi/users');
  });

  it('brings the visitor back to the page after signing in', async () => {
    mockSignIn.mockImplementation(async () => {
      setSession(demoSessions.energiStaff);
      return { error: null, status: 200, ok: true, url: 'http://localhost/console/org/demo-energi/users' };
    });
    renderConsole('/console/org/demo-energi/users');
    await screen.findByLabelText(en.signIn.email);

    fireEvent.change(screen.getByLabelText(en.signIn.email), { target: { value: 'staff@energi.demo.test' } });
    fireEvent.change(screen.getByLabelText(en.signIn.password), { target: { value: 'energy-demo-2026' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en.signIn.submit }));
    });

    expect(await screen.findByRole('heading', { level: 1, name: en.pages.users.title })).toBeTruthy();
    expect(currentLocation().pathname).toBe('/console/org/demo-energi/users');
    expect(mockSignIn.mock.calls[0][1].callbackUrl).toBe('/console/org/demo-energi/users');
  });

  it('sends the user to sign in when the session ends while on a page', async () => {
    setSession(demoSessions.energiStaff);
    renderConsole('/console/org/demo-energi/validation');
    expect(await screen.findByRole('heading', { level: 1, name: en.pages.validation.title })).toBeTruthy();

    act(() => setSession(null));
    await waitFor(() => expect(currentLocation().pathname).toBe('/console'));
    expect(currentLocation().searchParams.get('callbackUrl')).toBe('/console/org/demo-energi/validation');
  });
});
