/** @jest-environment node */
/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { matchRoutes, type RouteObject } from '@home-energy/shared/router';
import { MENU_ITEMS } from '@home-energy/shared/console/menu-rules';
import type { PageRoute, RouteTable } from '@home-energy/shared/mfe/page-routes';
import routeTable from '../routes.json';

// The console's menu (shared/src/console/menu-rules.ts, the one source of who may see what) and the route tables of
// the remotes its links open (docs/releases.md "A remote's pages"): each link opens a page, and each of the console's
// staff pages is in the menu or named below as not in it on purpose. The super admin's links open mfe-admin's pages.
// Read from the repository, as the test of a tree of packages: a package imports another only by its name.
const ADMIN_TABLE: RouteTable = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../../../mfe-admin/src/app/routes.json'), 'utf8'),
);
const ROUTE_TABLE: RouteTable = routeTable;
const TABLES: Record<string, RouteTable> = { 'mfe-console': ROUTE_TABLE, 'mfe-admin': ADMIN_TABLE };

/** The console's staff pages no menu item leads to, and why. */
const NOT_IN_MENU: Record<string, string> = {
  home: "the organisation's home: sign-in lands there and the top bar's organisation name links to it",
};

const NOT_FOUND = 'not-found';

type Tagged = RouteObject & { handle?: { page?: string; remote?: string } };

function routeObjects(routes: readonly PageRoute[]): Tagged[] {
  return routes.map((route): Tagged => {
    const handle = { page: route.page };
    if (route.index) return { index: true, handle };
    return { path: route.path, handle, children: route.children ? routeObjects(route.children) : undefined };
  });
}

/** The remote and page react-router opens for a path: the shell's mounts pick the remote, its routes the page. */
function pageAt(pathname: string): { remote: string; page: string | undefined } | null {
  const mounts = Object.entries(TABLES).flatMap(([remote, table]) =>
    table.mount.map((mount): Tagged => ({ path: mount, handle: { remote } })),
  );
  const mounted = matchRoutes(mounts, pathname)?.at(-1);
  const remote = (mounted?.route as Tagged | undefined)?.handle?.remote;
  if (!mounted || !remote) return null;
  const inner = matchRoutes(routeObjects(TABLES[remote]!.routes), `/${mounted.params['*'] ?? ''}`)?.at(-1);
  return inner ? { remote, page: (inner.route as Tagged).handle?.page } : null;
}

/** The pages of the console's routes below an organisation (its staff pages), but its not-found page. */
function staffPages(routes: readonly PageRoute[], below = false): string[] {
  return routes.flatMap((route) => {
    const inside = below || route.path === 'org/:org';
    const own = below && route.page !== undefined && route.page !== NOT_FOUND ? [route.page] : [];
    return [...own, ...staffPages(route.children ?? [], inside)];
  });
}

const menuPath = (itemPath: string) => itemPath.replace('[org]', 'demo-org');

it("opens a page of the console's or the admin's route table from every menu link, never the not-found page", () => {
  const opened = MENU_ITEMS.map((item) => ({ id: item.id, at: pageAt(menuPath(item.path)) }));
  for (const { id, at } of opened) {
    expect({ id, remote: at?.remote, found: !!at?.page && at.page !== NOT_FOUND }).toEqual({
      id,
      remote: expect.stringMatching(/^mfe-(console|admin)$/),
      found: true,
    });
  }
  // The organisation's pages are the console's.
  const organisation = opened.filter(({ id }) => menuPath(MENU_ITEMS.find((i) => i.id === id)!.path).includes('/org/'));
  expect(new Set(organisation.map(({ at }) => at?.remote))).toEqual(new Set(['mfe-console']));
});

it("reaches each of the console's staff pages from the menu, or names it as not in the menu on purpose", () => {
  const reached = new Set(
    MENU_ITEMS.map((item) => pageAt(menuPath(item.path)))
      .filter((at) => at?.remote === 'mfe-console')
      .map((at) => at!.page),
  );
  const pages = staffPages(ROUTE_TABLE.routes);
  expect(pages).toContain('properties');
  expect(pages.filter((page) => !reached.has(page) && !(page in NOT_IN_MENU))).toEqual([]);
  // The list stays true: each page it names is a staff page, and no menu item leads to it.
  for (const page of Object.keys(NOT_IN_MENU)) {
    expect({ page, route: pages.includes(page), inMenu: reached.has(page) }).toEqual({
      page,
      route: true,
      inMenu: false,
    });
  }
});
