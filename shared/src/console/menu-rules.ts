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
}

export type MenuGroup = 'analytics' | 'flow' | 'knowledgeBase' | 'account' | 'superAdmin';

export interface MenuItem {
  id: string;
  group: MenuGroup;
  /** `[org]` is replaced by the organisation slug; items with `[org]` need an organisation context. */
  path: string;
  rule: MenuRule;
}

export const MENU_ITEMS: readonly MenuItem[] = [
  {
    id: 'properties',
    group: 'analytics',
    path: '/console/org/[org]/properties',
    rule: { featureFlags: ['platform_analytics'], orInstaller: true },
  },
  {
    id: 'activities',
    group: 'analytics',
    path: '/console/org/[org]/activities',
    rule: { featureFlags: ['platform_analytics'] },
  },
  { id: 'users', group: 'analytics', path: '/console/org/[org]/users', rule: { featureFlags: ['platform_analytics'] } },
  {
    id: 'transition',
    group: 'analytics',
    path: '/console/org/[org]/transition',
    rule: { featureFlags: ['platform_analytics'] },
  },
  { id: 'requests', group: 'analytics', path: '/console/org/[org]/requests', rule: { installerOnly: true } },
  { id: 'portfolio', group: 'analytics', path: '/console/org/[org]/portfolio', rule: { superAdminOnly: true } },
  {
    id: 'property_lookup',
    group: 'analytics',
    path: '/console/org/[org]/property_lookup',
    rule: { superAdminOnly: true },
  },
  { id: 'configuration', group: 'flow', path: '/console/org/[org]/configuration', rule: { adminOnly: true } },
  {
    id: 'validation',
    group: 'flow',
    path: '/console/org/[org]/validation',
    rule: { featureFlags: ['platform_validation'] },
  },
  { id: 'messages', group: 'knowledgeBase', path: '/console/org/[org]/messages', rule: { superAdminOnly: true } },
  { id: 'account', group: 'account', path: '/console/org/[org]/account', rule: { notSuperAdmin: true } },
  { id: 'org-select', group: 'account', path: '/console/org/[org]/org-select', rule: { notSuperAdmin: true } },
  {
    id: 'user-management',
    group: 'account',
    path: '/console/org/[org]/user-management',
    rule: { adminOnly: true, notSuperAdmin: true, whileImpersonating: true },
  },
  // Who of the organisation's staff saw which homeowner's personal data (the homeowner sees the same in My homes).
  {
    id: 'data-access',
    group: 'account',
    path: '/console/org/[org]/data-access',
    rule: { adminOnly: true, notSuperAdmin: true, whileImpersonating: true },
  },
  { id: 'super-account', group: 'superAdmin', path: '/console/org/[org]/account', rule: { superAdminOnly: true } },
  { id: 'admin', group: 'superAdmin', path: '/console/admin', rule: { superAdminOnly: true } },
  {
    id: 'admin-user-management',
    group: 'superAdmin',
    path: '/console/admin/user-management',
    rule: { superAdminOnly: true },
  },
  { id: 'outbox', group: 'superAdmin', path: '/console/admin/outbox', rule: { superAdminOnly: true } },
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
  const needsOrganisation =
    item.path.includes('[org]') || !!rule.featureFlags || !!rule.installerOnly || !!rule.orInstaller;
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
 * The items the user may see, grouped in navigation order; `[org]` filled in. A super admin, impersonating or not,
 * sees every page they are permitted.
 */
export function visibleMenu(context: MenuContext): { group: MenuGroup; items: (MenuItem & { href: string })[] }[] {
  return MENU_GROUPS.map((group) => ({
    group,
    items: MENU_ITEMS.filter(
      (item) => item.group === group && isItemAllowed(item, context) && isPlacedInMenu(item, context),
    ).map((item) => ({
      ...item,
      href: item.path.replace('[org]', context.organisation?.slug ?? ''),
    })),
  })).filter((g) => g.items.length > 0);
}

/** Clicking a group opens its first permitted child. */
export function firstPermittedHref(context: MenuContext, group: MenuGroup): string | null {
  return visibleMenu(context).find((g) => g.group === group)?.items[0]?.href ?? null;
}

/** External http(s) paths open in a new tab. */
export function isExternalPath(path: string): boolean {
  return /^https?:\/\//i.test(path);
}
