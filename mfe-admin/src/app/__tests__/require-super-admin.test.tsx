import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Session } from '@home-energy/shared';
import admin from '../../../locales/en/admin.json';
import common from '@home-energy/shared/locales/en/common.json';

// jsdom lacks TextEncoder (react-router needs it at load time) and fetch (the session provider reads
// /api/auth/session).
const { TextEncoder, TextDecoder } =
  jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder, fetch: jest.fn(() => new Promise(() => undefined)) });

function session(superAdmin: boolean): Session {
  return {
    user: {
      kind: 'staff',
      id: 'u',
      name: 'Someone',
      email: 'someone@demo.test',
      superAdmin,
      admin: false,
      organisations: [],
    },
    expires: '2030-01-01T00:00:00.000Z',
  };
}

/** The admin remote's guard inside the real session provider, at `path`; `undefined` = the session is still loading. */
async function renderGuarded(path: string, known: Session | null | undefined) {
  const { MemoryRouter, Route, Routes, useLocation } = await import('@home-energy/shared/router');
  const { SessionProvider } = await import('@home-energy/shared');
  const { RequireSuperAdmin } = await import('../require-super-admin');
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    ns: ['common', 'admin'],
    defaultNS: 'common',
    resources: { en: { common, admin } },
    initAsync: false,
  });
  function Where(): ReactNode {
    const { pathname, search } = useLocation();
    return <p data-testid="where">{`${pathname}${search}`}</p>;
  }
  render(
    <I18nextProvider i18n={i18n}>
      <SessionProvider {...(known === undefined ? {} : { session: known })} refetchOnWindowFocus={false}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="console/admin/*" element={<RequireSuperAdmin>{<h1>Admin pages</h1>}</RequireSuperAdmin>} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </SessionProvider>
    </I18nextProvider>,
  );
}

describe('RequireSuperAdmin', () => {
  it('shows the admin pages to a super admin', async () => {
    await renderGuarded('/console/admin/releases', session(true));
    expect(screen.getByRole('heading', { level: 1, name: 'Admin pages' })).toBeTruthy();
  });

  it('shows a signed-in user who is not a super admin a no-access panel, without redirecting', async () => {
    await renderGuarded('/console/admin/releases', session(false));
    expect(screen.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.queryByText('Admin pages')).toBeNull();
    expect(screen.getByRole('link', { name: admin.noAccess.console }).getAttribute('href')).toBe('/console');
    expect(screen.getByTestId('where').textContent).toBe('/console/admin/releases');
  });

  it('sends a signed-out visitor to the staff sign-in with the path as callbackUrl', async () => {
    await renderGuarded('/console/admin/user-management', null);
    await waitFor(() => expect(screen.getByText('Elsewhere')).toBeTruthy());
    const where = new URL(screen.getByTestId('where').textContent ?? '', 'http://localhost');
    expect(where.pathname).toBe('/console');
    expect(where.searchParams.get('callbackUrl')).toBe('/console/admin/user-management');
  });

  it('shows a loading state while the session is read', async () => {
    await renderGuarded('/console/admin', undefined);
    expect(screen.getByRole('status').textContent).toBe(common.loading);
    expect(screen.getByTestId('where').textContent).toBe('/console/admin');
  });
});
