import { registerNamespaceBase, RemoteRoot } from '@home-energy/shared';
import { FlowRoutes } from './flow-routes';

// This remote's texts ship inside its release, next to its remoteEntry.
registerNamespaceBase('flow', `${__webpack_public_path__}locales`);

/** The consumer flow: address search, property questions, add-property mini-flow, contact, BankID sign-in. */
export default function App() {
  return (
    <RemoteRoot name={__REMOTE_NAME__} build={__BUILD_ID__}>
      <FlowRoutes />
    </RemoteRoot>
  );
}
