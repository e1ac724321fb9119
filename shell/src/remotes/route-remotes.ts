import { matchRoutes } from 'react-router';
import type { RemoteName } from '@home-energy/shared';

/**
 * Which remote owns which paths (the shell's route table, app/app.tsx renders one RemoteSlot per row). Ranked like
 * react-router ranks them: the most specific path wins, the flow owns everything else and answers unknown paths.
 */
export const REMOTE_ROUTES: readonly { path: string; remote: RemoteName }[] = [
  { path: 'property/:id/building/:building/*', remote: 'mfe_results' },
  // mfe-console owns /console (staff sign-in) and /console/org/:org/*; mfe-admin owns /console/admin/*.
  { path: 'console/*', remote: 'mfe_console' },
  { path: 'console/admin/*', remote: 'mfe_admin' },
  { path: '*', remote: 'mfe_flow' },
];

/** Shell paths that only redirect (app/app.tsx renders a Navigate), with the remote they end at. */
export const REDIRECTS: readonly { path: string; to: string; remote: RemoteName }[] = [{ path: 'admin', to: '/console/admin', remote: 'mfe_admin' }];

// Served by the BFF, not by a remote: a link there (a PDF, a sign-out) must not preload anything.
const NOT_A_PAGE = /^\/(api|mfe|locales)(\/|$)/;

const routes = [...REMOTE_ROUTES, ...REDIRECTS].map(({ path, remote }) => ({ path, remote }));

/** The remote that renders `pathname`, or null when the path is not a page of the app. */
export function remoteForPath(pathname: string): RemoteName | null {
  if (NOT_A_PAGE.test(pathname)) return null;
  const matches = matchRoutes(routes, pathname);
  return matches ? matches[matches.length - 1].route.remote : null;
}
