import { MENU_ITEMS, patternsFrom } from '../menu-rules';

/** Route tables as the releases serve them (paths named as the pages are, as in the product's own tables). */
export const TABLES = {
  'mfe-console': {
    mount: ['console/*'],
    routes: [
      {
        path: 'org/:org',
        page: 'organisation',
        children: [...new Set(MENU_ITEMS.filter((i) => i.opens.remote === 'mfe-console').map((i) => i.opens.page))].map(
          (page) => ({ path: page, page }),
        ),
      },
    ],
  },
  'mfe-admin': {
    mount: ['console/admin/*'],
    routes: [
      { index: true, page: 'organisations' },
      { path: 'user-management', page: 'user-management' },
      { path: 'outbox', page: 'outbox' },
    ],
  },
};
export const PATTERNS = patternsFrom(TABLES);
