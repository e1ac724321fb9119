import { LRUCache } from 'lru-cache';
import signature from 'cookie-signature';

/** Signed session cookies already verified, by value: the HMAC of a given value and secret never changes. */
const VERIFIED_KEPT = 10_000;

/**
 * Reads the session id out of an express-session cookie value (`s:<id>.<signature>`), or null when the value is not
 * one signed with this secret. Verified values are remembered, so a cookie seen before costs a map lookup.
 */
export function sessionIdReader(secret: string): (value: string) => string | null {
  const verified = new LRUCache<string, string>({ max: VERIFIED_KEPT });
  return (value) => {
    const known = verified.get(value);
    if (known !== undefined) return known;
    if (!value.startsWith('s:')) return null;
    const sid = signature.unsign(value.slice(2), secret);
    if (sid === false) return null;
    verified.set(value, sid);
    return sid;
  };
}
