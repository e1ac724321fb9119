import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigationType } from '@home-energy/shared/router';
import { createAppStore, ToastProvider, type AppStore } from '@home-energy/shared';
import { addEnergyTexts } from '@home-energy/shared/i18n/energy';
import commonEn from '../locales/en/common.json';
import commonSv from '../locales/sv/common.json';

/** The remote's own namespace beside the shell's `common`, in both languages, as the real page has them. */
export function remoteTexts<N extends string, E, S>(namespace: N, en: E, sv: S) {
  return { en: { common: commonEn, [namespace]: en }, sv: { common: commonSv, [namespace]: sv } } as {
    en: { common: typeof commonEn } & { [K in N]: E };
    sv: { common: typeof commonSv } & { [K in N]: S };
  };
}

export function createTestI18n(
  namespace: string,
  resources: { en: object; sv: object },
  lng: 'en' | 'sv' = 'en',
): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['common', namespace],
    defaultNS: 'common',
    resources: resources as Record<string, Record<string, object>>,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  addEnergyTexts(instance);
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

/**
 * A remote's routes as the shell mounts them: the real store (or `store`, holding what the shell put in it), real
 * texts, toasts and a memory router at `path`.
 */
export function renderRemote(path: string, routes: ReactNode, i18n: I18n, store: AppStore = createAppStore()) {
  const utils = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            {routes}
            <LocationProbe />
          </MemoryRouter>
        </ToastProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { ...utils, store, i18n };
}

export function currentLocation(): URL {
  const probe = document.querySelector('[data-testid="location"]');
  return new URL(probe?.textContent ?? '', 'http://localhost');
}
