import { Suspense, useLayoutEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from '@home-energy/shared/router';
import { AppProviders, Loading, type AppStore, type RemoteName, type Session } from '@home-energy/shared';
import { RemoteSlot } from '../remotes/remote-slot';
import { ShellLayout } from '../layout/shell-layout';
import { AppErrorBoundary } from './app-error-boundary';
import { shellRoutes } from '../remotes/route-remotes';
import { pageRemoteOfHtml } from '../remotes/registry-request';
import { useActiveReleases } from '../remotes/use-active-releases';
import { pageNavigated } from '../vitals/field-vitals';

/** Tells the speed reports where the router went, before the new page's own effects run (they may mark it usable). */
function NavigationWatch() {
  const { pathname } = useLocation();
  useLayoutEffect(() => pageNavigated(pathname), [pathname]);
  return null;
}

/**
 * The shell's routes: which remote owns which paths, as each remote's release declares it (the registry names them:
 * remotes/route-remotes.ts, which also tells the preloader where a link leads). Each remote's App holds its own route
 * tree below the mount point. Until the registry has answered (or when it cannot), the page's remote as the server
 * found it holds the page: its slot waits for the registry, and says so when the registry is down.
 */
export function AppRoutes() {
  const registry = useActiveReleases();
  const routes = registry ? shellRoutes(registry) : [];
  const pageRemote = routes.length > 0 ? null : (pageRemoteOfHtml() as RemoteName | null);
  return (
    <>
      <NavigationWatch />
      <Routes>
        <Route element={<ShellLayout />}>
          {routes.map(({ path, remote, redirect }) => (
            <Route
              key={path}
              path={path}
              element={redirect ? <Navigate to={redirect} replace /> : <RemoteSlot remote={remote} />}
            />
          ))}
          {pageRemote ? <Route path="*" element={<RemoteSlot remote={pageRemote} />} /> : null}
          {routes.length > 0 || pageRemote ? null : <Route path="*" element={<Loading />} />}
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
