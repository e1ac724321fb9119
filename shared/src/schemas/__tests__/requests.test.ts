// What the smaller endpoints accept (docs/product.md §3–§6): valid requests pass as the route reads them, and each
// limit, pattern and rule refuses what it is there to refuse, with the message the client shows.
import { startSignSchema } from '../bankid';
import { canMoveLead, leadUpdateSchema } from '../installer-leads';
import {
  outboxIdSchema,
  outboxQuerySchema,
  passwordChooseSchema,
  passwordForgotSchema,
  passwordLinkSchema,
} from '../mail';
import { planRequestSchema } from '../plan';
import { propertyLookupQuerySchema } from '../property-lookup';
import {
  credentialsSchema,
  organisationDetailsSchema,
  organisationSlugSchema,
  sessionSchema,
  staffEmailSchema,
} from '../session';
import {
  answersReviewSchema,
  documentApprovalSchema,
  documentIdSchema,
  rejectionSchema,
  validationQueueQuerySchema,
} from '../validation-queue';

type Schema = { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
const ok = (schema: Schema, value: unknown) => schema.safeParse(value).success;
const message = (schema: Schema, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const long = (length: number) => 'x'.repeat(length);

describe('mail: outbox and password links', () => {
  it('pages the outbox from 1, 25 a page by default, query text read as numbers', () => {
    expect(outboxQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(outboxQuerySchema.parse({ page: '3', pageSize: '100' })).toEqual({ page: 3, pageSize: 100 });
    for (const query of [{ page: '0' }, { page: '100001' }, { pageSize: '0' }, { pageSize: '101' }, { sort: 'x' }]) {
      expect(ok(outboxQuerySchema, query)).toBe(false);
    }
    expect(ok(outboxQuerySchema, { page: '100000', pageSize: '1' })).toBe(true);
  });

  it('knows an outbox mail id by its shape', () => {
    expect(ok(outboxIdSchema, '20261126t101500123z-0a1b2c3d')).toBe(true);
    for (const id of [
      'x20261126t101500123z-0a1b2c3d',
      '20261126t101500123z-0a1b2c3dx',
      '2026112t101500123z-0a1b2c3d',
    ]) {
      expect(ok(outboxIdSchema, id)).toBe(false);
    }
    expect(ok(outboxIdSchema, '20261126t101500123z-0A1B2C3D')).toBe(false);
    expect(message(outboxIdSchema, '../etc')).toBe('an outbox mail id such as 20261126t101500123z-0a1b2c3d');
  });

  it('a forgotten password takes an email; a link takes its token and a new password of 12 to 200 characters', () => {
    expect(passwordForgotSchema.parse({ email: ' Anna@Example.SE ' })).toEqual({ email: 'anna@example.se' });
    expect(ok(passwordForgotSchema, { email: 'anna@example.se', name: 'Anna' })).toBe(false);
    const token = 'A'.repeat(19) + 'b_-9'.repeat(6);
    expect(passwordLinkSchema.parse({ token, password: long(12) })).toEqual({ token, password: long(12) });
    expect(message(passwordLinkSchema, { token: 'a'.repeat(42), password: long(12) })).toBe(
      'the link is incomplete: open it from the mail again',
    );
    expect(ok(passwordLinkSchema, { token: `${token}!`, password: long(12) })).toBe(false);
    expect(ok(passwordLinkSchema, { token: 'a'.repeat(129), password: long(12) })).toBe(false);
    expect(ok(passwordLinkSchema, { token: 'a'.repeat(128), password: long(200) })).toBe(true);
    expect(message(passwordChooseSchema, { password: long(11) })).toBe('at least 12 characters');
    expect(ok(passwordChooseSchema, { password: long(201) })).toBe(false);
    expect(ok(passwordChooseSchema, { password: long(12), again: long(12) })).toBe(false);
  });
});

describe('installer requests', () => {
  it('moves a lead forward only along its transitions', () => {
    expect(canMoveLead('new', 'contacted')).toBe(true);
    expect(canMoveLead('quoted', 'won')).toBe(true);
    expect(canMoveLead('new', 'won')).toBe(false);
    expect(canMoveLead('won', 'lost')).toBe(false);
  });

  it('an update takes a status and a trimmed note of at most 1000 characters (null clears it)', () => {
    expect(leadUpdateSchema.parse({ status: 'contacted', note: ' Ringt ' })).toEqual({
      status: 'contacted',
      note: 'Ringt',
    });
    expect(leadUpdateSchema.parse({ status: 'won', note: null })).toEqual({ status: 'won', note: null });
    expect(ok(leadUpdateSchema, { status: 'won', note: ` ${long(1000)} ` })).toBe(true);
    expect(message(leadUpdateSchema, { status: 'won', note: long(1001) })).toBe('must be at most 1000 characters');
    expect(ok(leadUpdateSchema, { status: 'archived' })).toBe(false);
    expect(ok(leadUpdateSchema, { status: 'won', by: 'x' })).toBe(false);
  });
});

describe('validation queue', () => {
  it('lists 50 by default, 1 to 200', () => {
    expect(validationQueueQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(validationQueueQuerySchema.parse({ limit: '200' })).toEqual({ limit: 200 });
    expect(ok(validationQueueQuerySchema, { limit: '0' })).toBe(false);
    expect(ok(validationQueueQuerySchema, { limit: '201' })).toBe(false);
    expect(ok(validationQueueQuerySchema, { offset: '1' })).toBe(false);
  });

  it('approves a document with corrections, rejects with a reason, reviews answers with an outcome', () => {
    const approval = { energy_class: 'D', ep: 2000, issued_at: '2020-05-04' };
    expect(documentApprovalSchema.parse(approval)).toEqual(approval);
    expect(documentApprovalSchema.parse({ ep: null, issued_at: null })).toEqual({ ep: null, issued_at: null });
    expect(ok(documentApprovalSchema, { ep: 2001 })).toBe(false);
    expect(ok(documentApprovalSchema, { ep: -1 })).toBe(false);
    expect(ok(documentApprovalSchema, { owner: 'x' })).toBe(false);
    expect(rejectionSchema.parse({ reason: ' Oläslig ' })).toEqual({ reason: 'Oläslig' });
    expect(message(rejectionSchema, { reason: '  ' })).toBe('say why');
    expect(ok(rejectionSchema, { reason: long(501) })).toBe(false);
    expect(ok(rejectionSchema, { reason: 'x', extra: 1 })).toBe(false);
    expect(answersReviewSchema.parse({ outcome: 'accepted', note: ' ok ' })).toEqual({
      outcome: 'accepted',
      note: 'ok',
    });
    expect(ok(answersReviewSchema, { outcome: 'rejected' })).toBe(true);
    expect(ok(answersReviewSchema, { outcome: 'maybe' })).toBe(false);
    expect(ok(answersReviewSchema, { outcome: 'accepted', note: long(501) })).toBe(false);
    expect(ok(answersReviewSchema, { outcome: 'accepted', by: 'x' })).toBe(false);
    expect(ok(documentIdSchema, '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e')).toBe(true);
    expect(ok(documentIdSchema, '42')).toBe(false);
  });
});

describe('plan request', () => {
  it('takes up to 20 different measures and a loan within the sliders’ ranges', () => {
    const request = {
      measures: ['heat_pump_air', 'insulation_attic'],
      loan: { type: 'Mortgage', term: 50, interest_rate: 9, home_valuation: 20_000_000, home_loan: 10_000_000 },
    };
    expect(planRequestSchema.parse(request)).toEqual(request);
    expect(planRequestSchema.parse({ measures: [] })).toEqual({ measures: [] });
    expect(ok(planRequestSchema, { measures: [], loan: { type: 'Private', term: 1, interest_rate: 0 } })).toBe(true);
  });

  it('refuses repeated or unknown measures, more than 20, and loans out of range', () => {
    expect(message(planRequestSchema, { measures: ['heat_pump_air', 'heat_pump_air'] })).toBe(
      'each measure at most once',
    );
    expect(ok(planRequestSchema, { measures: ['gold_roof'] })).toBe(false);
    expect(ok(planRequestSchema, { measures: Array(21).fill('heat_pump_air') })).toBe(false);
    const loan = (changes: object) => ({ measures: [], loan: { type: 'Private', ...changes } });
    for (const changes of [
      { type: 'Leasing' },
      { term: 0 },
      { term: 51 },
      { term: 2.5 },
      { interest_rate: -0.1 },
      { interest_rate: 9.1 },
      { home_valuation: -1 },
      { home_valuation: 20_000_001 },
      { home_loan: -1 },
      { home_loan: 10_000_001 },
      { bank: 'x' },
    ]) {
      expect(ok(planRequestSchema, loan(changes))).toBe(false);
    }
    expect(ok(planRequestSchema, { measures: [], user: 1 })).toBe(false);
  });
});

describe('property lookup and BankID sign-in', () => {
  it('looks up a trimmed text of 1 to 255 characters, optionally within a postal code', () => {
    expect(propertyLookupQuerySchema.parse({ q: ' Storgatan ', postal_code: ' 903 26 ' })).toEqual({
      q: 'Storgatan',
      postal_code: '903 26',
    });
    expect(ok(propertyLookupQuerySchema, { q: 'S', postal_code: '90326' })).toBe(true);
    expect(message(propertyLookupQuerySchema, { q: ' ' })).toBe('type at least one character');
    expect(ok(propertyLookupQuerySchema, { q: long(256) })).toBe(false);
    expect(message(propertyLookupQuerySchema, { q: 'S', postal_code: '9032' })).toBe('five digits, e.g. 123 45');
    for (const postalCode of ['x90326', '90326x', '903 2a', 'abc 26', '903  26']) {
      expect(ok(propertyLookupQuerySchema, { q: 'S', postal_code: postalCode })).toBe(false);
    }
    expect(ok(propertyLookupQuerySchema, { q: 'S', city: 'x' })).toBe(false);
  });

  it('starts a BankID order: identify by default, a return path only on this site', () => {
    const start = { csrfToken: 'abc', loginMethod: 'bankid.same_device' };
    expect(startSignSchema.parse(start)).toEqual({ ...start, identificationMode: 'identify' });
    const validate = { ...start, identificationMode: 'validate', returnPath: '/flow/property/4' };
    expect(startSignSchema.parse(validate)).toEqual(validate);
    expect(message(startSignSchema, { ...start, returnPath: '//evil.example' })).toBe(
      'must be a path on this site starting with /',
    );
    expect(ok(startSignSchema, { ...start, returnPath: `/${long(2000)}` })).toBe(false);
    expect(ok(startSignSchema, { ...start, csrfToken: '' })).toBe(false);
    expect(ok(startSignSchema, { ...start, csrfToken: long(201) })).toBe(false);
    expect(ok(startSignSchema, { ...start, loginMethod: 'password' })).toBe(false);
    expect(ok(startSignSchema, { ...start, identificationMode: 'sign' })).toBe(false);
    expect(ok(startSignSchema, { ...start, personalNumber: '19900101-0000' })).toBe(false);
    const deletion = { ...start, identificationMode: 'validate', purpose: 'delete_account' };
    expect(startSignSchema.parse(deletion)).toEqual(deletion);
    expect(message(startSignSchema, { ...start, purpose: 'delete_account' })).toBe(
      'a purpose needs identificationMode validate',
    );
    expect(ok(startSignSchema, { ...deletion, purpose: 'pay' })).toBe(false);
  });
});

describe('session', () => {
  it('organisation slugs are lower-case letters, digits and inner dashes, 2 to 63 long', () => {
    expect(['demo-energi', 'ab', 'a1', long(63)].map((slug) => ok(organisationSlugSchema, slug))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    const refused = ['a', long(64), '-demo', 'demo-', 'Demo', 'demo energi', 'demo_energi', 'démo'];
    expect(refused.map((slug) => ok(organisationSlugSchema, slug))).toEqual(refused.map(() => false));
    expect(message(organisationSlugSchema, 'Demo')).toBe('lower-case letters, digits and dashes');
  });

  it('reads a staff session and an organisation’s details', () => {
    const session = {
      user: {
        kind: 'staff',
        id: '7',
        name: 'Anna',
        email: 'anna@example.se',
        superAdmin: false,
        admin: true,
        organisations: [{ slug: 'demo-energi', name: 'Demo Energi', role: 'admin' }],
        impersonating: { slug: 'demo-energi', name: 'Demo Energi' },
      },
      expires: '2026-12-31T00:00:00.000Z',
    };
    expect(sessionSchema.parse(session)).toEqual(session);
    const homeowner = { ...session.user, kind: 'homeowner', organisations: [], personalNumberMasked: '19900101-****' };
    expect(ok(sessionSchema, { ...session, user: homeowner })).toBe(true);
    expect(ok(sessionSchema, { ...session, user: { ...session.user, kind: 'robot' } })).toBe(false);
    const badRole = [{ slug: 'demo-energi', name: 'Demo Energi', role: 'owner' }];
    expect(ok(sessionSchema, { ...session, user: { ...session.user, organisations: badRole } })).toBe(false);
    const details = { slug: 'demo-energi', name: 'Demo Energi', features: ['platform_validation'], isInstaller: false };
    expect(organisationDetailsSchema.parse(details)).toEqual(details);
    expect(ok(organisationDetailsSchema, { ...details, features: ['platform_mining'] })).toBe(false);
  });

  it('signs staff in with a trimmed lower-case email and a password of 1 to 200 characters', () => {
    expect(credentialsSchema.parse({ email: ' Anna@Example.SE ', password: 'p' })).toEqual({
      email: 'anna@example.se',
      password: 'p',
    });
    expect(message(staffEmailSchema, 'anna')).toBe('Invalid email address');
    expect(message(staffEmailSchema, `${long(250)}@x.se`)).toBe('must be at most 254 characters');
    expect(ok(credentialsSchema, { email: 'anna@example.se', password: '' })).toBe(false);
    expect(ok(credentialsSchema, { email: 'anna@example.se', password: long(201) })).toBe(false);
  });
});
