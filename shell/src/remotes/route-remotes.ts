import { matchRoutes } from '@home-energy/shared/router';
import type { Registry, RemoteName } from '@home-energy/shared';
import { isServerPath } from '@home-energy/shared/mfe/pages';

/**
 * One of the shell's routes: a remote is mounted at `path` (its own routes are below it), or `path` redirects to one
 * of its pages. The shell has no route table of its own: each remote's release declares where it is mounted
 * (its pages.json), and the registry names those routes with the release it serves this visitor.
 */
export interface ShellRoute {
  path: string;
  remote: RemoteName;
  redirect?: string;
}

export function shellRoutes(registry: Registry): ShellRoute[] {
  return registry.remotes.flatMap((entry) =>
    entry.routes.map((route) => ({
      path: route.path,
      remote: entry.name as RemoteName,
      ...(route.redirect ? { redirect: route.redirect } : {}),
    })),
  );
}

/** The remote that renders `pathname` by react-router's own matching of the registry's routes (null: none). */
export function remoteForPath(registry: Registry, pathname: string): RemoteName | null {
  if (isServerPath(pathname)) return null;
  const routes = shellRoutes(registry);
  const objects = routes.map(({ path }) => ({ path }));
  const matched = matchRoutes(objects, pathname)?.at(-1);
  return matched ? (routes[objects.indexOf(matched.route)]?.remote ?? null) : null;
}
