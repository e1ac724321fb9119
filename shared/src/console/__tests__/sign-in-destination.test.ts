import { homeForUser, safeCallbackUrl, signedInDestination } from '../sign-in-destination';

const ORIGIN = 'http://localhost';
const organisation = (slug: string) => ({ slug, name: slug, role: 'staff' as const });

describe('safeCallbackUrl', () => {
  it.each([
    ['/console/org/demo-energi', '/console/org/demo-energi'],
    ['/console/org/demo-energi/users?period=2025#top', '/console/org/demo-energi/users?period=2025#top'],
    ['/console/admin', '/console/admin'],
    ['http://localhost/console/org/demo-bank', '/console/org/demo-bank'],
    ['/console/org/x/../demo-bank', '/console/org/demo-bank'],
  ])('keeps %s as %s', (raw, expected) => {
    expect(safeCallbackUrl(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example/',
    '//evil.example',
    '//evil.example/console/',
    '/\\evil.example/console/',
    '\\\\evil.example/console/',
    'https://evil.example/console/org/demo-energi',
    'http://localhost:3001/console/org/demo-energi',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/console',
    '/console?x=1',
    '/consolex',
    '/console/../flow',
    '/flow',
    'console/org/demo-energi',
  ])('ignores %p', (raw) => {
    expect(safeCallbackUrl(raw, ORIGIN)).toBeNull();
  });
});

describe('homeForUser', () => {
  it.each([
    [
      'staff of one organisation',
      { superAdmin: false, organisations: [organisation('demo-energi')] },
      '/console/org/demo-energi',
    ],
    [
      'staff of several organisations',
      { superAdmin: false, organisations: [organisation('demo-energi'), organisation('demo-bank')] },
      '/console/org/demo-energi/org-select',
    ],
    ['a super admin without organisations', { superAdmin: true, organisations: [] }, '/console/admin'],
    [
      'a super admin with organisations',
      { superAdmin: true, organisations: [organisation('demo-bank'), organisation('demo-energi')] },
      '/console/org/demo-bank',
    ],
    ['staff without organisations', { superAdmin: false, organisations: [] }, null],
  ])('sends %s to %s', (_who, user, expected) => {
    expect(homeForUser(user)).toBe(expected);
  });

  it('puts the slug in the path as one segment', () => {
    expect(homeForUser({ superAdmin: false, organisations: [organisation('a/b?c')] })).toBe('/console/org/a%2Fb%3Fc');
  });
});

describe('signedInDestination', () => {
  const staff = { superAdmin: false, organisations: [organisation('demo-energi')] };
  it('sends a one-time password to "Choose your password" first, whatever they were sent for', () => {
    expect(signedInDestination({ ...staff, mustChangePassword: true }, '/console/org/demo-energi/users')).toBe(
      '/console/choose-password',
    );
  });
  it('follows the page they were sent to sign in for, else their home, else nowhere', () => {
    expect(signedInDestination(staff, '/console/org/demo-energi/users')).toBe('/console/org/demo-energi/users');
    expect(signedInDestination(staff, null)).toBe('/console/org/demo-energi');
    expect(signedInDestination({ superAdmin: false, organisations: [] }, null)).toBeNull();
  });
});
