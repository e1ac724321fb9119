// The URL checks without zod (docs/security.md "Hardening and security"): a remote that only renders links and pictures
// imports these and bundles no schema library (docs/performance.md).

/** An absolute http:// or https:// URL with a host (what `new URL` parses, not just the prefix). */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !/^https?:\/\/[^/]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An absolute https:// URL with a host. */
export function isHttpsUrl(value: unknown): value is string {
  return isHttpUrl(value) && /^https:/i.test(value);
}

/** Where isSitePath resolves a path, to see which host a browser would load it from. */
const THIS_SITE = 'https://this-site.invalid';

/**
 * A path on this site (`/images/x.svg`), never one a browser loads from another host: not a protocol-relative `//host`
 * or `/\host`, and no control character or white space anywhere (URL parsers drop tabs and newlines, so `/<tab>/host`
 * is `//host`). Resolved as a browser resolves it, it stays on this site.
 */
export function isSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\/(?![/\\])/.test(value) || /[\p{Cc}\s]/u.test(value)) return false;
  try {
    return new URL(value, THIS_SITE).origin === THIS_SITE;
  } catch {
    return false;
  }
}

/** What a link may point at when rendered: the URL when it is http(s), otherwise nothing (render no link). */
export function safeHref(value: unknown): string | undefined {
  return isHttpUrl(value) ? value : undefined;
}

/** What an <img> may load: an http(s) URL or a path on this site, otherwise nothing. */
export function safeImageSrc(value: unknown): string | undefined {
  return isHttpUrl(value) || isSitePath(value) ? value : undefined;
}
