import { Route, Routes } from '@home-energy/shared/router';
import { createTestI18n, currentLocation, remoteTexts, renderRemote } from '@home-energy/shared/testing/render-remote';
import consoleEn from '../../locales/en/console.json';
import consoleSv from '../../locales/sv/console.json';
import { ConsoleRoutes } from '../app/console-routes';

export const texts = remoteTexts('console', consoleEn, consoleSv);

export function createI18n(lng: 'en' | 'sv' = 'en') {
  return createTestI18n('console', texts, lng);
}

/** The console as the shell mounts it (console/*, with console/admin/* owned by another remote), at `path`. */
export function renderConsole(path: string, { lng = 'en' }: { lng?: 'en' | 'sv' } = {}) {
  return renderRemote(
    path,
    <Routes>
      <Route path="console/*" element={<ConsoleRoutes />} />
      <Route path="console/admin/*" element={<p>Super admin remote</p>} />
    </Routes>,
    createI18n(lng),
  );
}

export { currentLocation };
