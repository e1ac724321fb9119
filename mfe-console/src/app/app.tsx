import { registerNamespaceBase, RemoteRoot } from '@home-energy/shared';
import { ConsoleRoutes } from './console-routes';
// The administration pages' styles (page head, sections, forms, tables, small buttons): the console's own frame uses
// them from its first render (the top bar's Menu button is a small button). They used to arrive only with the first
// page chunk that imported the user-management module, after the frame had rendered: the top bar then shrank by
// 11 px and moved the page up (a layout shift on every console page's load).
import '@home-energy/shared/ui/admin-ui.css';
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
