import { Route, Routes } from 'react-router';
import { NotFoundPage, registerNamespaceBase, RemoteRoot, TextPage } from '@home-energy/shared';

// This remote's texts ship inside its release, next to its remoteEntry.
registerNamespaceBase('flow', `${__webpack_public_path__}locales`);

/** The consumer flow: address search, property questions, add-property mini-flow, contact, BankID sign-in. */
export default function App() {
  return (
    <RemoteRoot name={__REMOTE_NAME__} build={__BUILD_ID__}>
      <Routes>
        <Route index element={<TextPage namespace="flow" page="addressSearch" />} />
        <Route path="flow">
          <Route index element={<TextPage namespace="flow" page="addressSearch" />} />
          <Route path="property/:propertyId/questions" element={<TextPage namespace="flow" page="questions" />} />
          <Route path="add-property" element={<TextPage namespace="flow" page="addProperty" />} />
          <Route path="contact" element={<TextPage namespace="flow" page="contact" />} />
        </Route>
        <Route path="sign" element={<TextPage namespace="flow" page="sign" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RemoteRoot>
  );
}
