import { contactSchema, PHONE_ERROR_KINDS, validateEmail, validateSwedishPhone, type PhoneErrorKind } from '../contact';

const MOBILE = { ok: true, e164: '+46701234567', national: '070-123 45 67' };

describe('PHONE_ERROR_KINDS', () => {
  it('lists the docs/product.md §5 kinds as stable codes', () => {
    expect(PHONE_ERROR_KINDS).toEqual([
      'too_short',
      'too_long',
      'incorrect_country',
      'incorrect_phone_type',
      'invalid_number',
      'address_not_found',
      'invalid_email',
      'missing',
      'incorrect_ssn',
    ]);
  });
});

describe('validateSwedishPhone', () => {
  it.each([
    '0701234567',
    '070-123 45 67',
    '+46 70 123 45 67',
    '0046701234567',
    '+46701234567',
    '  070 123 45 67  ',
    '+46 (0)70 123 45 67',
  ])('accepts the Swedish mobile %j', (input) => {
    expect(validateSwedishPhone(input)).toEqual(MOBILE);
  });

  it('formats other mobile series too', () => {
    expect(validateSwedishPhone('076-1234567')).toEqual({ ok: true, e164: '+46761234567', national: '076-123 45 67' });
  });

  it('refuses a Stockholm landline by default and accepts it with allowLandline', () => {
    expect(validateSwedishPhone('08-123 456 78')).toEqual({ ok: false, kind: 'incorrect_phone_type' });
    expect(validateSwedishPhone('08-123 456 78', { allowLandline: false })).toEqual({
      ok: false,
      kind: 'incorrect_phone_type',
    });
    expect(validateSwedishPhone('08-123 456 78', { allowLandline: true })).toEqual({
      ok: true,
      e164: '+46812345678',
      national: '08-123 456 78',
    });
  });

  it('allowLandline still accepts mobiles and still refuses non-landline services', () => {
    expect(validateSwedishPhone('0701234567', { allowLandline: true })).toEqual(MOBILE);
    // premium rate and toll free are neither mobiles nor landlines
    expect(validateSwedishPhone('0900-123 45 67', { allowLandline: true })).toEqual({
      ok: false,
      kind: 'incorrect_phone_type',
    });
    expect(validateSwedishPhone('020-123 456', { allowLandline: true })).toEqual({
      ok: false,
      kind: 'incorrect_phone_type',
    });
  });

  it.each([
    ['+4791234567', 'Norwegian mobile'],
    ['+4520123456', 'Danish fixed line or mobile'],
    ['0047 912 34 567', 'Norwegian with 00 prefix'],
    ['+1 202 555 0123', 'US number'],
  ])('refuses %j (%s) as incorrect_country', (input) => {
    expect(validateSwedishPhone(input)).toEqual({ ok: false, kind: 'incorrect_country' });
    expect(validateSwedishPhone(input, { allowLandline: true })).toEqual({ ok: false, kind: 'incorrect_country' });
  });

  it.each(['abc', '+', 'x0701234567', '0701234567x', '07o1234567', '+999 123456'])(
    'refuses the unparseable %j as invalid_number',
    (input) => {
      expect(validateSwedishPhone(input)).toEqual({ ok: false, kind: 'invalid_number' });
    },
  );

  it.each([
    ['0701', 'too_short'],
    ['1', 'too_short'],
    ['+46 7', 'too_short'],
    ['07012345678901', 'too_long'],
    ['0701234567'.repeat(30), 'too_long'],
  ] as const)('refuses %j as %s', (input, kind) => {
    expect(validateSwedishPhone(input)).toEqual({ ok: false, kind });
  });

  it.each(['07012345678', '+4670123456', '070 123 45 6'])(
    'refuses the possible-length but invalid %j as invalid_number',
    (input) => {
      expect(validateSwedishPhone(input)).toEqual({ ok: false, kind: 'invalid_number' });
    },
  );

  it('refuses a number with an extension (lost in E.164)', () => {
    expect(validateSwedishPhone('0701234567 ext 3')).toEqual({ ok: false, kind: 'invalid_number' });
  });

  it.each(['', '   ', '\t\n'])('reports %j as missing', (input) => {
    expect(validateSwedishPhone(input)).toEqual({ ok: false, kind: 'missing' });
  });

  it('reports a non-string (untyped caller) as missing instead of throwing', () => {
    expect(validateSwedishPhone(undefined as unknown as string)).toEqual({ ok: false, kind: 'missing' });
  });
});

describe('validateEmail', () => {
  it('accepts, trims and lower-cases', () => {
    expect(validateEmail('  Anna.Svensson@Example.SE ')).toEqual({ ok: true, email: 'anna.svensson@example.se' });
  });

  it.each(['anna', 'anna@', '@example.se', 'anna@example', 'anna svensson@example.se', 'anna..s@example.se'])(
    'refuses %j',
    (input) => {
      expect(validateEmail(input)).toEqual({ ok: false, kind: 'invalid_email' });
    },
  );

  it('allows 254 characters and refuses 255', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.se`;
    expect(at254).toHaveLength(254);
    expect(validateEmail(at254)).toEqual({ ok: true, email: at254 });
    const at255 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.se`;
    expect(at255).toHaveLength(255);
    expect(validateEmail(at255)).toEqual({ ok: false, kind: 'invalid_email' });
  });

  it('reports empty as missing', () => {
    expect(validateEmail('  ')).toEqual({ ok: false, kind: 'missing' });
  });
});

describe('contactSchema', () => {
  const issuesOf = (input: unknown) => {
    const result = contactSchema.safeParse(input);
    if (result.success) throw new Error(`expected failure, got ${JSON.stringify(result.data)}`);
    return result.error.issues.map((issue) => ({
      code: issue.code,
      path: issue.path,
      message: issue.message,
      kind: issue.code === 'custom' ? (issue.params as { kind?: PhoneErrorKind } | undefined)?.kind : undefined,
    }));
  };

  it('normalises email to lower-case trimmed and mobile to E.164', () => {
    expect(contactSchema.parse({ email: ' Anna@Example.SE ', mobile: '070-123 45 67' })).toEqual({
      email: 'anna@example.se',
      mobile: '+46701234567',
    });
  });

  it("gives 'Invalid email address' with the kind in params", () => {
    expect(issuesOf({ email: 'nope', mobile: '0701234567' })).toEqual([
      { code: 'custom', path: ['email'], message: 'Invalid email address', kind: 'invalid_email' },
    ]);
    expect(issuesOf({ email: '', mobile: '0701234567' })).toEqual([
      { code: 'custom', path: ['email'], message: 'Invalid email address', kind: 'missing' },
    ]);
  });

  it.each([
    ['08-123 456 78', 'incorrect_phone_type'],
    ['+4791234567', 'incorrect_country'],
    ['abc', 'invalid_number'],
    ['0701', 'too_short'],
    ['07012345678901', 'too_long'],
    ['', 'missing'],
  ] as const)("gives 'Invalid phone number' for %j with kind %s (landlines refused)", (mobile, kind) => {
    expect(issuesOf({ email: 'anna@example.se', mobile })).toEqual([
      { code: 'custom', path: ['mobile'], message: 'Invalid phone number', kind },
    ]);
  });

  it('reports both fields at once', () => {
    expect(issuesOf({ email: 'x', mobile: 'y' })).toEqual([
      { code: 'custom', path: ['email'], message: 'Invalid email address', kind: 'invalid_email' },
      { code: 'custom', path: ['mobile'], message: 'Invalid phone number', kind: 'invalid_number' },
    ]);
  });

  it('requires both fields as strings, with the spec messages', () => {
    expect(issuesOf({})).toEqual([
      { code: 'invalid_type', path: ['email'], message: 'Invalid email address', kind: undefined },
      { code: 'invalid_type', path: ['mobile'], message: 'Invalid phone number', kind: undefined },
    ]);
    expect(issuesOf({ email: 'anna@example.se', mobile: 46701234567 })).toEqual([
      { code: 'invalid_type', path: ['mobile'], message: 'Invalid phone number', kind: undefined },
    ]);
  });

  it('refuses unknown keys (strict)', () => {
    const result = contactSchema.safeParse({ email: 'anna@example.se', mobile: '0701234567', role: 'admin' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['role'], path: [] }),
    ]);
  });
});
