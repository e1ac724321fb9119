import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from '@home-energy/shared/router';
import { Loading, NotFoundPage } from '@home-energy/shared';
import { SignPage } from '../features/sign/pages/sign-page';
import { AddressSearchPage } from '../features/address-search/pages/address-search-page';
import { QuestionsPage } from '../features/questions/pages/questions-page';
import '../styles/flow.css';

// Both pages with the contact form load only when opened (the forms library comes with them); the form's check with
// the phone-number metadata (~145 KB) loads once the homeowner uses the form (contact/lib/contact-check.ts).
const ContactPage = lazy(() => import('../features/contact/pages/contact-page'));
const ProfilePage = lazy(() =>
  import('../features/profile/pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const AccountDeletedPage = lazy(() =>
  import('../features/profile/components/my-data').then((m) => ({ default: m.AccountDeletedPage })),
);
// The privacy notice: read rarely, loaded only when opened.
const PrivacyPage = lazy(() =>
  import('../features/privacy/pages/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
// The page the mail that confirms a contact email links to: opened once per homeowner, loaded only then.
const ConfirmEmailPage = lazy(() => import('../features/confirm-email/pages/confirm-email-page'));
// The forms library comes with the forms: the add-property page loads only when opened too.
const LazyAddPropertyPage = lazy(() =>
  import('../features/add-property/pages/add-property-page').then((m) => ({ default: m.AddPropertyPage })),
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

/**
 * The consumer flow's routes, as the shell mounts them at the root: address search, questions, add-property, contact,
 * My homes (and the page after deleting the account), the contact email's confirmation, /sign, the privacy notice.
 */
export function FlowRoutes() {
  return (
    <Routes>
      <Route index element={<AddressSearchPage />} />
      <Route path="flow">
        <Route index element={<AddressSearchPage />} />
        <Route path="property/:propertyId/questions" element={<QuestionsPage />} />
        <Route path="add-property" element={<AddPropertyPage />} />
        <Route
          path="contact"
          element={
            <Suspense fallback={<Loading />}>
              <ContactPage />
            </Suspense>
          }
        />
        <Route
          path="profile"
          element={
            <Suspense fallback={<Loading />}>
              <ProfilePage />
            </Suspense>
          }
        />
        <Route
          path="account-deleted"
          element={
            <Suspense fallback={<Loading />}>
              <AccountDeletedPage />
            </Suspense>
          }
        />
        <Route
          path="confirm-email"
          element={
            <Suspense fallback={<Loading />}>
              <ConfirmEmailPage />
            </Suspense>
          }
        />
      </Route>
      <Route path="sign" element={<SignPage />} />
      <Route
        path="privacy"
        element={
          <Suspense fallback={<Loading />}>
            <PrivacyPage />
          </Suspense>
        }
      />
      <Route path="*" element={<Fallback />} />
    </Routes>
  );
}
