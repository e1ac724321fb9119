import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import common from '@home-energy/shared/locales/en/common.json';
import type { BrandConfigResponse, Registry, Session, SessionContextValue } from '@home-energy/shared';

// jsdom lacks TextEncoder, which react-router needs at load time: set it before loading anything that imports it.
const { TextEncoder, TextDecoder } =
  jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder, fetch: jest.fn() });

const mockSignOut = jest.fn();
let mockSession: SessionContextValue = { data: null, status: 'unauthenticated', update: async () => null };
// The footer's release list and the demo flag come from the boot registry fetch; each test says what it answered.
let mockRegistry: Registry | null = null;
// The brand config of the page (GET /api/flow/brand-config), undefined while it loads.
let mockBrand: BrandConfigResponse | undefined;
jest.mock('../../remotes/use-active-releases', () => ({ useActiveReleases: () => mockRegistry }));
jest.mock('@home-energy/shared', () => ({
  ...jest.requireActual<object>('@home-energy/shared'),
  useSession: () => mockSession,
  useBrandConfig: () => mockBrand,
  signOut: (...args: unknown[]) => mockSignOut(...args),
}));

const staff: Session = {
  user: {
    kind: 'staff',
    id: 'u-energi-staff',
    name: 'Energi Staff',
    email: 'staff@energi.demo.test',
    superAdmin: false,
    admin: false,
    organisations: [{ slug: 'demo-energi', name: 'Demo Energi', role: 'staff' }],
  },
  expires: '2030-01-01T00:00:00.000Z',
};

function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

async function renderLayout(path: string) {
  const { MemoryRouter, Route, Routes, useLocation } = await import('@home-energy/shared/router');
  const { ToastProvider } = await import('@home-energy/shared');
  const { ShellLayout } = await import('../shell-layout');
  function Where(): ReactNode {
    return <p data-testid="where">{useLocation().pathname}</p>;
  }
  render(
    <I18nextProvider i18n={createI18n()}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<ShellLayout />}>
              <Route path="*" element={<Where />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </I18nextProvider>,
  );
  return within(screen.getByRole('navigation', { name: common.nav.label }));
}

beforeEach(() => {
  mockRegistry = null;
  mockBrand = undefined;
  mockSignOut.mockReset();
  mockSession = { data: null, status: 'unauthenticated', update: async () => null };
});

describe('the shell header', () => {
  it('shows the signed-in user, a Console link to /console and a Sign out button', async () => {
    mockSession = { data: staff, status: 'authenticated', update: async () => staff };
    const nav = await renderLayout('/console/org/demo-energi');
    expect(nav.getByText('Energi Staff')).toBeTruthy();
    expect(nav.getByText('(staff@energi.demo.test)')).toBeTruthy();
    expect(nav.getByRole('link', { name: common.nav.console }).getAttribute('href')).toBe('/console');
    expect(nav.getByRole('button', { name: common.nav.signOut })).toBeTruthy();
    expect(nav.queryByRole('link', { name: common.nav.signIn })).toBeNull();
  });

  it('signs out with a full page load to the staff sign-in, showing a busy button meanwhile', async () => {
    mockSession = { data: staff, status: 'authenticated', update: async () => staff };
    mockSignOut.mockReturnValue(new Promise<undefined>(() => undefined)); // the real one navigates away
    const nav = await renderLayout('/console/org/demo-energi/users');

    await act(async () => {
      fireEvent.click(nav.getByRole('button', { name: common.nav.signOut }));
    });
    expect(mockSignOut).toHaveBeenCalledWith({ callbackUrl: '/console' });
    expect(nav.getByRole('button', { name: common.nav.signingOut })).toHaveProperty('disabled', true);
  });

  it('stays and says so when signing out fails', async () => {
    mockSession = { data: staff, status: 'authenticated', update: async () => staff };
    mockSignOut.mockRejectedValue(new TypeError('Failed to fetch'));
    const nav = await renderLayout('/console/org/demo-energi');
    await act(async () => {
      fireEvent.click(nav.getByRole('button', { name: common.nav.signOut }));
    });
    expect(await screen.findByText(common.nav.signOutFailed)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/console/org/demo-energi');
    expect(nav.getByRole('button', { name: common.nav.signOut })).toHaveProperty('disabled', false);
  });

  it('shows nothing extra to a signed-out visitor under /console (the page is the sign-in form)', async () => {
    const nav = await renderLayout('/console');
    expect(nav.queryByRole('link', { name: common.nav.signIn })).toBeNull();
    expect(nav.queryByRole('link', { name: common.nav.console })).toBeNull();
    expect(nav.queryByRole('button', { name: common.nav.signOut })).toBeNull();
    expect(screen.getByRole('link', { name: common.product.home }).getAttribute('href')).toBe('/console');
  });

  it('keeps the homeowner Sign in link outside /console, bringing them back to this page', async () => {
    const nav = await renderLayout('/flow/start');
    expect(nav.getByRole('link', { name: common.nav.signIn }).getAttribute('href')).toBe(
      '/sign?redirect=%2Fflow%2Fstart',
    );
    expect(nav.queryByRole('button', { name: common.nav.signOut })).toBeNull();
  });
  it('folds its links behind a Menu button that says whether they are shown', async () => {
    mockSession = { data: staff, status: 'authenticated', update: async () => staff };
    const nav = await renderLayout('/console/org/demo-energi');
    const menu = screen.getByRole('button', { name: common.nav.menu });
    expect(menu.getAttribute('aria-controls')).toBe(screen.getByRole('navigation', { name: common.nav.label }).id);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: common.nav.label }).className).toContain('he-topbar__nav--open');
    // Going to another page folds them away again.
    await act(async () => {
      fireEvent.click(nav.getByRole('link', { name: common.nav.findHome }));
    });
    expect(screen.getByRole('button', { name: common.nav.menu }).getAttribute('aria-expanded')).toBe('false');
  });
  it('folds the open menu on Escape and hands the focus back to its button', async () => {
    mockSession = { data: staff, status: 'authenticated', update: async () => staff };
    const nav = await renderLayout('/console/org/demo-energi');
    const menu = screen.getByRole('button', { name: common.nav.menu });
    fireEvent.click(menu);
    nav.getByRole('link', { name: common.nav.findHome }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });
});

describe('the brand in the header', () => {
  const header = () => within(screen.getByRole('banner'));

  it('shows the active brand’s name and logo instead of the product’s, in the link’s name and alt text', async () => {
    mockBrand = { brand: 'demo-bank', config: { name: 'Demo Bank', logo: '/brands/demo-bank.svg', accent: '#1d4f91' } };
    await renderLayout('/');
    const link = header().getByRole('link', { name: 'Demo Bank – start page' });
    expect(link.textContent).toBe('Demo Bank');
    expect(within(link).getByRole('img', { name: 'Demo Bank logo' }).getAttribute('src')).toBe('/brands/demo-bank.svg');
    expect(header().queryByText(common.product.name)).toBeNull();
  });

  it('shows the product while the brand loads', async () => {
    await renderLayout('/');
    expect(header().getByRole('link', { name: common.product.home }).textContent).toBe(common.product.name);
  });

  it('keeps the product’s mark in the staff console whatever brand the browser came through', async () => {
    mockBrand = { brand: 'demo-bank', config: { name: 'Demo Bank' } };
    await renderLayout('/console/org/demo-energi');
    expect(header().getByRole('link', { name: common.product.home })).toBeTruthy();
    expect(header().queryByText('Demo Bank')).toBeNull();
  });
});

describe('the demo mark', () => {
  it('tells every visitor of a demo server that it runs on test data', async () => {
    mockRegistry = {
      demo: true,
      remotes: [
        {
          name: 'mfe_flow',
          package: 'mfe-flow',
          version: '1.0.0-abc',
          entry: 'http://x/mfe/mfe-flow/1.0.0-abc/mf-manifest.json',
          routes: [{ path: '*' }],
        },
      ],
    };
    await renderLayout('/');
    const note = screen.getByRole('note');
    expect(note.textContent).toContain(common.demo.badge);
    expect(note.textContent).toContain(common.demo.note);
  });

  it('is absent on a production server', async () => {
    mockRegistry = { remotes: [] };
    await renderLayout('/');
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('the footer', () => {
  it('keeps the running releases behind "About this version", not in the footer line', async () => {
    mockRegistry = {
      remotes: [
        {
          name: 'mfe_flow',
          package: 'mfe-flow',
          version: '1.0.0-abc',
          entry: 'http://x/mfe/mfe-flow/1.0.0-abc/mf-manifest.json',
          routes: [{ path: '*' }],
        },
      ],
    };
    await renderLayout('/');
    const releases = screen.getByTestId('releases');
    expect(releases.textContent).toBe('mfe-flow 1.0.0-abc');
    const details = releases.closest('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText(common.footer.aboutVersion).tagName).toBe('SUMMARY');
  });
});
