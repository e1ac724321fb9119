import { registerNamespaceBase, RemoteRoot } from '@home-energy/shared';
import { AdminRoutes } from './admin-routes';

registerNamespaceBase('admin', `${__webpack_public_path__}locales`);

/** Super admin: organisations, impersonation, console users, releases of remotes, real users' speed, audit log. */
export default function App() {
  return (
    <RemoteRoot name={__REMOTE_NAME__} build={__BUILD_ID__}>
      <AdminRoutes />
    </RemoteRoot>
  );
}
