/** @jest-environment node */
/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { MENU_ITEMS } from '@home-energy/shared/console/menu-rules';
import { pagePattern, type PageRoute, type RouteTable } from '@home-energy/shared/mfe/page-routes';
import routeTable from '../routes.json';

// The console's menu (shared/src/console/menu-rules.ts, the one source of who may see what) names each item's page
// by its id in the route table of the remote that has it; the link's path is that table's, read from the release
// served (docs/releases.md "A remote's pages"). This holds the ids true: each item names a page of its remote, and
// each of the console's staff pages is in the menu or named below as not in it on purpose. mfe-admin's table is read
// from the repository, as the test of a tree of packages: a package imports another only by its name.
const TABLES: Record<string, RouteTable> = {
  'mfe-console': routeTable,
  'mfe-admin': JSON.parse(
    fs.readFileSync(path.resolve(__dirname, '../../../../mfe-admin/src/app/routes.json'), 'utf8'),
  ),
};

/** The console's staff pages no menu item leads to, and why. */
const NOT_IN_MENU: Record<string, string> = {
  home: "the organisation's home: sign-in lands there and the top bar's organisation name links to it",
};

const NOT_FOUND = 'not-found';

/** The pages of the console's routes below an organisation (its staff pages), but its not-found page. */
function staffPages(routes: readonly PageRoute[], below = false): string[] {
  return routes.flatMap((route) => {
    const inside = below || route.path === 'org/:org';
    const own = below && route.page !== undefined && route.page !== NOT_FOUND ? [route.page] : [];
    return [...own, ...staffPages(route.children ?? [], inside)];
  });
}

it("names a page of its remote's route table in every menu item, never the not-found page", () => {
  for (const { id, opens } of MENU_ITEMS) {
    const pattern = pagePattern(TABLES[opens.remote]!, opens.page);
    expect({ id, page: opens.page, found: pattern !== null && opens.page !== NOT_FOUND }).toEqual({
      id,
      page: opens.page,
      found: true,
    });
  }
  // The organisation's pages are the console's, below the organisation's path (the menu fills in its slug).
  for (const { opens } of MENU_ITEMS.filter((item) => !item.rule.platform)) {
    expect(pagePattern(TABLES[opens.remote]!, opens.page)).toMatch(/\/:org\//);
  }
});

it("reaches each of the console's staff pages from the menu, or names it as not in the menu on purpose", () => {
  const reached = new Set(MENU_ITEMS.filter((item) => item.opens.remote === 'mfe-console').map((i) => i.opens.page));
  const pages = staffPages(routeTable.routes);
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
