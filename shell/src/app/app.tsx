import { Suspense, useLayoutEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from '@home-energy/shared/router';
import { AppProviders, Loading, type AppStore, type Session } from '@home-energy/shared';
import { RemoteSlot } from '../remotes/remote-slot';
import { ShellLayout } from '../layout/shell-layout';
import { AppErrorBoundary } from './app-error-boundary';
import { REDIRECTS, REMOTE_ROUTES } from '../remotes/route-remotes';
import { pageNavigated } from '../vitals/field-vitals';

/** Tells the speed reports where the router went, before the new page's own effects run (they may mark it usable). */
function NavigationWatch() {
  const { pathname } = useLocation();
  useLayoutEffect(() => pageNavigated(pathname), [pathname]);
  return null;
}

/**
 * The shell's routes: which remote owns which paths. Each remote's App holds its own route tree below the mount
 * point.
 */
export function AppRoutes() {
  return (
    <>
      <NavigationWatch />
      <Routes>
        <Route element={<ShellLayout />}>
          {/* One slot per remote (remotes/route-remotes.ts, which also tells the preloader where a link leads). */}
          {REMOTE_ROUTES.map(({ path, remote }) => (
            <Route key={path} path={path} element={<RemoteSlot remote={remote} />} />
          ))}
          {REDIRECTS.map(({ path, to }) => (
            <Route key={path} path={path} element={<Navigate to={to} replace />} />
          ))}
        </Route>
      </Routes>
    </>
  );
}

/** `session`: as the boot's early request found it (boot/early-session.ts); left out, the provider fetches it. */
export function App({ store, session }: { store: AppStore; session?: Session | null }) {
  return (
    <AppErrorBoundary>
      <BrowserRouter>
        <AppProviders store={store} session={session}>
          <Suspense fallback={<Loading />}>
            <AppRoutes />
          </Suspense>
        </AppProviders>
      </BrowserRouter>
    </AppErrorBoundary>
  );
}
