import { Route, Routes } from '@home-energy/shared/router';
import { createTestI18n, currentLocation, remoteTexts, renderRemote } from '@home-energy/shared/testing/render-remote';
import consoleEn from '../../locales/en/console.json';
import consoleSv from '../../locales/sv/console.json';
import { createAppStore, registryApi, type Registry } from '@home-energy/shared';
import { ConsoleRoutes } from '../app/console-routes';

export const texts = remoteTexts('console', consoleEn, consoleSv);

export function createI18n(lng: 'en' | 'sv' = 'en') {
  return createTestI18n('console', texts, lng);
}

/**
 * The registry as the shell has it in these tests: the release of mfe-admin served, with its mount and its pages by
 * id (the console's menu links the super admin's pages by them).
 */
export const SERVED_REGISTRY: Registry = {
  remotes: [
    {
      name: 'mfe_admin',
      package: 'mfe-admin',
      version: '1.0.0',
      entry: '/mfe/mfe-admin/1.0.0/mf-manifest.json',
      routes: [{ path: 'console/admin/*' }, { path: 'admin', redirect: '/console/admin' }],
      pageRoutes: [
        { index: true, page: 'organisations' },
        { path: 'user-management', page: 'user-management' },
        { path: 'outbox', page: 'outbox' },
        { path: '*', page: 'not-found' },
      ],
    },
  ],
};

/**
 * The console as the shell mounts it (console/*, with console/admin/* owned by another remote), at `path`, with the
 * registry the shell put in the store (`registry`, SERVED_REGISTRY unless given).
 */
export function renderConsole(
  path: string,
  { lng = 'en', registry = SERVED_REGISTRY }: { lng?: 'en' | 'sv'; registry?: Registry } = {},
) {
  const store = createAppStore();
  void store.dispatch(registryApi.util.upsertQueryData('getRegistry', undefined, registry));
  return renderRemote(
    path,
    <Routes>
      <Route path="console/*" element={<ConsoleRoutes />} />
      <Route path="console/admin/*" element={<p>Super admin remote</p>} />
    </Routes>,
    createI18n(lng),
    store,
  );
}

export { currentLocation };
