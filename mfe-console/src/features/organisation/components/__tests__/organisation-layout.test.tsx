import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { installDetailsFetch, jsonResponse } from '../../../../testing/fetch-answers';
import { setSession } from '../../../../testing/fake-session';
import { currentLocation, renderConsole, texts } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const en = texts.en.console;
let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = installDetailsFetch(demoOrganisations);
});

describe('the organisation layout', () => {
  it('shows a loading state while the organisation loads, then its home', async () => {
    let answer!: () => void;
    fetchMock.mockImplementationOnce(
      () => new Promise((resolve) => (answer = () => resolve(jsonResponse(200, demoOrganisations['demo-energi'])))),
    );
    setSession(demoSessions.energiStaff);
    renderConsole('/console/org/demo-energi');

    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    await act(async () => answer());

    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Energi' })).toBeTruthy();
    expect(screen.getByText(/^Welcome\. Here you follow what happens with the homes/)).toBeTruthy();
    expect(document.title).toBe('Demo Energi');
  });

  it('says "Organisation not found or not yours" for a 404, with a way to one of the user\'s own', async () => {
    // The BFF answers 404 for an organisation the user is not a member of.
    fetchMock = installDetailsFetch({ 'demo-energi': demoOrganisations['demo-energi'] });
    setSession(demoSessions.energiStaff);
    renderConsole('/console/org/demo-bank/users');

    expect(await screen.findByRole('heading', { level: 1, name: 'Organisation not found or not yours' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    const choose = screen.getByRole('link', { name: en.organisation.notFound.choose });
    expect(choose.getAttribute('href')).toBe('/console/org/demo-energi/org-select');
    expect(fetchMock.mock.calls[0][0].url).toBe('http://localhost/api/console/org/demo-bank/details');

    await act(async () => {
      fireEvent.click(choose);
    });
    expect(await screen.findByRole('heading', { level: 1, name: en.pages['org-select'].title })).toBeTruthy();
  });

  it('offers the console and the super admin pages when the user has no organisation to go to', async () => {
    setSession(demoSessions.superAdmin);
    renderConsole('/console/org/no-such-org');
    expect(await screen.findByRole('heading', { level: 1, name: en.organisation.notFound.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.organisation.notFound.console }).getAttribute('href')).toBe('/console');
    expect(screen.getByRole('link', { name: en.organisation.superAdmin }).getAttribute('href')).toBe('/console/admin');
  });

  it('says the organisation could not be loaded on a server error, and tries again', async () => {
    installDetailsFetch({ 'demo-energi': 500 });
    setSession(demoSessions.energiStaff);
    renderConsole('/console/org/demo-energi');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.organisation.loadFailed.title);

    installDetailsFetch(demoOrganisations);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en.organisation.loadFailed.retry }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Energi' })).toBeTruthy();
  });

  it('loads the other organisation when the address changes', async () => {
    setSession(demoSessions.multi);
    renderConsole('/console/org/demo-energi/org-select');
    const bank = await screen.findByRole('link', { name: 'Demo Bank' });
    await act(async () => {
      fireEvent.click(bank);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bank' })).toBeTruthy();
    expect(currentLocation().pathname).toBe('/console/org/demo-bank');
    // The details of each organisation, once (the home page's own figures come from …/overview).
    expect(
      fetchMock.mock.calls
        .map(([request]) => new URL(request.url).pathname)
        .filter((path) => path.endsWith('/details')),
    ).toEqual(['/api/console/org/demo-energi/details', '/api/console/org/demo-bank/details']);
  });

  it('answers an unknown page under the organisation with the not-found page', async () => {
    setSession(demoSessions.energiStaff);
    renderConsole('/console/org/demo-energi/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: texts.en.common.notFound.title })).toBeTruthy();
  });
});

describe('pages the rules do not allow', () => {
  it.each([
    ['staff@energi', demoSessions.energiStaff, 'demo-energi', 'configuration'],
    ['staff@energi', demoSessions.energiStaff, 'demo-energi', 'portfolio'],
    ['staff@energi', demoSessions.energiStaff, 'demo-energi', 'messages'],
    ['staff@energi', demoSessions.energiStaff, 'demo-energi', 'property_lookup'],
    ['staff@energi', demoSessions.energiStaff, 'demo-energi', 'user-management'],
    ['admin@bank', demoSessions.bankAdmin, 'demo-bank', 'validation'],
    ['installer staff', demoSessions.installerStaff, 'demo-installer', 'activities'],
  ] as const)(
    '%s opening %s/%s sees "You do not have access to this page", not the page',
    async (_who, session, org, page) => {
      setSession(session);
      renderConsole(`/console/org/${org}/${page}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
      ).toBeTruthy();
      expect(screen.queryByRole('heading', { level: 1, name: en.pages[page].title })).toBeNull();
      expect(screen.getByRole('link', { name: en.noAccess.home }).getAttribute('href')).toBe(`/console/org/${org}`);
    },
  );

  it.each([
    ['staff@energi', demoSessions.energiStaff, 'demo-energi', 'validation'],
    ['staff@energi', demoSessions.energiStaff, 'demo-energi', 'account'],
    ['admin@energi', demoSessions.energiAdmin, 'demo-energi', 'configuration'],
    ['admin@energi', demoSessions.energiAdmin, 'demo-energi', 'user-management'],
    ['installer staff', demoSessions.installerStaff, 'demo-installer', 'properties'],
    ['a super admin', demoSessions.superAdmin, 'demo-bank', 'portfolio'],
    ['a super admin', demoSessions.superAdmin, 'demo-bank', 'account'],
    // Super admins administer every organisation, even though the menu puts user management in their own group.
    ['a super admin', demoSessions.superAdmin, 'demo-energi', 'user-management'],
  ] as const)('%s opening %s/%s sees the page', async (_who, session, org, page) => {
    setSession(session);
    renderConsole(`/console/org/${org}/${page}`);
    expect(await screen.findByRole('heading', { level: 1, name: en.pages[page].title })).toBeTruthy();
    expect(screen.queryByText(en.noAccess.title)).toBeNull();
  });

  it('speaks Swedish', async () => {
    setSession(demoSessions.energiStaff);
    renderConsole('/console/org/demo-energi/configuration', { lng: 'sv' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Du har inte behörighet till den här sidan' }),
    ).toBeTruthy();
  });
});

describe('the organisation picker (org-select)', () => {
  it("lists the user's organisations as links to their homes", async () => {
    setSession(demoSessions.multi);
    renderConsole('/console/org/demo-energi/org-select');
    expect(await screen.findByRole('heading', { level: 1, name: en.pages['org-select'].title })).toBeTruthy();
    const main = screen.getByRole('heading', { level: 1 }).closest('section')!;
    const links = Array.from(main.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Demo Energi', '/console/org/demo-energi'],
      ['Demo Bank', '/console/org/demo-bank'],
    ]);
    expect(screen.getByRole('link', { name: 'Demo Energi', current: true })).toBeTruthy();
  });

  it('gives super admins a link to the super admin pages as well', async () => {
    setSession(demoSessions.superAdminWithOrganisations);
    renderConsole('/console/org/demo-bank/org-select');
    expect(await screen.findByRole('heading', { level: 1, name: en.pages['org-select'].title })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Demo Bank', current: true }).getAttribute('href')).toBe(
      '/console/org/demo-bank',
    );
    const page = screen.getByRole('heading', { level: 1 }).closest('section')!;
    const admin = within(page).getByRole('link', { name: en.organisation.superAdmin });
    expect(admin.getAttribute('href')).toBe('/console/admin');
    await act(async () => {
      fireEvent.click(admin);
    });
    await waitFor(() => expect(screen.getByText('Super admin remote')).toBeTruthy());
  });
});
