import { registerNamespaceBase, RemoteRoot } from '@home-energy/shared';
import { ResultsRoutes } from './results-routes';
import '../styles/results.css';

// This remote's texts ship inside its release, next to its remoteEntry.
registerNamespaceBase('results', `${__webpack_public_path__}locales`);

/** The results dashboard, mounted by the shell under /property/:id/building/:building/. */
export default function App() {
  return (
    <RemoteRoot name={__REMOTE_NAME__} build={__BUILD_ID__}>
      <ResultsRoutes />
    </RemoteRoot>
  );
}
