import { isHttpUrl, isHttpsUrl, isSitePath, safeHref, safeImageSrc } from '../url-checks';
import * as url from '../url';

describe('the URL checks a remote renders links and pictures with', () => {
  it('links: http(s) with a host only', () => {
    expect(safeHref('https://installer.example/offer')).toBe('https://installer.example/offer');
    expect(safeHref('http://installer.example')).toBe('http://installer.example');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'https://', '//installer.example', '/path', 42]) {
      expect(safeHref(bad)).toBeUndefined();
    }
  });

  it('pictures: http(s) or a path on this site, never a protocol-relative one', () => {
    expect(safeImageSrc('/images/logo.svg')).toBe('/images/logo.svg');
    expect(safeImageSrc('https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    for (const bad of [
      '//cdn.example/logo.png',
      '/\\cdn.example/logo.png',
      '/\t/cdn.example/logo.png',
      'javascript:x',
      undefined,
    ]) {
      expect(safeImageSrc(bad)).toBeUndefined();
    }
    expect(isSitePath('/a')).toBe(true);
    expect(isHttpsUrl('http://a.example')).toBe(false);
    expect(isHttpUrl('ftp://a.example')).toBe(false);
  });

  it('are the same functions the URL schemas module exports', () => {
    expect(url.safeHref).toBe(safeHref);
    expect(url.safeImageSrc).toBe(safeImageSrc);
    expect(url.httpUrlSchema.safeParse('javascript:alert(1)').success).toBe(false);
    expect(url.imageUrlSchema.safeParse(' /images/a.svg ').data).toBe('/images/a.svg');
  });
});
