// The one rule for every URL a brand, lender or installer gives us: http(s) only, so a stored link can never be a
// javascript:, data: or other scheme when it is rendered (docs/security.md "Hardening and security").
import { z } from 'zod';

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

/** A path on this site (`/images/x.svg`), never a protocol-relative `//host` or `/\host`. */
export function isSitePath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value);
}

/** Every URL field of the shared schemas: trimmed, at most 255 characters, http(s) only. */
export const httpUrlSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine(isHttpUrl, 'must be an http(s) URL');

/** A picture: an http(s) URL or a path on this site. */
export const imageUrlSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine((v) => isHttpUrl(v) || isSitePath(v), 'must be an http(s) URL or a path starting with /');

/** What a link may point at when rendered: the URL when it is http(s), otherwise nothing (render no link). */
export function safeHref(value: unknown): string | undefined {
  return isHttpUrl(value) ? value : undefined;
}

/** What an <img> may load: an http(s) URL or a path on this site, otherwise nothing. */
export function safeImageSrc(value: unknown): string | undefined {
  return isHttpUrl(value) || isSitePath(value) ? value : undefined;
}
