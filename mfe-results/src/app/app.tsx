import { Route, Routes } from 'react-router';
import { NotFoundPage, registerNamespaceBase, RemoteRoot, TextPage } from '@home-energy/shared';

registerNamespaceBase('results', `${__webpack_public_path__}locales`);

/** The results dashboard, mounted by the shell under /property/:id/building/:building/. */
export default function App() {
  return (
    <RemoteRoot name={__REMOTE_NAME__} build={__BUILD_ID__}>
      <Routes>
        <Route path="results-dashboard" element={<TextPage namespace="results" page="dashboard" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RemoteRoot>
  );
}
