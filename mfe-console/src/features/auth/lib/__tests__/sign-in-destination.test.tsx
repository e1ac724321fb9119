import { demoSessions } from '../../../../testing/demo-data';
import { homeForUser, safeCallbackUrl, signInUrlFor } from '../sign-in-destination';

const ORIGIN = 'http://localhost';

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
    ['staff of one organisation', demoSessions.energiStaff, '/console/org/demo-energi'],
    ['staff of several organisations', demoSessions.multi, '/console/org/demo-energi/org-select'],
    ['a super admin without organisations', demoSessions.superAdmin, '/console/admin'],
    ['a super admin with organisations', demoSessions.superAdminWithOrganisations, '/console/org/demo-bank'],
    ['staff without organisations', demoSessions.staffWithoutOrganisation, null],
  ])('sends %s to %s', (_who, session, expected) => {
    expect(homeForUser(session.user)).toBe(expected);
  });
});

describe('signInUrlFor', () => {
  it('carries the whole current path as callbackUrl and says a session is required', () => {
    const url = new URL(
      signInUrlFor({ pathname: '/console/org/demo-energi/users', search: '?period=2025', hash: '' }),
      ORIGIN,
    );
    expect(url.pathname).toBe('/console');
    expect(url.searchParams.get('callbackUrl')).toBe('/console/org/demo-energi/users?period=2025');
    expect(url.searchParams.get('error')).toBe('SessionRequired');
  });
});
