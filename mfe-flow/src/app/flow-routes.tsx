import { lazy, Suspense, type ComponentType } from 'react';
import { Routes, useLocation } from '@home-energy/shared/router';
import { pageRoutes, type RouteTable } from '@home-energy/shared/mfe/page-routes';
import { Loading, NotFoundPage } from '@home-energy/shared';
import { SignPage } from '../features/sign/pages/sign-page';
import { AddressSearchPage } from '../features/address-search/pages/address-search-page';
import { QuestionsPage } from '../features/questions/pages/questions-page';
import routeTable from './routes.json';
import '../styles/flow.css';

const ROUTE_TABLE: RouteTable = routeTable;

// Both pages with the contact form load only when opened (the forms library comes with them); the form's check with
// the phone-number metadata (~145 KB) loads once the homeowner uses the form (contact/lib/contact-check.ts).
const ContactPage = lazy(() => import(/* webpackChunkName: "page-contact" */ '../features/contact/pages/contact-page'));
const ProfilePage = lazy(() =>
  import(/* webpackChunkName: "page-profile" */ '../features/profile/pages/profile-page').then((m) => ({
    default: m.ProfilePage,
  })),
);
const AccountDeletedPage = lazy(() =>
  import(/* webpackChunkName: "page-account-deleted" */ '../features/profile/components/my-data').then((m) => ({
    default: m.AccountDeletedPage,
  })),
);
// The privacy notice: read rarely, loaded only when opened.
const PrivacyPage = lazy(() =>
  import(/* webpackChunkName: "page-privacy" */ '../features/privacy/pages/privacy-page').then((m) => ({
    default: m.PrivacyPage,
  })),
);
// The page the mail that confirms a contact email links to: opened once per homeowner, loaded only then.
const ConfirmEmailPage = lazy(
  () => import(/* webpackChunkName: "page-confirm-email" */ '../features/confirm-email/pages/confirm-email-page'),
);
// The forms library comes with the forms: the add-property page loads only when opened too.
const LazyAddPropertyPage = lazy(() =>
  import(/* webpackChunkName: "page-add-property" */ '../features/add-property/pages/add-property-page').then((m) => ({
    default: m.AddPropertyPage,
  })),
);

function AddPropertyPage() {
  return (
    <Suspense fallback={<Loading />}>
      <LazyAddPropertyPage />
    </Suspense>
  );
}

/** docs/product.md §2: any path containing add-property is the mini-flow; anything else unknown is the consumer 404. */
function Fallback() {
  const { pathname } = useLocation();
  return pathname.includes('add-property') ? <AddPropertyPage /> : <NotFoundPage />;
}

const lazyPage = (Page: ComponentType) => (
  <Suspense fallback={<Loading />}>
    <Page />
  </Suspense>
);

/** Each page of the route table (routes.json) by its id. */
const PAGES = {
  search: <AddressSearchPage />,
  questions: <QuestionsPage />,
  'add-property': <AddPropertyPage />,
  contact: lazyPage(ContactPage),
  profile: lazyPage(ProfilePage),
  'account-deleted': lazyPage(AccountDeletedPage),
  'confirm-email': lazyPage(ConfirmEmailPage),
  sign: <SignPage />,
  privacy: lazyPage(PrivacyPage),
  fallback: <Fallback />,
};

/**
 * The consumer flow's routes, as the shell mounts them at the root: address search, questions, add-property, contact,
 * My homes (and the page after deleting the account), the contact email's confirmation, /sign, the privacy notice.
 * The paths are the route table's (routes.json), which the release carries for the shell and the BFF.
 */
export function FlowRoutes() {
  return <Routes>{pageRoutes(ROUTE_TABLE.routes, PAGES)}</Routes>;
}
