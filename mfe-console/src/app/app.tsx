import { registerNamespaceBase, RemoteRoot } from '@home-energy/shared';
import { ConsoleRoutes } from './console-routes';
import './console.css';

registerNamespaceBase('console', `${__webpack_public_path__}locales`);

/** The organisation console, mounted by the shell under /console: staff sign-in and /console/org/:org/*. */
export default function App() {
  return (
    <RemoteRoot name={__REMOTE_NAME__} build={__BUILD_ID__}>
      <ConsoleRoutes />
    </RemoteRoot>
  );
}
