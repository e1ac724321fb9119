import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from '@home-energy/shared/router';
import { Loading, NotFoundPage } from '@home-energy/shared';
import { RequireSession } from '../features/auth/components/require-session';
import { SignInPage } from '../features/auth/pages/sign-in-page';
import { OrganisationLayout } from '../features/organisation/components/organisation-layout';
import { ORGANISATION_PAGES } from '../features/organisation/lib/organisation-pages';
import { ConsoleItemPage } from '../features/organisation/pages/console-item-page';
import { OrganisationHomePage } from '../features/home/pages/organisation-home-page';
import { OrgSelectPage } from '../features/organisation/pages/org-select-page';

/** Every organisation the user belongs to is listed there, so no menu rule applies to it (super admins use it too). */
const ORG_SELECT = 'org-select';

/** A page loaded when first opened: each page is its own chunk, so the console's first load stays small. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): () => ReactNode {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return () => (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/** Every page under /console/org/:org (org-select apart), each shown only when the rules table allows it here. */
const BUILT_PAGES: Record<string, () => ReactNode> = {
  properties: page(() => import('../features/analytics/pages/properties-page'), 'PropertiesPage'),
  activities: page(() => import('../features/analytics/pages/activities-page'), 'ActivitiesPage'),
  users: page(() => import('../features/analytics/pages/users-page'), 'UsersPage'),
  transition: page(() => import('../features/analytics/pages/transition-page'), 'TransitionPage'),
  portfolio: page(() => import('../features/analytics/pages/portfolio-page'), 'PortfolioPage'),
  property_lookup: page(() => import('../features/property-lookup/pages/property-lookup-page'), 'PropertyLookupPage'),
  configuration: page(() => import('../features/configuration/pages/configuration-page'), 'ConfigurationPage'),
  validation: page(() => import('../features/validation/pages/validation-page'), 'ValidationPage'),
  messages: page(() => import('../features/messages/pages/messages-page'), 'MessagesPage'),
  account: page(() => import('../features/account/pages/account-page'), 'AccountPage'),
  'user-management': page(() => import('../features/users/pages/user-management-page'), 'UserManagementPage'),
};

/** The console's routes, relative to where the shell mounts it (/console). */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route index element={<SignInPage />} />
      <Route
        path="org/:org"
        element={
          <RequireSession>
            <OrganisationLayout />
          </RequireSession>
        }
      >
        <Route index element={<OrganisationHomePage />} />
        <Route path={ORG_SELECT} element={<OrgSelectPage />} />
        {[...ORGANISATION_PAGES.keys()]
          .filter((page) => page !== ORG_SELECT)
          .map((page) => (
            <Route key={page} path={page} element={<ConsoleItemPage page={page}>{BUILT_PAGES[page]?.()}</ConsoleItemPage>} />
          ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
