import { signRedirectUrl } from '../sign-redirect';

function loc(pathname: string, search = '', hash = '') {
  return { pathname, search, hash };
}

/** Parses the returned URL so the assertions do not depend on parameter order or encoding details. */
function parse(url: string | null) {
  expect(url).not.toBeNull();
  const parsed = new URL(url as string, 'http://host.test');
  return { pathname: parsed.pathname, params: Object.fromEntries(parsed.searchParams) };
}

describe('signRedirectUrl', () => {
  it('sends a plain path to /sign with only a redirect parameter', () => {
    const { pathname, params } = parse(signRedirectUrl(loc('/flow/address')));
    expect(pathname).toBe('/sign');
    expect(params).toEqual({ redirect: '/flow/address' });
  });

  it('adds asPath with the search when the full path differs', () => {
    const { pathname, params } = parse(signRedirectUrl(loc('/results', '?home=42&lang=sv')));
    expect(pathname).toBe('/sign');
    expect(params).toEqual({ redirect: '/results', asPath: '/results?home=42&lang=sv' });
  });

  it('adds asPath with search and hash', () => {
    const { params } = parse(signRedirectUrl(loc('/console/org/7', '?tab=users', '#top')));
    expect(params).toEqual({ redirect: '/console/org/7', asPath: '/console/org/7?tab=users#top' });
  });

  it('adds asPath with only a hash', () => {
    const { params } = parse(signRedirectUrl(loc('/results', '', '#energy')));
    expect(params).toEqual({ redirect: '/results', asPath: '/results#energy' });
  });

  it('encodes the values so they survive as single query parameters', () => {
    const url = signRedirectUrl(loc('/results', '?a=1&b=2', '#x'));
    // Unencoded '&' or '#' would split the asPath into separate parameters or a fragment.
    expect(url).not.toContain('#');
    expect(url?.split('&')).toHaveLength(2);
  });

  it('redirects from the root page', () => {
    expect(parse(signRedirectUrl(loc('/'))).params).toEqual({ redirect: '/' });
  });

  it.each(['/sign', '/sign/', '/sign/callback', '/sign/bankid/qr'])(
    'returns null when already under /sign (%s)',
    (pathname) => {
      expect(signRedirectUrl(loc(pathname, '?redirect=%2Fresults', '#x'))).toBeNull();
    },
  );

  it.each(['/signature', '/signup', '/signs/1', '/designer', '/flow/sign'])(
    'still redirects from %s, which is not under /sign',
    (pathname) => {
      const { pathname: target, params } = parse(signRedirectUrl(loc(pathname)));
      expect(target).toBe('/sign');
      expect(params).toEqual({ redirect: pathname });
    },
  );
});
