import '../../../../testing/setup-dom';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from '@home-energy/shared/router';
import type { Session } from '@home-energy/shared';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { installDetailsFetch } from '../../../../testing/fetch-answers';
import { setSession } from '../../../../testing/fake-session';
import { createI18n, currentLocation, renderConsole, SERVED_REGISTRY, texts } from '../../../../testing/render-console';
import { MenuLink } from '../menu-link';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const items = texts.en.console.nav.items;
const groups = texts.en.console.nav.groups;

beforeEach(() => {
  installDetailsFetch(demoOrganisations);
});

async function openConsole(session: Session, org: string, lng: 'en' | 'sv' = 'en', registry = SERVED_REGISTRY) {
  setSession(session);
  renderConsole(`/console/org/${org}`, { lng, registry });
  const nav = await screen.findByRole('navigation', { name: texts[lng].console.nav.label });
  return nav;
}

function groupHeadings(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
}

/** The item links of the navigation (not the group headings, not the organisation's home). */
function itemLinks(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('listitem')
    .map((li) => within(li).getByRole('link'));
}

function itemNames(nav: HTMLElement) {
  return itemLinks(nav).map((a) => a.textContent);
}

describe('the console navigation', () => {
  it('staff@energi sees Properties to Validation, not Configuration, Portfolio or Messages', async () => {
    const nav = await openConsole(demoSessions.energiStaff, 'demo-energi');
    expect(groupHeadings(nav)).toEqual([groups.analytics, groups.flow, groups.account]);
    expect(itemNames(nav)).toEqual([
      items.properties,
      items.activities,
      items.users,
      items.transition,
      items.validation,
      items.account,
      items['org-select'],
    ]);
    for (const hidden of [
      items.configuration,
      items.portfolio,
      items.messages,
      items.property_lookup,
      items['user-management'],
    ]) {
      expect(within(nav).queryByRole('link', { name: hidden })).toBeNull();
    }
    expect(within(nav).getByRole('link', { name: items.properties }).getAttribute('href')).toBe(
      '/console/org/demo-energi/properties',
    );
    expect(within(nav).getByRole('link', { name: items.validation }).getAttribute('href')).toBe(
      '/console/org/demo-energi/validation',
    );
  });

  it('admin@energi also gets Configuration and User management', async () => {
    const nav = await openConsole(demoSessions.energiAdmin, 'demo-energi');
    expect(itemNames(nav)).toEqual([
      items.properties,
      items.activities,
      items.users,
      items.transition,
      items.configuration,
      items.validation,
      items.account,
      items['org-select'],
      items['user-management'],
      items['data-access'],
    ]);
  });

  it('admin@bank has no Validation (no platform_validation)', async () => {
    const nav = await openConsole(demoSessions.bankAdmin, 'demo-bank');
    expect(groupHeadings(nav)).toEqual([groups.analytics, groups.flow, groups.account]);
    expect(within(nav).queryByRole('link', { name: items.validation })).toBeNull();
    expect(within(nav).getByRole('link', { name: items.configuration })).toBeTruthy();
  });

  it('installer staff sees only Properties and their Requests, and no Flow', async () => {
    const nav = await openConsole(demoSessions.installerStaff, 'demo-installer');
    expect(groupHeadings(nav)).toEqual([groups.analytics, groups.account]);
    expect(itemNames(nav)).toEqual([items.properties, items.requests, items.account, items['org-select']]);
  });

  it('a super admin sees Portfolio, Property lookup, Messages and the Super Admin group, not Account', async () => {
    const nav = await openConsole(demoSessions.superAdmin, 'demo-energi');
    expect(groupHeadings(nav)).toEqual([groups.analytics, groups.flow, groups.knowledgeBase, groups.superAdmin]);
    expect(itemNames(nav)).toEqual([
      items.properties,
      items.activities,
      items.users,
      items.transition,
      items.portfolio,
      items.property_lookup,
      items.configuration,
      items.validation,
      items.messages,
      items['super-account'],
      items.admin,
      items['admin-user-management'],
      items.outbox,
    ]);
    expect(within(nav).queryByRole('link', { name: items['org-select'] })).toBeNull();
    expect(within(nav).getByRole('link', { name: items.admin }).getAttribute('href')).toBe('/console/admin');
    expect(within(nav).getByRole('link', { name: items['admin-user-management'] }).getAttribute('href')).toBe(
      '/console/admin/user-management',
    );
    expect(within(nav).getByRole('link', { name: items.outbox }).getAttribute('href')).toBe('/console/admin/outbox');
  });

  it("links the super admin's pages where the served release of mfe-admin has them, and none it lacks", async () => {
    const [admin] = SERVED_REGISTRY.remotes;
    const moved = {
      remotes: [
        {
          ...admin!,
          version: '2.0.0',
          routes: [{ path: 'console/platform/*' }],
          pageRoutes: [
            { index: true, page: 'organisations' },
            { path: 'mail/outbox', page: 'outbox' },
          ],
        },
      ],
    };
    const nav = await openConsole(demoSessions.superAdmin, 'demo-energi', 'en', moved);
    const superAdminGroup = within(nav).getByRole('heading', { name: groups.superAdmin }).parentElement!;
    expect(
      within(superAdminGroup)
        .getAllByRole('listitem')
        .map((li) => [li.textContent, within(li).getByRole('link').getAttribute('href')]),
    ).toEqual([
      [items['super-account'], '/console/org/demo-energi/account'],
      [items.admin, '/console/platform'],
      [items.outbox, '/console/platform/mail/outbox'],
    ]);
  });

  it('a super admin impersonating the organisation sees every page they may open, user management too', async () => {
    const impersonating = {
      ...demoSessions.superAdmin,
      user: { ...demoSessions.superAdmin.user, impersonating: { slug: 'demo-energi', name: 'Demo Energi' } },
    };
    const nav = await openConsole(impersonating, 'demo-energi');
    expect(groupHeadings(nav)).toEqual([
      groups.analytics,
      groups.flow,
      groups.knowledgeBase,
      groups.account,
      groups.superAdmin,
    ]);
    expect(itemNames(nav)).toEqual([
      items.properties,
      items.activities,
      items.users,
      items.transition,
      items.portfolio,
      items.property_lookup,
      items.configuration,
      items.validation,
      items.messages,
      items['user-management'],
      items['data-access'],
      items['super-account'],
      items.admin,
      items['admin-user-management'],
      items.outbox,
    ]);
    expect(within(nav).getByRole('link', { name: items.portfolio }).getAttribute('href')).toBe(
      '/console/org/demo-energi/portfolio',
    );
    expect(within(nav).getByRole('link', { name: items.messages }).getAttribute('href')).toBe(
      '/console/org/demo-energi/messages',
    );
  });

  it('a group heading is a link to its first permitted item', async () => {
    const nav = await openConsole(demoSessions.energiStaff, 'demo-energi');
    const flow = within(nav).getByRole('link', { name: groups.flow });
    expect(flow.closest('h2')).toBeTruthy();
    expect(flow.getAttribute('href')).toBe('/console/org/demo-energi/validation');
    expect(within(nav).getByRole('link', { name: groups.analytics }).getAttribute('href')).toBe(
      '/console/org/demo-energi/properties',
    );

    await act(async () => {
      fireEvent.click(flow);
    });
    expect(currentLocation().pathname).toBe('/console/org/demo-energi/validation');
    expect(
      await screen.findByRole('heading', { level: 1, name: texts.en.console.pages.validation.title }),
    ).toBeTruthy();
  });

  it('the Super Admin heading opens the super admin account page', async () => {
    const nav = await openConsole(demoSessions.superAdmin, 'demo-bank');
    expect(within(nav).getByRole('link', { name: groups.superAdmin }).getAttribute('href')).toBe(
      '/console/org/demo-bank/account',
    );
  });

  it('marks the current page', async () => {
    setSession(demoSessions.energiStaff);
    renderConsole('/console/org/demo-energi/users');
    const nav = await screen.findByRole('navigation', { name: texts.en.console.nav.label });
    expect(within(nav).getByRole('link', { name: items.users }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: items.properties }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Demo Energi' }).getAttribute('href')).toBe(
      '/console/org/demo-energi',
    );
  });

  it('speaks Swedish', async () => {
    const nav = await openConsole(demoSessions.superAdmin, 'demo-energi', 'sv');
    const sv = texts.sv.console.nav;
    expect(groupHeadings(nav)).toEqual([
      sv.groups.analytics,
      sv.groups.flow,
      sv.groups.knowledgeBase,
      sv.groups.superAdmin,
    ]);
    expect(within(nav).getByRole('link', { name: sv.items.property_lookup })).toBeTruthy();
  });
});

describe('MenuLink', () => {
  function renderLink(href: string) {
    render(
      <I18nextProvider i18n={createI18n()}>
        <MemoryRouter>
          <MenuLink href={href} highlightActive>
            Help centre
          </MenuLink>
        </MemoryRouter>
      </I18nextProvider>,
    );
    return screen.getByRole('link');
  }

  it('opens external http(s) paths in a new tab, safely', () => {
    const link = renderLink('https://help.example.com/console');
    expect(link.getAttribute('href')).toBe('https://help.example.com/console');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe(`Help centre ${texts.en.console.nav.opensInNewTab}`);
  });

  it('keeps console paths in the app', () => {
    const link = renderLink('/console/org/demo-energi/users');
    expect(link.getAttribute('href')).toBe('/console/org/demo-energi/users');
    expect(link.getAttribute('target')).toBeNull();
  });
});

describe('the top bar', () => {
  function topBar() {
    return screen.getByRole('navigation', { name: texts.en.console.nav.topBar });
  }

  it('shows the groups the rules allow, each opening its first permitted page, the open group marked', async () => {
    setSession(demoSessions.energiStaff);
    renderConsole('/console/org/demo-energi/validation');
    await screen.findByRole('navigation', { name: texts.en.console.nav.label });
    const links = within(topBar()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      [groups.analytics, '/console/org/demo-energi/properties', null],
      [groups.flow, '/console/org/demo-energi/validation', 'true'],
      [groups.account, '/console/org/demo-energi/account', null],
    ]);
    await act(async () => {
      fireEvent.click(links[0]!);
    });
    expect(currentLocation().pathname).toBe('/console/org/demo-energi/properties');
    expect(within(topBar()).getByRole('link', { name: groups.analytics }).getAttribute('aria-current')).toBe('true');
  });

  it('installer staff get Analytics (properties only) and Account; super admins the Super Admin group', async () => {
    setSession(demoSessions.installerStaff);
    const { unmount } = renderConsole('/console/org/demo-installer');
    await screen.findByRole('navigation', { name: texts.en.console.nav.label });
    expect(
      within(topBar())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([groups.analytics, groups.account]);
    unmount();
    setSession(demoSessions.superAdmin);
    renderConsole('/console/org/demo-bank');
    await screen.findByRole('navigation', { name: texts.en.console.nav.label });
    expect(
      within(topBar())
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      [groups.analytics, '/console/org/demo-bank/properties'],
      [groups.flow, '/console/org/demo-bank/configuration'],
      [groups.knowledgeBase, '/console/org/demo-bank/messages'],
      [groups.superAdmin, '/console/org/demo-bank/account'],
    ]);
  });

  it('the Menu button shows and hides the side navigation on small screens', async () => {
    setSession(demoSessions.energiStaff);
    renderConsole('/console/org/demo-energi');
    const side = await screen.findByRole('navigation', { name: texts.en.console.nav.label });
    const menu = screen.getByRole('button', { name: texts.en.console.nav.menu });
    expect(menu.getAttribute('aria-controls')).toBe(side.id);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(side.parentElement!.className).toContain('cn-layout--menu-open');
    // Going to a page folds it away again.
    await act(async () => {
      fireEvent.click(within(side).getByRole('link', { name: items.users }));
    });
    expect(screen.getByRole('button', { name: texts.en.console.nav.menu }).getAttribute('aria-expanded')).toBe('false');
  });
});
