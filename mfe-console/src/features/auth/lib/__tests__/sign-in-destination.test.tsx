import { signInUrlFor } from '../sign-in-destination';

const ORIGIN = 'http://localhost';

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
