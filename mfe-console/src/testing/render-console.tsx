import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { createAppStore } from '@home-energy/shared';
import commonEn from '../../../shell/locales/en/common.json';
import commonSv from '../../../shell/locales/sv/common.json';
import consoleEn from '../../locales/en/console.json';
import consoleSv from '../../locales/sv/console.json';
import { ConsoleRoutes } from '../app/console-routes';

export const texts = { en: { common: commonEn, console: consoleEn }, sv: { common: commonSv, console: consoleSv } };

export function createI18n(lng: 'en' | 'sv' = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['common', 'console'],
    defaultNS: 'common',
    resources: texts,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Where the router is, for assertions on navigation. */
function LocationProbe() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <div data-testid="location" data-navigation={type}>
      {`${location.pathname}${location.search}`}
    </div>
  );
}

/** The console as the shell mounts it (console/*, with console/admin/* owned by another remote), at `path`. */
export function renderConsole(path: string, { lng = 'en' }: { lng?: 'en' | 'sv' } = {}) {
  const store = createAppStore();
  const utils = render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n(lng)}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="console/*" element={<ConsoleRoutes />} />
            <Route path="console/admin/*" element={<p>Super admin remote</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...utils, store };
}

export function currentLocation(): URL {
  const probe = document.querySelector('[data-testid="location"]');
  return new URL(probe?.textContent ?? '', 'http://localhost');
}
