import { generatePath } from '@home-energy/shared/router';
import { pagePattern, type RouteTable } from '../mfe/page-routes';
import type { RemotePackage } from '../mfe/remotes';
import type { OrganisationDetails, OrganisationFeature, SessionUser } from '../schemas/session';

/**
 * The console's permission rules (docs/product.md §6), one table used by both the navigation and the BFF's guards.
 * An item is shown (and its API reachable) only when every rule it carries holds.
 */
export interface MenuRule {
  superAdminOnly?: boolean;
  adminOnly?: boolean;
  /** Allowed when the organisation has any of these features (or, with `orInstaller`, is an installer). */
  featureFlags?: OrganisationFeature[];
  /** Installer organisations qualify for this item even without the feature flag (spec: installerOnly → properties). */
  orInstaller?: boolean;
  installerOnly?: boolean;
  /**
   * Menu placement only: hidden from super admins' navigation, who get the Super Admin account group instead
   * (docs/product.md §6). It does not restrict access: a super admin may still open the page.
   */
  notSuperAdmin?: boolean;
  /** With `notSuperAdmin`: shown after all to a super admin impersonating the organisation (they act as its admin). */
  whileImpersonating?: boolean;
  /** A page of the platform (the super admin's), not of an organisation: it needs no organisation context. */
  platform?: boolean;
}

export type MenuGroup = 'analytics' | 'flow' | 'knowledgeBase' | 'account' | 'superAdmin';

export interface MenuItem {
  id: string;
  group: MenuGroup;
  /**
   * The page the item opens, by its id in that remote's route table (its src/app/routes.json): the link's path is
   * that page's pattern in the release the visitor is served (visibleMenu's `patternOf`), so a release that moves a
   * page moves its link, and one without the page shows no link to it.
   */
  opens: { remote: MenuRemote; page: string };
  rule: MenuRule;
}

/** The remotes whose pages the console's menu opens. */
export type MenuRemote = Extract<RemotePackage, 'mfe-console' | 'mfe-admin'>;

const consolePage = (page: string) => ({ remote: 'mfe-console', page }) as const;
const adminPage = (page: string) => ({ remote: 'mfe-admin', page }) as const;

export const MENU_ITEMS: readonly MenuItem[] = [
  {
    id: 'properties',
    group: 'analytics',
    opens: consolePage('properties'),
    rule: { featureFlags: ['platform_analytics'], orInstaller: true },
  },
  {
    id: 'activities',
    group: 'analytics',
    opens: consolePage('activities'),
    rule: { featureFlags: ['platform_analytics'] },
  },
  { id: 'users', group: 'analytics', opens: consolePage('users'), rule: { featureFlags: ['platform_analytics'] } },
  {
    id: 'transition',
    group: 'analytics',
    opens: consolePage('transition'),
    rule: { featureFlags: ['platform_analytics'] },
  },
  { id: 'requests', group: 'analytics', opens: consolePage('requests'), rule: { installerOnly: true } },
  { id: 'portfolio', group: 'analytics', opens: consolePage('portfolio'), rule: { superAdminOnly: true } },
  { id: 'property_lookup', group: 'analytics', opens: consolePage('property_lookup'), rule: { superAdminOnly: true } },
  { id: 'configuration', group: 'flow', opens: consolePage('configuration'), rule: { adminOnly: true } },
  {
    id: 'validation',
    group: 'flow',
    opens: consolePage('validation'),
    rule: { featureFlags: ['platform_validation'] },
  },
  { id: 'messages', group: 'knowledgeBase', opens: consolePage('messages'), rule: { superAdminOnly: true } },
  { id: 'account', group: 'account', opens: consolePage('account'), rule: { notSuperAdmin: true } },
  { id: 'org-select', group: 'account', opens: consolePage('org-select'), rule: { notSuperAdmin: true } },
  {
    id: 'user-management',
    group: 'account',
    opens: consolePage('user-management'),
    rule: { adminOnly: true, notSuperAdmin: true, whileImpersonating: true },
  },
  // Who of the organisation's staff saw which homeowner's personal data (the homeowner sees the same in My homes).
  {
    id: 'data-access',
    group: 'account',
    opens: consolePage('data-access'),
    rule: { adminOnly: true, notSuperAdmin: true, whileImpersonating: true },
  },
  { id: 'super-account', group: 'superAdmin', opens: consolePage('account'), rule: { superAdminOnly: true } },
  {
    id: 'admin',
    group: 'superAdmin',
    opens: adminPage('organisations'),
    rule: { superAdminOnly: true, platform: true },
  },
  {
    id: 'admin-user-management',
    group: 'superAdmin',
    opens: adminPage('user-management'),
    rule: { superAdminOnly: true, platform: true },
  },
  { id: 'outbox', group: 'superAdmin', opens: adminPage('outbox'), rule: { superAdminOnly: true, platform: true } },
];

export const MENU_GROUPS: readonly MenuGroup[] = ['analytics', 'flow', 'knowledgeBase', 'account', 'superAdmin'];

export interface MenuContext {
  user: Pick<SessionUser, 'superAdmin' | 'organisations'> | null;
  /** The organisation being viewed; null outside an organisation context. */
  organisation: Pick<OrganisationDetails, 'slug' | 'features' | 'isInstaller'> | null;
  /** The slug of the organisation a super admin is impersonating (the session's `user.impersonating`), if any. */
  impersonating?: string | null;
}

/** Is the user an admin of this organisation? Super admins administer every organisation. */
export function isOrganisationAdmin(context: MenuContext): boolean {
  if (!context.user) return false;
  if (context.user.superAdmin) return true;
  const slug = context.organisation?.slug;
  return !!slug && context.user.organisations.some((o) => o.slug === slug && o.role === 'admin');
}

export function isOrganisationMember(context: MenuContext): boolean {
  if (!context.user || !context.organisation) return false;
  return context.user.superAdmin || context.user.organisations.some((o) => o.slug === context.organisation!.slug);
}

export function isItemAllowed(item: MenuItem, context: MenuContext): boolean {
  const { rule } = item;
  if (!context.user) return false;
  const needsOrganisation = !rule.platform || !!rule.featureFlags || !!rule.installerOnly || !!rule.orInstaller;
  if (needsOrganisation && !isOrganisationMember(context)) return false;
  if (rule.superAdminOnly && !context.user.superAdmin) return false;
  if (rule.adminOnly && !isOrganisationAdmin(context)) return false;
  if (rule.installerOnly && !context.organisation?.isInstaller) return false;
  if (rule.featureFlags) {
    const hasFeature = rule.featureFlags.some((flag) => context.organisation?.features.includes(flag));
    if (!hasFeature && !(rule.orInstaller && context.organisation?.isInstaller)) return false;
  }
  return true;
}

export function menuItem(id: string): MenuItem {
  const item = MENU_ITEMS.find((i) => i.id === id);
  if (!item) throw new Error(`Unknown console menu item ${id}`);
  return item;
}

/**
 * Menu placement: super admins get their own account group, plus the organisation admin's items marked for
 * impersonation.
 */
function isPlacedInMenu(item: MenuItem, context: MenuContext): boolean {
  if (!item.rule.notSuperAdmin || !context.user?.superAdmin) return true;
  const impersonatingThis = !!context.impersonating && context.impersonating === context.organisation?.slug;
  return !!item.rule.whileImpersonating && impersonatingThis;
}

/**
 * The path pattern of a remote's page in the release this visitor is served (its route table: the console's own, or
 * another remote's from the registry, `releaseRouteTable`), or null when that release has no such page.
 */
export type PagePatternOf = (remote: MenuRemote, page: string) => string | null;

/** `PagePatternOf` from the route tables of the releases served: a remote without one has no pages to link. */
export function patternsFrom(tables: Partial<Record<MenuRemote, Pick<RouteTable, 'mount' | 'routes'>>>): PagePatternOf {
  return (remote, page) => {
    const table = tables[remote];
    return table ? pagePattern(table, page) : null;
  };
}

/** The link of an item: its page's pattern with the organisation's slug as `:org`; null when it cannot be made. */
function itemHref(item: MenuItem, context: MenuContext, patternOf: PagePatternOf): string | null {
  const pattern = patternOf(item.opens.remote, item.opens.page);
  if (pattern === null) return null;
  try {
    return generatePath(pattern, { org: context.organisation?.slug ?? null });
  } catch {
    // A pattern with a param the menu cannot fill (another name, or no organisation here): no link.
    return null;
  }
}

/** The menu a user sees: its groups in navigation order, each with its items and their links. */
export type VisibleMenu = { group: MenuGroup; items: (MenuItem & { href: string })[] }[];

/**
 * The items the user may see, grouped in navigation order, each with its link; an item whose page the served release
 * does not have is left out. A super admin, impersonating or not, sees every page they are permitted. A group's
 * heading opens its first item.
 */
export function visibleMenu(context: MenuContext, patternOf: PagePatternOf): VisibleMenu {
  return MENU_GROUPS.map((group) => ({
    group,
    items: MENU_ITEMS.filter(
      (item) => item.group === group && isItemAllowed(item, context) && isPlacedInMenu(item, context),
    ).flatMap((item) => {
      const href = itemHref(item, context, patternOf);
      return href === null ? [] : [{ ...item, href }];
    }),
  })).filter((g) => g.items.length > 0);
}

/** External http(s) paths open in a new tab. */
export function isExternalPath(path: string): boolean {
  return /^https?:\/\//i.test(path);
}
