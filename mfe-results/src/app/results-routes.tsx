import { Route, Routes } from '@home-energy/shared/router';
import { NotFoundPage } from '@home-energy/shared';
import { ResultsDashboardPage } from '../features/results-dashboard/pages/results-dashboard-page';
import { DASHBOARD_ROUTE } from '@home-energy/shared/mfe/pages';

/** The remote's routes below the shell's mount point /property/:id/building/:building/. */
export function ResultsRoutes() {
  return (
    <Routes>
      <Route path={DASHBOARD_ROUTE} element={<ResultsDashboardPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
