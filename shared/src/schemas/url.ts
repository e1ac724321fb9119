// The one rule for every URL a brand, lender or installer gives us: http(s) only, so a stored link can never be a
// javascript:, data: or other scheme when it is rendered (docs/security.md "Hardening and security").
import { z } from 'zod';
import { isHttpUrl, isSitePath } from './url-checks';
import { lazySchema } from './lazy-schema';

export { isHttpUrl, isHttpsUrl, isSitePath, safeHref, safeImageSrc } from './url-checks';

/** Every URL field of the shared schemas: trimmed, at most 255 characters, http(s) only. */
export const httpUrlSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(255, 'must be at most 255 characters')
    .refine(isHttpUrl, 'must be an http(s) URL'),
);

/** A picture: an http(s) URL or a path on this site. */
export const imageUrlSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(255, 'must be at most 255 characters')
    .refine((v) => isHttpUrl(v) || isSitePath(v), 'must be an http(s) URL or a path starting with /'),
);
