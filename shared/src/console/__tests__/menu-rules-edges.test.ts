// The rules table's single rules (docs/product.md §6), one at a time: the same rules guard the console's API.
import {
  isExternalPath,
  isItemAllowed,
  isOrganisationAdmin,
  isOrganisationMember,
  menuItem,
  patternsFrom,
  visibleMenu,
  type MenuContext,
} from '../menu-rules';
import { PATTERNS, TABLES } from './served-tables';

const energi = { slug: 'demo-energi', features: ['platform_analytics' as const], isInstaller: false };
const bare = { slug: 'demo-bare', features: [], isInstaller: false };
const installer = { slug: 'demo-installer', features: [], isInstaller: true };
const member = (slug: string, role: 'admin' | 'staff') => ({
  superAdmin: false,
  organisations: [{ slug, name: slug, role }],
});
const superAdmin = { superAdmin: true, organisations: [] };
const allowed = (id: string, context: MenuContext) => isItemAllowed(menuItem(id), context);

describe('organisation admin and member', () => {
  it('an admin is an admin of their own organisation only; staff are not', () => {
    expect(isOrganisationAdmin({ user: member('demo-energi', 'admin'), organisation: energi })).toBe(true);
    expect(isOrganisationAdmin({ user: member('demo-bank', 'admin'), organisation: energi })).toBe(false);
    expect(isOrganisationAdmin({ user: member('demo-energi', 'staff'), organisation: energi })).toBe(false);
    expect(isOrganisationAdmin({ user: member('demo-energi', 'admin'), organisation: null })).toBe(false);
    expect(isOrganisationAdmin({ user: null, organisation: energi })).toBe(false);
  });

  it('a user in several organisations has the role they hold in the one being viewed', () => {
    const user = {
      superAdmin: false,
      organisations: [
        { slug: 'demo-bank', name: 'Demo Bank', role: 'admin' as const },
        { slug: 'demo-energi', name: 'Demo Energi', role: 'staff' as const },
      ],
    };
    expect(isOrganisationAdmin({ user, organisation: { ...energi, slug: 'demo-bank' } })).toBe(true);
    expect(isOrganisationAdmin({ user, organisation: energi })).toBe(false);
    expect(isOrganisationMember({ user, organisation: energi })).toBe(true);
  });

  it('a super admin administers every organisation, and outside one too', () => {
    expect(isOrganisationAdmin({ user: superAdmin, organisation: energi })).toBe(true);
    expect(isOrganisationAdmin({ user: superAdmin, organisation: null })).toBe(true);
  });

  it('a member belongs to their organisations; a super admin to every one; nobody outside an organisation', () => {
    expect(isOrganisationMember({ user: member('demo-energi', 'staff'), organisation: energi })).toBe(true);
    expect(isOrganisationMember({ user: member('demo-bank', 'staff'), organisation: energi })).toBe(false);
    expect(isOrganisationMember({ user: superAdmin, organisation: energi })).toBe(true);
    expect(isOrganisationMember({ user: superAdmin, organisation: null })).toBe(false);
    expect(isOrganisationMember({ user: null, organisation: energi })).toBe(false);
  });
});

describe('isItemAllowed, rule by rule', () => {
  it('an organisation page needs membership of the organisation, whatever the role', () => {
    expect(allowed('account', { user: member('demo-energi', 'staff'), organisation: energi })).toBe(true);
    expect(allowed('account', { user: member('demo-bank', 'admin'), organisation: energi })).toBe(false);
    expect(allowed('account', { user: member('demo-energi', 'admin'), organisation: null })).toBe(false);
  });

  it('super admin pages outside an organisation: a super admin only', () => {
    expect(allowed('admin', { user: superAdmin, organisation: null })).toBe(true);
    expect(allowed('outbox', { user: member('demo-energi', 'admin'), organisation: energi })).toBe(false);
    expect(allowed('admin', { user: null, organisation: null })).toBe(false);
  });

  it('a feature page needs the feature; an installer qualifies for properties only', () => {
    const installerStaff = { user: member('demo-installer', 'staff'), organisation: installer };
    expect(allowed('properties', installerStaff)).toBe(true);
    expect(allowed('activities', installerStaff)).toBe(false);
    expect(allowed('properties', { user: member('demo-bare', 'admin'), organisation: bare })).toBe(false);
    expect(allowed('validation', { user: member('demo-energi', 'admin'), organisation: energi })).toBe(false);
  });

  it('installer pages need an installer organisation, even for a super admin', () => {
    expect(allowed('requests', { user: member('demo-installer', 'staff'), organisation: installer })).toBe(true);
    expect(allowed('requests', { user: member('demo-energi', 'admin'), organisation: energi })).toBe(false);
    expect(allowed('requests', { user: superAdmin, organisation: energi })).toBe(false);
  });
});

describe('menu placement and links', () => {
  it('fills in the organisation slug; items outside an organisation keep their path', () => {
    const menu = visibleMenu({ user: superAdmin, organisation: energi }, PATTERNS);
    const items = menu.flatMap((group) => group.items);
    expect(items.find((item) => item.id === 'activities')?.href).toBe('/console/org/demo-energi/activities');
    expect(items.find((item) => item.id === 'admin')?.href).toBe('/console/admin');
    expect(menu.map((group) => group.group)).toEqual(['analytics', 'flow', 'knowledgeBase', 'superAdmin']);
  });

  it('links every page a super admin impersonating an organisation may open', () => {
    const menu = visibleMenu({ user: superAdmin, organisation: energi, impersonating: 'demo-energi' }, PATTERNS);
    const org = '/console/org/demo-energi';
    expect(menu.flatMap((group) => group.items.map((item) => item.href))).toEqual([
      `${org}/properties`,
      `${org}/activities`,
      `${org}/users`,
      `${org}/transition`,
      `${org}/portfolio`,
      `${org}/property_lookup`,
      `${org}/configuration`,
      `${org}/messages`,
      `${org}/user-management`,
      `${org}/data-access`,
      `${org}/account`,
      '/console/admin',
      '/console/admin/user-management',
      '/console/admin/outbox',
    ]);
  });

  it('links the installer pages and staff account pages of an organisation', () => {
    const hrefs = (context: MenuContext) =>
      visibleMenu(context, PATTERNS).flatMap((group) => group.items.map((i) => i.href));
    const org = '/console/org/demo-installer';
    expect(hrefs({ user: member('demo-installer', 'staff'), organisation: installer })).toEqual([
      `${org}/properties`,
      `${org}/requests`,
      `${org}/account`,
      `${org}/org-select`,
    ]);
    expect(
      hrefs({ user: member('demo-energi', 'admin'), organisation: { ...energi, features: ['platform_validation'] } }),
    ).toContain('/console/org/demo-energi/validation');
  });

  it('outside an organisation a super admin gets the admin pages only', () => {
    const menu = visibleMenu({ user: superAdmin, organisation: null }, PATTERNS);
    expect(menu.flatMap((group) => group.items.map((item) => item.href))).toEqual([
      '/console/admin',
      '/console/admin/user-management',
      '/console/admin/outbox',
    ]);
  });

  it('a super admin not impersonating gets no organisation account items', () => {
    const ids = visibleMenu({ user: superAdmin, organisation: energi, impersonating: null }, PATTERNS).flatMap(
      (group) => group.items.map((item) => item.id),
    );
    expect(ids).not.toContain('account');
    expect(ids).not.toContain('user-management');
    expect(ids).toContain('super-account');
  });

  it("a group's first item is its first permitted page; a group with none is not there", () => {
    const staff = { user: member('demo-energi', 'staff'), organisation: energi };
    const first = (group: string) => visibleMenu(staff, PATTERNS).find((g) => g.group === group)?.items[0]?.href;
    expect(first('analytics')).toBe('/console/org/demo-energi/properties');
    expect(first('account')).toBe('/console/org/demo-energi/account');
    expect(first('superAdmin')).toBeUndefined();
  });

  it('follows the served release: a page it moved is linked at its new path, one it lacks is not linked', () => {
    const moved = patternsFrom({
      ...TABLES,
      'mfe-admin': {
        mount: ['console/platform/*'],
        routes: [
          { index: true, page: 'organisations' },
          { path: 'mail/outbox', page: 'outbox' },
        ],
      },
    });
    const hrefs = visibleMenu({ user: superAdmin, organisation: null }, moved).flatMap((group) =>
      group.items.map((item) => [item.id, item.href]),
    );
    expect(hrefs).toEqual([
      ['admin', '/console/platform'],
      ['outbox', '/console/platform/mail/outbox'],
    ]);
    // Without the remote's table (its release not served here), none of its pages is linked.
    const withoutAdmin = patternsFrom({ 'mfe-console': TABLES['mfe-console'] });
    expect(visibleMenu({ user: superAdmin, organisation: null }, withoutAdmin)).toEqual([]);
  });

  it("fills the organisation into the page's :org; a page whose pattern needs another param gets no link", () => {
    const renamed = patternsFrom({
      ...TABLES,
      'mfe-console': {
        mount: ['console/*'],
        routes: [
          { path: 'o/:org/activities', page: 'activities' },
          { path: 'o/:organisation/users', page: 'users' },
        ],
      },
    });
    const staff = { user: member('demo-energi', 'staff'), organisation: energi };
    expect(visibleMenu(staff, renamed).flatMap((group) => group.items.map((item) => item.href))).toEqual([
      '/console/o/demo-energi/activities',
    ]);
  });

  it('only http and https paths are external', () => {
    expect(isExternalPath('https://example.se/help')).toBe(true);
    expect(isExternalPath('HTTP://example.se')).toBe(true);
    expect(isExternalPath('/console/admin')).toBe(false);
    expect(isExternalPath('mailto:help@example.se')).toBe(false);
    expect(isExternalPath('see https://example.se')).toBe(false);
  });

  it('names the unknown item it refuses', () => {
    expect(() => menuItem('nope')).toThrow('Unknown console menu item nope');
  });
});
