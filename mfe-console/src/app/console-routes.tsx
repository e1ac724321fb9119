import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@home-energy/shared';
import { RequireSession } from '../features/auth/components/require-session';
import { SignInPage } from '../features/auth/pages/sign-in-page';
import { OrganisationLayout } from '../features/organisation/components/organisation-layout';
import { ORGANISATION_PAGES } from '../features/organisation/lib/organisation-pages';
import { ConsoleItemPage } from '../features/organisation/pages/console-item-page';
import { OrganisationHomePage } from '../features/organisation/pages/organisation-home-page';
import { OrgSelectPage } from '../features/organisation/pages/org-select-page';
import { UserManagementPage } from '../features/users/pages/user-management-page';

/** Every organisation the user belongs to is listed there, so no menu rule applies to it (super admins use it too). */
const ORG_SELECT = 'org-select';
/** Pages that are built, by page; the rest show their description until their feature lands. */
const BUILT_PAGES: Record<string, () => ReactNode> = {
  'user-management': () => <UserManagementPage />,
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
