import { Routes } from '@home-energy/shared/router';
import { NotFoundPage } from '@home-energy/shared';
import { pageRoutes, type RouteTable } from '@home-energy/shared/mfe/page-routes';
import { ResultsDashboardPage } from '../features/results-dashboard/pages/results-dashboard-page';
import routeTable from './routes.json';

/** The route table (routes.json): the shell mounts this remote at its `mount`, these routes are below it. */
export const ROUTE_TABLE: RouteTable = routeTable;

const PAGES = { dashboard: <ResultsDashboardPage />, 'not-found': <NotFoundPage /> };

/** The remote's routes below the shell's mount point /property/:id/building/:building/. */
export function ResultsRoutes() {
  return <Routes>{pageRoutes(ROUTE_TABLE.routes, PAGES)}</Routes>;
}
