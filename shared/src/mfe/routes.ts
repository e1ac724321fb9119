import type { RemoteName } from './remotes';
import { CONSOLE_ADMIN_PATH, RESULTS_MOUNT } from './pages';

/**
 * Which remote owns which paths (the shell's route table: shell/src/app/app.tsx renders one RemoteSlot per row). The
 * flow owns everything else and answers unknown paths with its 404. The BFF reads it too, to name the page's remote
 * files in the HTML response's Link header (bff/src/web/page-hints.ts). No react-router here: the shell's entry
 * (index.ts) uses this before the shared libraries are loaded, so matching is done below, ranked the way
 * react-router ranks routes (a unit test holds the two to the same answers).
 */
export const REMOTE_ROUTES: readonly { path: string; remote: RemoteName }[] = [
  { path: `${RESULTS_MOUNT}/*`, remote: 'mfe_results' },
  // mfe-console owns /console (staff sign-in) and /console/org/:org/*; mfe-admin owns /console/admin/*.
  { path: 'console/*', remote: 'mfe_console' },
  { path: 'console/admin/*', remote: 'mfe_admin' },
  { path: '*', remote: 'mfe_flow' },
];

/** Shell paths that only redirect (app/app.tsx renders a Navigate), with the remote they end at. */
export const REDIRECTS: readonly { path: string; to: string; remote: RemoteName }[] = [
  { path: 'admin', to: CONSOLE_ADMIN_PATH, remote: 'mfe_admin' },
];

// Served by the BFF, not by a remote: a link there (a PDF, a sign-out) must not preload anything.
const NOT_A_PAGE = /^\/(api|mfe|locales)(\/|$)/;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** react-router's ranking: static segments weigh most, then params; a splat costs a little. */
function score(pattern: string[]): number {
  const splat = pattern[pattern.length - 1] === '*';
  const segments = splat ? pattern.slice(0, -1) : pattern;
  return segments.reduce((sum, s) => sum + (s.startsWith(':') ? 3 : 10), segments.length) + (splat ? -2 : 0);
}

function matches(pattern: string[], path: string[]): boolean {
  const splat = pattern[pattern.length - 1] === '*';
  const fixed = splat ? pattern.slice(0, -1) : pattern;
  if (splat ? path.length < fixed.length : path.length !== fixed.length) return false;
  return fixed.every((s, i) => s.startsWith(':') || s === path[i]);
}

const ranked = [...REMOTE_ROUTES, ...REDIRECTS]
  .map(({ path, remote }) => ({ pattern: segmentsOf(path), remote }))
  .sort((a, b) => score(b.pattern) - score(a.pattern));

/** The remote that renders `pathname`, or null when the path is not a page of the app. */
export function remoteForPath(pathname: string): RemoteName | null {
  if (NOT_A_PAGE.test(pathname)) return null;
  const path = segmentsOf(pathname);
  return ranked.find((route) => matches(route.pattern, path))?.remote ?? null;
}
