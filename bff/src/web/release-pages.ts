// The pages of the releases a visitor is served (docs/releases.md "A remote's pages"): each remote's release carries
// its route table, its pages' data and their static frames (pages.json, modules/releases/pages-file.ts). Per HTML
// request the BFF matches the path with react-router's own matchRoutes over what those releases declare, as the shell
// and then the remote match it in the browser: the shell's routes (each remote's mount) pick the remote, the remote's
// routes below its mount pick the page.
import { matchRoutes, type RouteObject } from 'react-router';
import { PARAM_KINDS, type PageRoute, type PageState, type ParamKind } from '@home-energy/shared/mfe/page-routes';
import { analyticsQuery, periodFor, periodFromSearch } from '@home-energy/shared/console/analytics-period';
import { isServerPath, SIGN_PATH } from '@home-energy/shared/mfe/pages';
import { readAll, type ObjectStore } from '../storage/object-store';
import { PAGES_FILE, pagesFileSchema, type DeclaredPage, type PagesFile } from '../modules/releases/pages-file';

/** A remote as this visitor is served it: its release and that release's pages (null: it has none we can read). */
export interface ServedRemote {
  /** The federation name (mfe_results). */
  name: string;
  /** The package (mfe-results). */
  package: string;
  version: string;
  pages: PagesFile | null;
}

/** What the path is, by the releases served: the remote that renders it and, when it declares one, the page. */
export interface PageMatch {
  remote: ServedRemote;
  /** The page the remote's routes name for the path, when its params pass the page's rules. */
  page?: { id: string; declared: DeclaredPage };
  params: Record<string, string>;
  /** The path reached only the remote's catch-all route (`*`: its not-found page), no page of its own. */
  catchAll: boolean;
}

/**
 * Reads a release's pages file once per release (a version's files never change: its name is their content hash).
 * A release without a readable one is remembered as having none.
 */
export function releasePagesReader(store: ObjectStore): (remote: string, version: string) => Promise<PagesFile | null> {
  const read = new Map<string, Promise<PagesFile | null>>();
  return (remote, version) => {
    const key = `${remote}/${version}`;
    let pages = read.get(key);
    if (!pages) {
      pages = store
        .get(`${key}/${PAGES_FILE}`)
        .then(async (object) => {
          if (!object) return null;
          const parsed = pagesFileSchema.safeParse(JSON.parse((await readAll(object.body)).toString('utf8')));
          return parsed.success ? parsed.data : null;
        })
        .catch(() => null);
      read.set(key, pages);
      // A failed read (the store was down) is tried again by the next request.
      void pages.then((found) => found ?? read.delete(key));
    }
    return pages;
  };
}

type Tagged = RouteObject & { handle?: { page?: string; remote?: ServedRemote; redirect?: boolean } };

function routeObjects(routes: readonly PageRoute[]): Tagged[] {
  return routes.map((route): Tagged => {
    const handle = route.page === undefined ? undefined : { page: route.page };
    if (route.index) return { index: true, handle };
    return { path: route.path, handle, children: route.children ? routeObjects(route.children) : undefined };
  });
}

/** The remote and page a path is, by the shell's routes and then the remote's (null: none, or a redirect). */
export function matchPage(remotes: readonly ServedRemote[], pathname: string): PageMatch | null {
  if (isServerPath(pathname)) return null;
  const mounts: Tagged[] = remotes.flatMap((remote) => [
    ...(remote.pages?.mount ?? []).map((path): Tagged => ({ path, handle: { remote } })),
    ...(remote.pages?.redirects ?? []).map((r): Tagged => ({ path: r.path, handle: { remote, redirect: true } })),
  ]);
  const mounted = matchRoutes(mounts, pathname)?.at(-1);
  const remote = mounted && (mounted.route as Tagged).handle?.remote;
  if (!mounted || !remote?.pages || (mounted.route as Tagged).handle?.redirect) return null;
  const { '*': rest = '', ...mountParams } = mounted.params;
  const inner = matchRoutes(routeObjects(remote.pages.routes), `/${rest}`)?.at(-1);
  const { '*': _splat, ...pageParams } = inner?.params ?? {};
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...mountParams, ...pageParams })) if (value) params[name] = value;
  const id = (inner?.route as Tagged | undefined)?.handle?.page;
  // A page the route table names and the file declares nothing of has no data and no frame.
  const declared = id === undefined ? undefined : (remote.pages.pages[id] ?? {});
  const kinds: Record<string, ParamKind> = declared?.params ?? {};
  const valid = declared && Object.entries(kinds).every(([name, kind]) => PARAM_KINDS[kind].test(params[name] ?? ''));
  const catchAll = (inner?.route as Tagged | undefined)?.path === '*';
  return { remote, params, catchAll, ...(id && declared && valid ? { page: { id, declared } } : {}) };
}

/**
 * Whether a release's routes serve a path: a page of its own with params it accepts (not its catch-all), or a redirect
 * to one. The release check holds a remote's published addresses to it (shared/src/mfe/pages.ts).
 */
export function servesPath(pages: PagesFile, pathname: string): boolean {
  const redirects = pages.redirects.map((redirect) => ({ path: redirect.path }));
  if (matchRoutes(redirects, pathname) !== null) return true;
  const match = matchPage([{ name: pages.remote, package: pages.remote, version: '', pages }], pathname);
  return !!match?.page && !match.catchAll;
}

/**
 * The API answers the page waits for, each the exact URL its page asks for (so the browser hands the preloaded
 * answer to that request): `:name` filled from the path, and the query by the rule the page names. An answer for a
 * homeowner's session only when `homeowner` says the request has one.
 */
export function pageDataPaths(
  match: PageMatch,
  search: URLSearchParams,
  today = new Date(),
  homeowner = false,
): string[] {
  return (match.page?.declared.data ?? []).flatMap(({ path, search: rule, session }) => {
    if (session === 'homeowner' && !homeowner) return [];
    let missing = false;
    const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const value = match.params[name];
      if (value === undefined) missing = true;
      return encodeURIComponent(value ?? '');
    });
    if (missing) return [];
    if (rule === undefined) return [filled];
    if (rule !== 'analytics-period') return [];
    // The console's analytics period, as the address asks for it and the page's own request is made.
    const query = analyticsQuery(periodFor(periodFromSearch(search), today));
    return [query ? `${filled}?${query}` : filled];
  });
}

/**
 * The page's frame in a language: the one kept for the page's `state` when the release draws that state, else its
 * own. `{{param:name}}` in its markup becomes the path's param (checked by the page's param rules), escaped.
 */
export function pageFrame(
  match: PageMatch,
  lng: string,
  state: string | null = null,
): { title: string; html: string } | undefined {
  const declared = match.page?.declared;
  const frame =
    (state === null ? undefined : declared?.stateFrames?.[state as PageState]?.[lng]) ?? declared?.frame?.[lng];
  if (!frame) return undefined;
  const html = frame.html.replace(/\{\{param:([A-Za-z0-9_]+)\}\}/g, (_, name: string) =>
    escapeHtml(match.params[name] ?? ''),
  );
  return { title: frame.title, html };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where the shell's first-paint page (shell/first-paint.cjs) takes a remote page's title, CSS and markup. */
export const FRAME_SLOTS = {
  title: '{{first-paint:title}}',
  css: '/*first-paint:css*/',
  page: '{{first-paint:page}}',
  signIn: '{{first-paint:sign-in}}',
} as const;

const fill = (html: string, slot: string, content: string) => {
  const at = html.indexOf(slot);
  return at < 0 ? html : `${html.slice(0, at)}${content}${html.slice(at + slot.length)}`;
};

/**
 * The shell's first-paint page with the remote page's frame in it, in one language; its sign-in link (a visitor's top
 * bar has one) leads back to `signIn`, as the app's does.
 */
export function withFrame(
  shellPage: string,
  frame: { title: string; html: string },
  css: string,
  signIn: string = SIGN_PATH,
): string {
  const titled = fill(shellPage, FRAME_SLOTS.title, escapeHtml(frame.title));
  const linked = fill(titled, FRAME_SLOTS.signIn, escapeHtml(signIn));
  return fill(fill(linked, FRAME_SLOTS.css, css), FRAME_SLOTS.page, frame.html);
}
