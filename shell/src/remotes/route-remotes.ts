import { matchRoutes, type RouteObject } from '@home-energy/shared/router';
import type { Registry, RemoteName } from '@home-energy/shared';
import { isServerPath } from '@home-energy/shared/mfe/pages';
import { routePattern } from '@home-energy/shared/mfe/page-routes';
import type { RegistryPageRoute } from '@home-energy/shared/remotes';
import { OTHER_ROUTE } from '@home-energy/shared/mfe/vitals';

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

/** The shell's route `pathname` takes, by react-router's own matching of the registry's routes (null: none). */
function matchShellRoute(registry: Registry, pathname: string): { route: ShellRoute; rest: string } | null {
  if (isServerPath(pathname)) return null;
  const routes = shellRoutes(registry);
  const objects = routes.map(({ path }) => ({ path }));
  const matched = matchRoutes(objects, pathname)?.at(-1);
  const route = matched && routes[objects.indexOf(matched.route)];
  return route ? { route, rest: matched.params['*'] ?? '' } : null;
}

/** The remote that renders `pathname` by react-router's own matching of the registry's routes (null: none). */
export function remoteForPath(registry: Registry, pathname: string): RemoteName | null {
  return matchShellRoute(registry, pathname)?.route.remote ?? null;
}

/**
 * The remote that renders `pathname` and the pattern of the route it takes (routePattern): the shell's route (the
 * remote's mount), then the remote's own routes below it as the registry names them for the release it serves,
 * matched as the remote's router matches them. A redirect is its own path; a path the remote's routes do not take is
 * OTHER_ROUTE. The speed reports name a page by it (vitals/field-vitals.ts): never a guess from the path.
 */
export function pageForPath(registry: Registry, pathname: string): { remote: RemoteName; route: string } | null {
  const shell = matchShellRoute(registry, pathname);
  if (!shell) return null;
  const { route, rest } = shell;
  if (route.redirect !== undefined) return { remote: route.remote, route: routePattern(route.path) };
  const entry = registry.remotes.find((e) => e.name === route.remote);
  const inner = matchRoutes(routeObjects(entry?.pageRoutes ?? []), `/${rest}`);
  if (!inner) return { remote: route.remote, route: OTHER_ROUTE };
  return {
    remote: route.remote,
    route: routePattern(
      route.path,
      inner.map((m) => m.route.path),
    ),
  };
}

/** The registry's routes of a remote as react-router's route objects (an index route has no children). */
function routeObjects(routes: readonly RegistryPageRoute[]): RouteObject[] {
  return routes.map((r): RouteObject =>
    r.index ? { index: true } : { path: r.path, children: r.children ? routeObjects(r.children) : undefined },
  );
}
