import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { AppStore } from './store/create-store';
import { SessionProvider } from './auth/session';
import type { Session } from './auth/types';
import { ToastProvider } from './ui/toasts';
import { ThemeByRoute } from './ui/theme';
import { BrandTheme } from './ui/brand-theme';
import { i18n } from './i18n/i18n';

/**
 * Everything a remote expects above it: store, session, i18n, toasts, theme and brand colours. Used by the shell and
 * the dev harness. `session`, when given, is the session as already fetched (null: signed out): no loading state and no
 * fetch on mount (next-auth's initial session); left out, the SessionProvider fetches it.
 */
export function AppProviders({
  store,
  session,
  children,
}: {
  store: AppStore;
  session?: Session | null;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider session={session}>
          <ToastProvider>
            <ThemeByRoute />
            <BrandTheme />
            {children}
          </ToastProvider>
        </SessionProvider>
      </I18nextProvider>
    </Provider>
  );
}
