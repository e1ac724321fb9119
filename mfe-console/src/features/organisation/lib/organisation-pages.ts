import { MENU_ITEMS } from '@home-energy/shared';

const ORGANISATION_PATH = '/console/org/[org]/';

/**
 * The pages under /console/org/:org and the menu items that lead to each (account has one for staff and one
 * for super admins). Derived from the shared rules table so the console never restates a rule.
 */
export const ORGANISATION_PAGES: ReadonlyMap<string, readonly string[]> = MENU_ITEMS.reduce((pages, item) => {
  if (item.path.startsWith(ORGANISATION_PATH)) {
    const page = item.path.slice(ORGANISATION_PATH.length);
    pages.set(page, [...(pages.get(page) ?? []), item.id]);
  }
  return pages;
}, new Map<string, string[]>());
