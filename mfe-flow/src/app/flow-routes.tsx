import { Route, Routes } from 'react-router';
import { NotFoundPage, TextPage } from '@home-energy/shared';
import { SignPage } from '../features/sign/pages/sign-page';
import { ProfilePage } from '../features/profile/pages/profile-page';

/** The consumer flow's routes, as the shell mounts them at the root: address search, questions, add-property, contact, /sign. */
export function FlowRoutes() {
  return (
    <Routes>
      <Route index element={<TextPage namespace="flow" page="addressSearch" />} />
      <Route path="flow">
        <Route index element={<TextPage namespace="flow" page="addressSearch" />} />
        <Route path="property/:propertyId/questions" element={<TextPage namespace="flow" page="questions" />} />
        <Route path="add-property" element={<TextPage namespace="flow" page="addProperty" />} />
        <Route path="contact" element={<TextPage namespace="flow" page="contact" />} />
        <Route path="profile" element={<ProfilePage />} />
      </Route>
      <Route path="sign" element={<SignPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
