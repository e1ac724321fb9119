import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { createAppStore } from '@home-energy/shared';
import commonEn from '../../../shell/locales/en/common.json';
import commonSv from '../../../shell/locales/sv/common.json';
import flowEn from '../../locales/en/flow.json';
import flowSv from '../../locales/sv/flow.json';
import { FlowRoutes } from '../app/flow-routes';

export const texts = { en: { common: commonEn, flow: flowEn }, sv: { common: commonSv, flow: flowSv } };

export function createI18n(lng: 'en' | 'sv' = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['common', 'flow'],
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

/** The flow as the shell mounts it (at the root, beside other remotes' routes), at `path`. */
export function renderFlow(path: string, { lng = 'en' }: { lng?: 'en' | 'sv' } = {}) {
  const store = createAppStore();
  const i18n = createI18n(lng);
  const utils = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={<FlowRoutes />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...utils, store, i18n };
}

export function currentLocation(): URL {
  const probe = document.querySelector('[data-testid="location"]');
  return new URL(probe?.textContent ?? '', 'http://localhost');
}
