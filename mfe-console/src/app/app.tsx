import { NavLink, Route, Routes, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage, registerNamespaceBase, RemoteRoot, TextPage } from '@home-energy/shared';

registerNamespaceBase('console', `${__webpack_public_path__}locales`);

/** Left navigation groups of spec §2 (permission rules arrive with the console issue). */
const NAV_GROUPS = [
  { group: 'analytics', pages: ['properties', 'activities', 'users', 'transition', 'portfolio'] },
  { group: 'flow', pages: ['configuration', 'validation'] },
  { group: 'knowledgeBase', pages: ['messages'] },
  { group: 'account', pages: ['account', 'org-select', 'user-management'] },
] as const;

const PAGES = ['properties', 'activities', 'users', 'transition', 'portfolio', 'property_lookup', 'configuration',
  'validation', 'messages', 'account', 'org-select', 'user-management'] as const;

function ConsoleNav() {
  const { t } = useTranslation('console');
  const { org } = useParams();
  return (
    <nav className="he-sidenav" aria-label={t('nav.label')}>
      {NAV_GROUPS.map(({ group, pages }) => (
        <div key={group}>
          <h2>{t(`nav.groups.${group}`)}</h2>
          {pages.map((page) => (
            <NavLink key={page} to={`/console/org/${org}/${page}`}>
              {t(`pages.${page}.title`)}
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}

/** The organisation console, mounted by the shell under /console/org/:org/. */
export default function App() {
  return (
    <RemoteRoot name={__REMOTE_NAME__} build={__BUILD_ID__}>
      <div className="he-sidebar-layout">
        <ConsoleNav />
        <Routes>
          <Route index element={<TextPage namespace="console" page="home" />} />
          {PAGES.map((page) => (
            <Route key={page} path={page} element={<TextPage namespace="console" page={page} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </div>
    </RemoteRoot>
  );
}
