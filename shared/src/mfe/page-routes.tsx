import type { ReactNode } from 'react';
import { Route } from '@home-energy/shared/router';

/**
 * A remote's route table (its src/app/routes.json): where the shell mounts it, and its routes below that mount, each
 * naming the page it renders. The remote's router reads it (pageRoutes below), and its build writes it into the
 * release's pages.json with each page's data and static frame (shared/build/pages.cjs), where the BFF and, through the
 * registry, the shell read it: a page's path pattern is written once, here.
 */
export interface PageRoute {
  path?: string;
  index?: boolean;
  page?: string;
  children?: PageRoute[];
}

/** An API answer the page waits for, preloaded with its HTML: `:name` filled from the path's params. */
export interface PageData {
  path: string;
  /**
   * The query the answer is asked with, by a rule the page and the BFF share: `analytics-period`, the analytics
   * period the address asks for (shared/src/console/analytics-period.ts). Another name preloads nothing.
   */
  search?: string;
  /**
   * `homeowner`: named only for a signed-in homeowner's session (their own answers, such as their profile); the
   * release check refuses another value.
   */
  session?: string;
}

/** The kinds of path param a page may require: an organisation's slug, a positive id. */
export const PARAM_KINDS = {
  slug: /^[a-z0-9][a-z0-9-]{0,62}$/,
  id: /^[1-9][0-9]{0,9}$/,
} as const;
export type ParamKind = keyof typeof PARAM_KINDS;

/**
 * The states a page's frame may depend on, each a rule the BFF knows and answers per request: `property-profile`, for
 * a page about the property in its `:id` param, is `no-property` when no property has that id and `no-profile` when
 * the visitor has no answers for it (a link someone shared); otherwise the page's own frame is drawn. A page names the
 * rule in `state` and keeps a frame per state it draws differently (shared/build/pages.cjs `states`).
 */
export const PAGE_STATES = {
  'property-profile': ['no-property', 'no-profile'],
} as const;
export type PageStateRule = keyof typeof PAGE_STATES;
export type PageState = (typeof PAGE_STATES)[PageStateRule][number];

export interface PageDeclaration {
  /** A staff page: its data and frame are for a session the console's APIs answer. */
  staff?: boolean;
  /**
   * What each path param must be for the page's data and frame to be served: the name of a kind the BFF knows
   * (PARAM_KINDS), not a pattern of the release's own, so that no release can make the server's matching slow. The
   * release check refuses another name (bff/src/modules/releases/pages-file.ts).
   */
  params?: Record<string, string>;
  data?: PageData[];
  /** The rule (PAGE_STATES) that picks which of the page's frames this visitor is sent. */
  state?: string;
  /** The named lazy chunks (webpackChunkName) the page's first view draws: preloaded with its own (pages.cjs). */
  chunks?: string[];
}

export interface RouteTable {
  /** The shell's routes that mount the remote (a splat each: the remote's routes are below it). */
  mount: string[];
  /** Paths the shell answers with a redirect to one of the remote's pages. */
  redirects?: { path: string; to: string }[];
  routes: PageRoute[];
  pages?: Record<string, PageDeclaration>;
}

/** The remote's `<Route>` elements, each page's element by its id; a page without one is a mistake of the remote. */
export function pageRoutes(routes: readonly PageRoute[], elements: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return routes.map((route, i) => {
    if (route.page !== undefined && !(route.page in elements))
      throw new Error(`The route table names page ${route.page}, which has no element`);
    const element = route.page === undefined ? undefined : elements[route.page];
    if (route.index) return <Route key={`index-${i}`} index element={element} />;
    return (
      <Route key={route.path ?? i} path={route.path} element={element}>
        {route.children ? pageRoutes(route.children, elements) : null}
      </Route>
    );
  });
}

/**
 * The pattern of a route react-router matched in a remote's route table: the mount (without its splat) and the paths
 * of the routes matched below it, joined. `property/:id/building/:building/*` and `results-dashboard` →
 * `/property/:id/building/:building/results-dashboard`. The speed reports name a page by it (docs/performance.md
 * "Field vitals"): the shell from the route it matched, the BFF among the patterns of the release (routePatterns).
 */
export function routePattern(mount: string, paths: readonly (string | undefined)[] = []): string {
  const segments = [mount.replace(/\/?\*$/, ''), ...paths].flatMap((path) => (path ?? '').split('/'));
  return `/${segments.filter(Boolean).join('/')}`;
}

/** Every pattern a route table can match (routePattern): each route below each mount, and each redirect's path. */
export function routePatterns(table: Pick<RouteTable, 'mount' | 'redirects' | 'routes'>): Set<string> {
  const patterns = new Set<string>();
  const visit = (mount: string, parents: readonly (string | undefined)[], routes: readonly PageRoute[]) => {
    for (const route of routes) {
      const paths = [...parents, route.path];
      patterns.add(routePattern(mount, paths));
      if (route.children) visit(mount, paths, route.children);
    }
  };
  for (const mount of table.mount) visit(mount, [], table.routes);
  for (const redirect of table.redirects ?? []) patterns.add(routePattern(redirect.path));
  return patterns;
}

/**
 * The path pattern of a page in a route table: its first mount and the paths of the routes down to the first route
 * that renders it, or null when the table has no such page. `properties` in mfe-console's table →
 * `/console/org/:org/properties`; `organisations` (the index) in mfe-admin's → `/console/admin`.
 */
export function pagePattern(table: Pick<RouteTable, 'mount' | 'routes'>, page: string): string | null {
  const mount = table.mount[0];
  if (mount === undefined) return null;
  const find = (routes: readonly PageRoute[], parents: readonly (string | undefined)[]): string | null => {
    for (const route of routes) {
      const paths = [...parents, route.path];
      if (route.page === page) return routePattern(mount, paths);
      const below = route.children ? find(route.children, paths) : null;
      if (below !== null) return below;
    }
    return null;
  };
  return find(table.routes, []);
}

/** Where the shell mounts the remote (its first mount, without the splat): `/console/admin`, or `/` for the root. */
export function mountPath(table: RouteTable): string {
  return routePattern(table.mount[0] ?? '');
}
