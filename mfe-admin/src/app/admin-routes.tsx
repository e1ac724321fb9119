import { Link, Route, Routes, useLocation } from '@home-energy/shared/router';
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

const NAV = [
  { path: '/console/admin', page: 'organisations' },
  { path: '/console/admin/user-management', page: 'user-management' },
  { path: '/console/admin/releases', page: 'releases' },
  { path: '/console/admin/speed', page: 'speed' },
  { path: '/console/admin/audit', page: 'audit' },
  { path: '/console/admin/outbox', page: 'outbox' },
  { path: '/console/admin/data-requests', page: 'data-requests' },
] as const;

/** Organisations is current on its list and on each organisation's page; the others on their own path. */
function isCurrent(page: string, path: string, pathname: string): boolean {
  const here = pathname.replace(/\/+$/, '');
  if (page === 'organisations') return here === path || here.startsWith('/console/admin/organisations/');
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
          <Routes>
            <Route index element={<OrganisationsPage />} />
            <Route path="organisations/:organisation" element={<OrganisationPage />} />
            <Route path="user-management" element={<UserManagementPage />} />
            <Route path="releases" element={<ReleasesPage />} />
            <Route path="speed" element={<SpeedPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="outbox" element={<OutboxPage />} />
            <Route path="outbox/:id" element={<OutboxMailPage />} />
            <Route path="data-requests" element={<DataRequestsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </div>
      </div>
    </RequireSuperAdmin>
  );
}
