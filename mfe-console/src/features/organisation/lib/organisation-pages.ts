import { MENU_ITEMS } from '@home-energy/shared';

/**
 * The console's pages the menu opens, each with the items that lead to it (account has one for staff and one for
 * super admins): a page shows when one of its items is allowed. Derived from the shared rules table so the console
 * never restates a rule.
 */
export const ORGANISATION_PAGES: ReadonlyMap<string, readonly string[]> = MENU_ITEMS.reduce((pages, item) => {
  if (item.opens.remote === 'mfe-console') pages.set(item.opens.page, [...(pages.get(item.opens.page) ?? []), item.id]);
  return pages;
}, new Map<string, string[]>());
