import '../../../../testing/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { installFakeBff } from '@home-energy/shared/testing/fake-bff';
import { demoOrganisations, demoSessions } from '../../../../testing/demo-data';
import { setSession } from '../../../../testing/fake-session';
import { Route, Routes } from '@home-energy/shared/router';
import { renderRemote } from '@home-energy/shared/testing/render-remote';
import { ConsoleRoutes } from '../../../../app/console-routes';
import { createI18n, currentLocation, renderConsole, texts } from '../../../../testing/render-console';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const BANNER = 'Currently impersonating: Demo Bank – All saved changes will be published to live flows.';
const impersonating = {
  ...demoSessions.superAdmin,
  user: { ...demoSessions.superAdmin.user, impersonating: { slug: 'demo-bank', name: 'Demo Bank' } },
};

function consoleBff() {
  return installFakeBff({
    'GET /api/console/org/([^/]+)/details': (_r, m) =>
      demoOrganisations[m[1]]
        ? [200, demoOrganisations[m[1]]]
        : [404, { error: 'not_found', message: 'No such organisation.' }],
    'DELETE /api/admin/impersonation': () => [204],
  });
}

describe('the impersonation banner', () => {
  it('reads exactly as the spec says on every page of the console while impersonating', async () => {
    consoleBff();
    setSession(impersonating);
    renderConsole('/console/org/demo-bank/properties');
    const banner = await screen.findByRole('region', { name: texts.en.console.impersonation.label });
    expect(within(banner).getByText(BANNER)).toBeTruthy();
    expect(banner.textContent).toContain('\u2013');
    expect(within(banner).getByRole('button', { name: 'Stop impersonating' })).toBeTruthy();
    // The navigation has the organisation's user management one click away, and every page the super admin may open.
    const nav = screen.getByRole('navigation', { name: texts.en.console.nav.label });
    expect(within(nav).getByRole('link', { name: 'User management' }).getAttribute('href')).toBe(
      '/console/org/demo-bank/user-management',
    );
    expect(within(nav).getByRole('link', { name: 'All console users' }).getAttribute('href')).toBe(
      '/console/admin/user-management',
    );
    expect(within(nav).getByRole('link', { name: texts.en.console.nav.items.portfolio }).getAttribute('href')).toBe(
      '/console/org/demo-bank/portfolio',
    );
    // Pages still follow the real user: a super admin may open the super-admin-only ones.
    expect(await screen.findByRole('heading', { level: 1, name: 'Properties' })).toBeTruthy();
  });

  it('is not there for staff, nor for a super admin who is not impersonating', async () => {
    consoleBff();
    setSession(demoSessions.superAdmin);
    renderConsole('/console/org/demo-bank');
    await screen.findByRole('heading', { level: 1, name: 'Demo Bank' });
    expect(screen.queryByText(/Currently impersonating/)).toBeNull();
  });

  it('"Stop impersonating" ends it on the server and goes to /admin', async () => {
    const bff = consoleBff();
    setSession(impersonating);
    // The shell's routes around the console: /admin is the shell's redirect to the admin home.
    renderRemote(
      '/console/org/demo-bank',
      <Routes>
        <Route path="console/*" element={<ConsoleRoutes />} />
        <Route path="admin" element={<p>Admin home</p>} />
      </Routes>,
      createI18n(),
    );
    const stop = await screen.findByRole('button', { name: 'Stop impersonating' });
    await act(async () => fireEvent.click(stop));
    expect(bff.calls('DELETE', '/api/admin/impersonation')).toHaveLength(1);
    // It navigates once the DELETE has answered, which may be after the click's act.
    expect(await screen.findByText('Admin home')).toBeTruthy();
    expect(currentLocation().pathname).toBe('/admin');
  });

  it('speaks Swedish', async () => {
    consoleBff();
    setSession(impersonating);
    renderConsole('/console/org/demo-bank', { lng: 'sv' });
    expect(
      await screen.findByText('Agerar just nu som: Demo Bank – Alla sparade ändringar publiceras i de skarpa flödena.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sluta agera som organisation' })).toBeTruthy();
  });
});
