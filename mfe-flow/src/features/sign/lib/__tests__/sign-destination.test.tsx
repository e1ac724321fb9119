import { safeReturnPath, signDestination } from '../sign-destination';

const ORIGIN = 'http://localhost';

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/flow/contact', '/flow/contact'],
    [
      '/property/42/building/primary/results-dashboard?property_id=42#top',
      '/property/42/building/primary/results-dashboard?property_id=42#top',
    ],
    ['/flow/x/../contact', '/flow/contact'],
    ['/signature', '/signature'],
  ])('keeps %s as %s', (raw, expected) => {
    expect(safeReturnPath(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    null,
    '',
    'flow/contact',
    '//evil.example',
    '//evil.example/flow',
    '/\\evil.example/flow',
    '/\t/evil.example',
    'https://evil.example/',
    'http://localhost/flow/contact',
    'javascript:alert(1)',
    '/sign',
    '/sign?redirect=%2F',
    '/sign/',
    '/SIGN',
    '/flow/../sign',
  ])('refuses %p', (raw) => {
    expect(safeReturnPath(raw, ORIGIN)).toBeNull();
  });
});

describe('signDestination', () => {
  const destination = (query: Record<string, string>) => signDestination(new URLSearchParams(query), ORIGIN);

  it('prefers asPath, which carries the query string', () => {
    expect(destination({ redirect: '/flow/contact', asPath: '/flow/contact?step=2' })).toBe('/flow/contact?step=2');
  });

  it('falls back to redirect when asPath is missing or unsafe', () => {
    expect(destination({ redirect: '/flow/contact' })).toBe('/flow/contact');
    expect(destination({ redirect: '/flow/contact', asPath: '//evil.example/flow/contact?step=2' })).toBe(
      '/flow/contact',
    );
  });

  it('falls back to the start page', () => {
    expect(destination({})).toBe('/');
    expect(destination({ redirect: '//evil.example' })).toBe('/');
    expect(destination({ redirect: '/sign', asPath: '/sign?redirect=%2Fflow' })).toBe('/');
  });
});
