import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Routes, useLocation } from '@home-energy/shared/router';
import { pageRoutes, type RouteTable } from '@home-energy/shared/mfe/page-routes';
import { Loading, NotFoundPage } from '@home-energy/shared';
import { RequireSession } from '../features/auth/components/require-session';
import { SignInPage } from '../features/auth/pages/sign-in-page';
import { OrganisationLayout } from '../features/organisation/components/organisation-layout';
import { ORGANISATION_PAGES } from '../features/organisation/lib/organisation-pages';
import { ConsoleItemPage } from '../features/organisation/pages/console-item-page';
import { OrganisationHomePage } from '../features/home/pages/organisation-home-page';
import { OrgSelectPage } from '../features/organisation/pages/org-select-page';
import routeTable from './routes.json';

/** Where the shell mounts the console and its pages below that (the release carries it: pages.cjs). */
export const ROUTE_TABLE: RouteTable = routeTable;

/** Every organisation the user belongs to is listed there, so no menu rule applies to it (super admins use it too). */
const ORG_SELECT = 'org-select';

/** The chunk of each page, by page: fetched when the page is opened (see PageChunkEarly). */
const PAGE_CHUNKS: Record<string, () => Promise<unknown>> = {};

/** A page loaded when first opened: each page is its own chunk, so the console's first load stays small. */
function page<K extends string>(key: string, load: () => Promise<Record<K, ComponentType>>, name: K): () => ReactNode {
  PAGE_CHUNKS[key] = load;
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return () => (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/**
 * Fetches the chunk of the page being opened while the organisation loads (OrganisationLayout renders its pages
 * only once the organisation has answered): the two requests travel together instead of one after the other, and
 * the page's heading (the largest paint) comes one round trip sooner. The same import() as the page's: fetched once.
 */
function PageChunkEarly() {
  const { pathname } = useLocation();
  const key = /\/org\/[^/]+\/([^/?#]+)/.exec(pathname)?.[1];
  useEffect(() => {
    if (key && Object.hasOwn(PAGE_CHUNKS, key)) void PAGE_CHUNKS[key]!().catch(() => undefined);
  }, [key]);
  return null;
}

/**
 * The password pages, each its own chunk: with the forms' error helpers (the shared user-management module and the
 * schemas under it, zod's own copy included) they stay out of the chunk every console page evaluates first.
 */
const ChoosePasswordPage = passwordPage(
  () => import(/* webpackChunkName: "page-choose-password" */ '../features/auth/pages/choose-password-page'),
  'ChoosePasswordPage',
);
const ForgotPasswordPage = passwordPage(
  () => import(/* webpackChunkName: "page-forgot-password" */ '../features/auth/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const SetPasswordPage = passwordPage(
  () => import(/* webpackChunkName: "page-set-password" */ '../features/auth/pages/set-password-page'),
  'SetPasswordPage',
);

function passwordPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): () => ReactNode {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return () => (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/** Every page under /console/org/:org (org-select apart), each shown only when the rules table allows it here. */
const BUILT_PAGES: Record<string, () => ReactNode> = {
  properties: page(
    'properties',
    () => import(/* webpackChunkName: "page-properties" */ '../features/analytics/pages/properties-page'),
    'PropertiesPage',
  ),
  activities: page(
    'activities',
    () => import(/* webpackChunkName: "page-activities" */ '../features/analytics/pages/activities-page'),
    'ActivitiesPage',
  ),
  users: page(
    'users',
    () => import(/* webpackChunkName: "page-users" */ '../features/analytics/pages/users-page'),
    'UsersPage',
  ),
  transition: page(
    'transition',
    () => import(/* webpackChunkName: "page-transition" */ '../features/analytics/pages/transition-page'),
    'TransitionPage',
  ),
  portfolio: page(
    'portfolio',
    () => import(/* webpackChunkName: "page-portfolio" */ '../features/analytics/pages/portfolio-page'),
    'PortfolioPage',
  ),
  property_lookup: page(
    'property_lookup',
    () =>
      import(/* webpackChunkName: "page-property_lookup" */ '../features/property-lookup/pages/property-lookup-page'),
    'PropertyLookupPage',
  ),
  configuration: page(
    'configuration',
    () => import(/* webpackChunkName: "page-configuration" */ '../features/configuration/pages/configuration-page'),
    'ConfigurationPage',
  ),
  requests: page(
    'requests',
    () => import(/* webpackChunkName: "page-requests" */ '../features/requests/pages/requests-page'),
    'RequestsPage',
  ),
  validation: page(
    'validation',
    () => import(/* webpackChunkName: "page-validation" */ '../features/validation/pages/validation-page'),
    'ValidationPage',
  ),
  messages: page(
    'messages',
    () => import(/* webpackChunkName: "page-messages" */ '../features/messages/pages/messages-page'),
    'MessagesPage',
  ),
  account: page(
    'account',
    () => import(/* webpackChunkName: "page-account" */ '../features/account/pages/account-page'),
    'AccountPage',
  ),
  'data-access': page(
    'data-access',
    () => import(/* webpackChunkName: "page-data-access" */ '../features/data-access/pages/data-access-page'),
    'DataAccessPage',
  ),
  'user-management': page(
    'user-management',
    () => import(/* webpackChunkName: "page-user-management" */ '../features/users/pages/user-management-page'),
    'UserManagementPage',
  ),
};

/** Every page of the route table (routes.json) by id; an organisation's page shows when the rules table allows it. */
const PAGES: Record<string, ReactNode> = {
  'sign-in': <SignInPage />,
  'forgot-password': <ForgotPasswordPage />,
  'set-password': <SetPasswordPage />,
  'choose-password': <ChoosePasswordPage />,
  organisation: (
    <RequireSession>
      <PageChunkEarly />
      <OrganisationLayout />
    </RequireSession>
  ),
  home: <OrganisationHomePage />,
  [ORG_SELECT]: <OrgSelectPage />,
  ...Object.fromEntries(
    [...ORGANISATION_PAGES.keys()]
      .filter((page) => page !== ORG_SELECT)
      .map((page) => [
        page,
        <ConsoleItemPage key={page} page={page}>
          {BUILT_PAGES[page]?.()}
        </ConsoleItemPage>,
      ]),
  ),
  'not-found': <NotFoundPage />,
};

/** The console's routes, relative to where the shell mounts it (/console): the route table's (routes.json). */
export function ConsoleRoutes() {
  return <Routes>{pageRoutes(ROUTE_TABLE.routes, PAGES)}</Routes>;
}
