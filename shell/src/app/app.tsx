import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AppProviders, Loading, type AppStore } from '@home-energy/shared';
import { RemoteSlot } from '../remotes/remote-slot';
import { ShellLayout } from '../layout/shell-layout';
import { AppErrorBoundary } from './app-error-boundary';

/**
 * The shell's route table: which remote owns which paths. Each remote's App holds its own route tree below
 * the mount point.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        <Route path="property/:id/building/:building/*" element={<RemoteSlot remote="mfe_results" />} />
        {/* mfe-console owns /console (staff sign-in) and /console/org/:org/*; mfe-admin owns /console/admin/*. */}
        <Route path="console/*" element={<RemoteSlot remote="mfe_console" />} />
        <Route path="console/admin/*" element={<RemoteSlot remote="mfe_admin" />} />
        <Route path="admin" element={<Navigate to="/console/admin" replace />} />
        {/* Lowest rank: the consumer flow owns `/`, `/flow/*`, `/sign` and answers unknown paths with its 404. */}
        <Route path="*" element={<RemoteSlot remote="mfe_flow" />} />
      </Route>
    </Routes>
  );
}

export function App({ store }: { store: AppStore }) {
  return (
    <AppErrorBoundary>
      <BrowserRouter>
        <AppProviders store={store}>
          <Suspense fallback={<Loading />}>
            <AppRoutes />
          </Suspense>
        </AppProviders>
      </BrowserRouter>
    </AppErrorBoundary>
  );
}
