import {
  auditQuerySchema,
  installersSchema,
  organisationCreateSchema,
  organisationUpdateSchema,
  staffEmailSchema,
} from '../admin';

const installer = {
  name: 'Solkraft AB',
  identifier: 'solkraft',
  logo: '/images/solkraft.svg',
  url: 'https://solkraft.example',
};

describe('admin schemas', () => {
  it('take installers of 1–255 characters with http(s) links, unique by identifier', () => {
    expect(installersSchema.parse([installer])).toEqual([installer]);
    const bad = (patch: object) => installersSchema.safeParse([{ ...installer, ...patch }]).error?.issues[0];
    expect(bad({ name: '' })?.path).toEqual([0, 'name']);
    expect(bad({ name: 'x'.repeat(256) })?.path).toEqual([0, 'name']);
    expect(bad({ url: 'ftp://solkraft.example' })?.message).toBe('must be an http(s) URL');
    expect(bad({ url: 'javascript:alert(1)' })?.path).toEqual([0, 'url']);
    expect(bad({ logo: '//evil.example/logo.png' })?.path).toEqual([0, 'logo']);
    expect(
      installersSchema.safeParse([installer, { ...installer, identifier: 'SOLKRAFT' }]).error?.issues[0].path,
    ).toEqual([1, 'identifier']);
  });

  it("default a new organisation's flags and sort and dedupe features", () => {
    expect(
      organisationCreateSchema.parse({
        slug: 'norr',
        name: ' Norr ',
        brand: 'norr',
        features: ['platform_validation', 'platform_analytics', 'platform_validation'],
      }),
    ).toEqual({
      slug: 'norr',
      name: 'Norr',
      brand: 'norr',
      features: ['platform_analytics', 'platform_validation'],
      isInstaller: false,
      installers: [],
    });
    expect(organisationUpdateSchema.safeParse({}).success).toBe(false);
    expect(organisationUpdateSchema.safeParse({ slug: 'renamed' }).success).toBe(false);
  });

  it('normalise staff emails', () => {
    expect(staffEmailSchema.parse('  Anna@Example.SE ')).toBe('anna@example.se');
    expect(staffEmailSchema.safeParse('anna').success).toBe(false);
  });

  it('read audit filters: whole days or ISO times, from not after to, bounded pages', () => {
    expect(auditQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(
      auditQuerySchema.parse({ from: '2026-01-01', to: '2026-01-31T23:00:00.000Z', page: '2', user: '7' }),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-01-31T23:00:00.000Z',
      page: 2,
      pageSize: 25,
      user: 7,
    });
    expect(auditQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).error?.issues[0].path).toEqual([
      'from',
    ]);
    expect(auditQuerySchema.safeParse({ pageSize: '500' }).success).toBe(false);
  });
});
