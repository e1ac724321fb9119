// What the console's admin and account endpoints accept (docs/product.md §6): valid requests pass as the routes
// read them; each limit and rule refuses what it is there to refuse, with the message the console shows.
import { accountUpdateSchema, passwordChangeSchema } from '../account';
import {
  brandIdSchema,
  consoleUserCreateSchema,
  consoleUserFilterSchema,
  consoleUserUpdateSchema,
  impersonationStartSchema,
  installersSchema,
  membershipUpdateSchema,
  organisationCreateSchema,
  organisationUpdateSchema,
  organisationUserCreateSchema,
  organisationUserUpdateSchema,
  releaseAudienceSchema,
  releaseTokenCreateSchema,
} from '../admin';
import { discountRequestSchema } from '../lenders';

type Schema = { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
const ok = (schema: Schema, value: unknown) => schema.safeParse(value).success;
const message = (schema: Schema, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const long = (length: number) => 'x'.repeat(length);

describe('organisations', () => {
  const installer = { name: 'Värme AB', identifier: 'varme-ab', logo: '/logos/varme.svg', url: 'https://varme.se' };

  it('creates an organisation with sorted unique features and defaults for the rest', () => {
    const created = organisationCreateSchema.parse({
      slug: 'demo-energi',
      name: ' Demo Energi ',
      brand: 'demo',
      features: ['platform_validation', 'platform_analytics', 'platform_validation'],
    });
    expect(created).toEqual({
      slug: 'demo-energi',
      name: 'Demo Energi',
      brand: 'demo',
      features: ['platform_analytics', 'platform_validation'],
      isInstaller: false,
      installers: [],
    });
    expect(ok(organisationCreateSchema, { slug: 'demo', name: 'Demo', brand: 'demo', active: true })).toBe(false);
  });

  it('names are 1 to 255 characters after trimming', () => {
    const create = (name: string) => ({ slug: 'demo', name, brand: 'demo' });
    expect(message(organisationCreateSchema, create('  '))).toBe('must not be empty');
    expect(message(organisationCreateSchema, create(long(256)))).toBe('must be at most 255 characters');
    expect(ok(organisationCreateSchema, create(long(255)))).toBe(true);
  });

  it('brand ids are lower-case slugs of at most 63', () => {
    expect(['demo', 'a', 'demo-2', long(63)].map((id) => ok(brandIdSchema, id))).toEqual([true, true, true, true]);
    const refused = ['', long(64), '-demo', 'demo-', 'Demo', 'de mo', 'de_mo'];
    expect(refused.map((id) => ok(brandIdSchema, id))).toEqual(refused.map(() => false));
    expect(message(brandIdSchema, 'Demo')).toBe('lower-case letters, digits and dashes (at most 63)');
  });

  it('installers: at most 50, identifiers unique whatever their case', () => {
    expect(installersSchema.parse([installer])).toEqual([installer]);
    const twice = installersSchema.safeParse([installer, { ...installer, identifier: 'VARME-AB' }]);
    expect(twice.error?.issues).toEqual([
      expect.objectContaining({ path: [1, 'identifier'], message: 'must be unique within the organisation' }),
    ]);
    const many = Array.from({ length: 51 }, (_, i) => ({ ...installer, identifier: `i${i}` }));
    expect(ok(installersSchema, many)).toBe(false);
    expect(ok(installersSchema, many.slice(0, 50))).toBe(true);
    expect(ok(installersSchema, [{ ...installer, url: 'javascript:alert(1)' }])).toBe(false);
  });

  it('an update changes at least one field', () => {
    expect(organisationUpdateSchema.parse({ active: false })).toEqual({ active: false });
    expect(organisationUpdateSchema.parse({ features: ['platform_validation'] })).toEqual({
      features: ['platform_validation'],
    });
    expect(message(organisationUpdateSchema, {})).toBe('give at least one field to change');
    expect(ok(organisationUpdateSchema, { slug: 'other' })).toBe(false);
    expect(ok(organisationUpdateSchema, { features: Array(11).fill('platform_analytics') })).toBe(false);
  });

  it('impersonation names an organisation by its slug', () => {
    expect(impersonationStartSchema.parse({ organisation: 'demo-energi' })).toEqual({ organisation: 'demo-energi' });
    expect(ok(impersonationStartSchema, { organisation: 'Demo' })).toBe(false);
    expect(ok(impersonationStartSchema, { organisation: 'demo', as: 'admin' })).toBe(false);
  });
});

describe('console users', () => {
  it('creates a user with memberships, each organisation once, at most 50', () => {
    const user = { email: 'Anna@Example.se', name: ' Anna ', memberships: [{ organisation: 'demo', role: 'admin' }] };
    expect(consoleUserCreateSchema.parse(user)).toEqual({ ...user, email: 'anna@example.se', name: 'Anna' });
    expect(consoleUserCreateSchema.parse({ email: 'a@b.se', name: 'A' })).toEqual({
      email: 'a@b.se',
      name: 'A',
      memberships: [],
    });
    const twice = [
      { organisation: 'demo', role: 'admin' },
      { organisation: 'demo', role: 'staff' },
    ];
    expect(message(consoleUserCreateSchema, { ...user, memberships: twice })).toBe('each organisation at most once');
    const many = Array.from({ length: 51 }, (_, i) => ({ organisation: `org-${i}`, role: 'staff' }));
    expect(ok(consoleUserCreateSchema, { ...user, memberships: many })).toBe(false);
    expect(ok(consoleUserCreateSchema, { ...user, memberships: [{ organisation: 'demo', role: 'owner' }] })).toBe(
      false,
    );
    expect(ok(consoleUserCreateSchema, { ...user, password: 'x' })).toBe(false);
  });

  it('an organisation adds a user with a role; updates change at least one field', () => {
    const user = { email: 'a@b.se', name: 'A', role: 'staff' };
    expect(organisationUserCreateSchema.parse(user)).toEqual(user);
    expect(ok(organisationUserCreateSchema, { ...user, role: 'owner' })).toBe(false);
    expect(consoleUserUpdateSchema.parse({ name: ' B ' })).toEqual({ name: 'B' });
    expect(message(consoleUserUpdateSchema, {})).toBe('give at least one field to change');
    expect(ok(consoleUserUpdateSchema, { role: 'admin' })).toBe(false);
    expect(organisationUserUpdateSchema.parse({ role: 'admin', active: true })).toEqual({
      role: 'admin',
      active: true,
    });
    expect(message(organisationUserUpdateSchema, {})).toBe('give at least one field to change');
    expect(ok(organisationUserUpdateSchema, { name: 'B' })).toBe(false);
    expect(membershipUpdateSchema.parse({ role: 'staff' })).toEqual({ role: 'staff' });
    expect(ok(membershipUpdateSchema, { role: 'staff', organisation: 'demo' })).toBe(false);
  });

  it('filters users by organisation and a trimmed text of at most 100', () => {
    expect(consoleUserFilterSchema.parse({ organisation: 'demo', q: ' anna ' })).toEqual({
      organisation: 'demo',
      q: 'anna',
    });
    expect(ok(consoleUserFilterSchema, { q: long(101) })).toBe(false);
    expect(ok(consoleUserFilterSchema, { organisation: 'Demo' })).toBe(false);
    expect(ok(consoleUserFilterSchema, { sort: 'name' })).toBe(false);
  });
});

describe('releases', () => {
  it('an audience is a brand, a whole percent from 1 to 99, or everyone', () => {
    expect(releaseAudienceSchema.parse({ kind: 'brand', brand: 'demo' })).toEqual({ kind: 'brand', brand: 'demo' });
    expect(releaseAudienceSchema.parse({ kind: 'percent', percent: 99 })).toEqual({ kind: 'percent', percent: 99 });
    expect(releaseAudienceSchema.parse({ kind: 'everyone' })).toEqual({ kind: 'everyone' });
    expect(ok(releaseAudienceSchema, { kind: 'percent', percent: 1 })).toBe(true);
    expect(ok(releaseAudienceSchema, { kind: 'percent', percent: 0 })).toBe(false);
    expect(ok(releaseAudienceSchema, { kind: 'percent', percent: 100 })).toBe(false);
    expect(message(releaseAudienceSchema, { kind: 'percent', percent: 2.5 })).toBe('must be a whole number');
    expect(ok(releaseAudienceSchema, { kind: 'brand', brand: 'Demo' })).toBe(false);
    expect(ok(releaseAudienceSchema, { kind: 'everyone', percent: 5 })).toBe(false);
    expect(ok(releaseAudienceSchema, { kind: 'some' })).toBe(false);
  });

  it('a release token names who uses it', () => {
    const token = releaseTokenCreateSchema.safeParse({ remote: 'x', label: ' ' });
    expect(token.error?.issues.map((issue) => issue.message)).toContain('must name who uses the token');
  });
});

describe('account and discounts', () => {
  it('an account update changes the name or the mail language', () => {
    expect(accountUpdateSchema.parse({ name: ' Anna ' })).toEqual({ name: 'Anna' });
    expect(accountUpdateSchema.parse({ mailLanguage: 'sv' })).toEqual({ mailLanguage: 'sv' });
    expect(message(accountUpdateSchema, {})).toBe('give name and/or mailLanguage');
    expect(message(accountUpdateSchema, { name: ' ' })).toBe('must not be empty');
    expect(ok(accountUpdateSchema, { name: long(256) })).toBe(false);
    expect(ok(accountUpdateSchema, { mailLanguage: 'de' })).toBe(false);
    expect(ok(accountUpdateSchema, { name: 'A', email: 'a@b.se' })).toBe(false);
  });

  it('a password change needs the current password and a new one of 12 to 200 that differs', () => {
    const change = { currentPassword: 'old', newPassword: long(12) };
    expect(passwordChangeSchema.parse(change)).toEqual(change);
    expect(message(passwordChangeSchema, { ...change, currentPassword: '' })).toBe('enter your current password');
    expect(message(passwordChangeSchema, { ...change, newPassword: long(11) })).toBe('at least 12 characters');
    expect(ok(passwordChangeSchema, { ...change, newPassword: long(201) })).toBe(false);
    expect(ok(passwordChangeSchema, { ...change, currentPassword: long(201) })).toBe(false);
    const same = passwordChangeSchema.safeParse({ currentPassword: long(12), newPassword: long(12) });
    expect(same.error?.issues).toEqual([
      expect.objectContaining({ path: ['newPassword'], message: 'choose a password you have not used here' }),
    ]);
  });

  it('a discount request gives the class after, maybe before, and a mortgage up to 10 000 000', () => {
    const request = { energy_class_after: 'B', energy_class_before: 'E', mortgage_amount: 10_000_000 };
    expect(discountRequestSchema.parse(request)).toEqual(request);
    expect(ok(discountRequestSchema, { ...request, mortgage_amount: 10_000_001 })).toBe(false);
    expect(ok(discountRequestSchema, { ...request, mortgage_amount: -1 })).toBe(false);
    expect(ok(discountRequestSchema, { ...request, energy_class_after: 'H' })).toBe(false);
    expect(ok(discountRequestSchema, { ...request, bank: 'x' })).toBe(false);
  });
});
