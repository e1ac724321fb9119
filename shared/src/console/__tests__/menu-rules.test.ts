import { isItemAllowed, menuItem, visibleMenu, type MenuContext } from '../menu-rules';
import { PATTERNS } from './served-tables';

const energi = {
  slug: 'demo-energi',
  features: ['platform_analytics', 'platform_validation'] as const,
  isInstaller: false,
};
const installer = { slug: 'demo-installer', features: [] as const, isInstaller: true };

function ids(context: MenuContext): string[] {
  return visibleMenu(context, PATTERNS).flatMap((g) => g.items.map((i) => i.id));
}

const superAdmin = { superAdmin: true, organisations: [] };
const orgAdmin = {
  superAdmin: false,
  organisations: [{ slug: 'demo-energi', name: 'Demo Energi', role: 'admin' as const }],
};
const orgStaff = {
  superAdmin: false,
  organisations: [{ slug: 'demo-energi', name: 'Demo Energi', role: 'staff' as const }],
};
const installerStaff = {
  superAdmin: false,
  organisations: [{ slug: 'demo-installer', name: 'Demo Installation', role: 'staff' as const }],
};

describe('the console menu rules', () => {
  it('a super admin impersonating an organisation sees every page they may open there, user management too', () => {
    const context: MenuContext = {
      user: superAdmin,
      organisation: { ...energi, features: [...energi.features] },
      impersonating: 'demo-energi',
    };
    expect(ids(context)).toEqual([
      'properties',
      'activities',
      'users',
      'transition',
      'portfolio',
      'property_lookup',
      'configuration',
      'validation',
      'messages',
      'user-management',
      'data-access',
      'super-account',
      'admin',
      'admin-user-management',
      'outbox',
    ]);
    // Every item in the menu is one the guards let through.
    for (const id of ids(context)) expect(isItemAllowed(menuItem(id), context)).toBe(true);
  });

  it('impersonating another organisation does not add the organisation admin items to this one', () => {
    const context: MenuContext = {
      user: superAdmin,
      organisation: { ...energi, features: [...energi.features] },
      impersonating: 'demo-bank',
    };
    expect(ids(context)).not.toContain('user-management');
    expect(ids(context)).toContain('portfolio');
  });

  it('an organisation admin gets configuration and user management, not the super admin pages', () => {
    const context: MenuContext = { user: orgAdmin, organisation: { ...energi, features: [...energi.features] } };
    expect(ids(context)).toEqual([
      'properties',
      'activities',
      'users',
      'transition',
      'configuration',
      'validation',
      'account',
      'org-select',
      'user-management',
      'data-access',
    ]);
  });

  it('staff get the feature pages only', () => {
    const context: MenuContext = { user: orgStaff, organisation: { ...energi, features: [...energi.features] } };
    expect(ids(context)).toEqual([
      'properties',
      'activities',
      'users',
      'transition',
      'validation',
      'account',
      'org-select',
    ]);
    expect(isItemAllowed(menuItem('portfolio'), context)).toBe(false);
    expect(isItemAllowed(menuItem('configuration'), context)).toBe(false);
  });

  it('installer staff get properties and their requests', () => {
    const context: MenuContext = { user: installerStaff, organisation: { ...installer, features: [] } };
    expect(ids(context)).toEqual(['properties', 'requests', 'account', 'org-select']);
  });

  it('nobody signed in sees nothing', () => {
    expect(ids({ user: null, organisation: { ...energi, features: [...energi.features] } })).toEqual([]);
  });
});
