import { Link, matchPath, Routes, useLocation } from '@home-energy/shared/router';
import { mountPath, pagePattern, pageRoutes, type RouteTable } from '@home-energy/shared/mfe/page-routes';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '@home-energy/shared';
import { RequireSuperAdmin } from './require-super-admin';
import { ImpersonationNotice } from '../components/impersonation';
import { OrganisationsPage } from '../features/organisations/pages/organisations-page';
import { OrganisationPage } from '../features/organisations/pages/organisation-page';
import { UserManagementPage } from '../features/users/pages/user-management-page';
import { ReleasesPage } from '../features/releases/pages/releases-page';
import { SpeedPage } from '../features/speed/pages/speed-page';
import { AuditPage } from '../features/audit/pages/audit-page';
import { OutboxPage } from '../features/outbox/pages/outbox-page';
import { OutboxMailPage } from '../features/outbox/pages/outbox-mail-page';
import { DataRequestsPage } from '../features/data-requests/pages/data-requests-page';
import routeTable from './routes.json';

/** Where the shell mounts the admin pages and the pages below that (the release carries it: pages.cjs). */
export const ROUTE_TABLE: RouteTable = routeTable;

const PAGES = {
  organisations: <OrganisationsPage />,
  organisation: <OrganisationPage />,
  'user-management': <UserManagementPage />,
  releases: <ReleasesPage />,
  speed: <SpeedPage />,
  audit: <AuditPage />,
  outbox: <OutboxPage />,
  'outbox-mail': <OutboxMailPage />,
  'data-requests': <DataRequestsPage />,
  'not-found': <NotFoundPage />,
};

/** The side navigation: the route table's pages at a path of their own (no parameter), in its order. */
const NAV = ROUTE_TABLE.routes.flatMap(({ index, path, page }) =>
  page && (index || (path && !/[:*]/.test(path)))
    ? [{ path: index ? mountPath(ROUTE_TABLE) : `${mountPath(ROUTE_TABLE)}/${path}`, page }]
    : [],
);

/** An organisation's page, where Organisations stays current. */
const ORGANISATION_PATTERN = pagePattern(ROUTE_TABLE, 'organisation');

/** Organisations is current on its list and on each organisation's page; the others on their own path. */
function isCurrent(page: string, path: string, pathname: string): boolean {
  const here = pathname.replace(/\/+$/, '');
  if (page === 'organisations')
    return here === path || (ORGANISATION_PATTERN !== null && matchPath(ORGANISATION_PATTERN, here) !== null);
  if (page === 'outbox') return here === path || here.startsWith(`${path}/`);
  return here === path;
}

function AdminNav() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  return (
    <nav className="he-sidenav" aria-label={t('nav.label')}>
      <div>
        <h2>{t('nav.label')}</h2>
        {NAV.map(({ path, page }) => (
          <Link key={page} to={path} aria-current={isCurrent(page, path, pathname) ? 'page' : undefined}>
            {t(`pages.${page}.title`)}
          </Link>
        ))}
      </div>
    </nav>
  );
}

/** The admin pages, relative to where the shell mounts them (/console/admin): super admins only. */
export function AdminRoutes() {
  return (
    <RequireSuperAdmin>
      <div className="he-sidebar-layout">
        <AdminNav />
        <div>
          <ImpersonationNotice />
          <Routes>{pageRoutes(ROUTE_TABLE.routes, PAGES)}</Routes>
        </div>
      </div>
    </RequireSuperAdmin>
  );
}
