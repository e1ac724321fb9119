import { Route, Routes } from '@home-energy/shared/router';
import type { Session } from '@home-energy/shared';
import { createTestI18n, currentLocation, remoteTexts, renderRemote } from '@home-energy/shared/testing/render-remote';
import adminEn from '../../locales/en/admin.json';
import adminSv from '../../locales/sv/admin.json';
import { AdminRoutes } from '../app/admin-routes';

export const texts = remoteTexts('admin', adminEn, adminSv);

/**
 * The admin remote as the shell mounts it (console/admin/*), beside stand-ins for the console and the rest, at `path`.
 */
export function renderAdmin(path: string, { lng = 'en' }: { lng?: 'en' | 'sv' } = {}) {
  return renderRemote(
    path,
    <Routes>
      <Route path="console/admin/*" element={<AdminRoutes />} />
      <Route path="console/org/:org/*" element={<p>Console of the organisation</p>} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    createTestI18n('admin', texts, lng),
  );
}

function staff(
  id: string,
  name: string,
  email: string,
  superAdmin: boolean,
  impersonating?: { slug: string; name: string },
): Session {
  return {
    user: {
      kind: 'staff',
      id,
      name,
      email,
      superAdmin,
      admin: superAdmin,
      organisations: [],
      ...(impersonating ? { impersonating } : {}),
    },
    expires: '2030-01-01T00:00:00.000Z',
  };
}

export const sessions = {
  superAdmin: staff('1', 'Sara Superadmin', 'super@demo.test', true),
  impersonating: staff('1', 'Sara Superadmin', 'super@demo.test', true, { slug: 'demo-bank', name: 'Demo Bank' }),
};

export { currentLocation };
