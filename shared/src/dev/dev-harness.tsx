import { StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@home-energy/shared/router';
import { AppProviders } from '../app-providers';
import { createAppStore } from '../store/create-store';
import { initI18n } from '../i18n/i18n';
import { PageLayout } from '../ui/page-layout';
import { Logo } from '../ui/logo';
import { LanguageSwitch } from '../ui/language-switch';
import { Loading } from '../ui/loading';
import '../ui/ui.css';

/**
 * Runs one remote standalone for its team (`npm run dev -w mfe-results`): the shell's providers around the
 * remote's App, mounted at the paths the shell would mount it under.
 */
export function mountStandalone({ paths, app }: { paths: string[]; app: ReactNode }): void {
  void initI18n();
  const store = createAppStore();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing in index.html');
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders store={store}>
          <Suspense fallback={<Loading />}>
            <PageLayout
              topBar={
                <>
                  <Logo />
                  <nav className="he-topbar__nav" aria-label="standalone">
                    <span className="he-badge">standalone</span>
                    <LanguageSwitch />
                  </nav>
                </>
              }
            >
              <Routes>
                {paths.map((path) => (
                  <Route key={path} path={path} element={app} />
                ))}
              </Routes>
            </PageLayout>
          </Suspense>
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}
