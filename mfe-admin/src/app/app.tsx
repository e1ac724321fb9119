import { NavLink, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage, registerNamespaceBase, RemoteRoot, TextPage } from '@home-energy/shared';
import { RequireSuperAdmin } from './require-super-admin';

registerNamespaceBase('admin', `${__webpack_public_path__}locales`);

const NAV = [
  { path: '/console/admin', page: 'organisations' },
  { path: '/console/admin/user-management', page: 'user-management' },
  { path: '/console/admin/releases', page: 'releases' },
  { path: '/console/admin/audit', page: 'audit' },
] as const;

function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <nav className="he-sidenav" aria-label={t('nav.label')}>
      <div>
        <h2>{t('nav.label')}</h2>
        {NAV.map(({ path, page }) => (
          <NavLink key={page} to={path} end>
            {t(`pages.${page}.title`)}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}

/** Super admin: organisations, impersonation, console users, releases of remotes, audit log. */
export default function App() {
  return (
    <RemoteRoot name={__REMOTE_NAME__} build={__BUILD_ID__}>
      <RequireSuperAdmin>
        <div className="he-sidebar-layout">
          <AdminNav />
          <Routes>
            <Route index element={<TextPage namespace="admin" page="organisations" />} />
            <Route path="organisations/:organisation" element={<TextPage namespace="admin" page="organisation" />} />
            <Route path="user-management" element={<TextPage namespace="admin" page="user-management" />} />
            <Route path="releases" element={<TextPage namespace="admin" page="releases" />} />
            <Route path="audit" element={<TextPage namespace="admin" page="audit" />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </div>
      </RequireSuperAdmin>
    </RemoteRoot>
  );
}
