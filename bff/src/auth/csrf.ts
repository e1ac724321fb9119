import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** NextAuth's double-submit CSRF scheme: cookie `token|sha256(token+secret)`, the token posted as `csrfToken`. */
export interface CsrfState {
  token: string;
  /** The cookie value to set, or null when the request's cookie is already valid. */
  cookie: string | null;
}

function hashToken(token: string, secret: string): string {
  return crypto.createHash('sha256').update(`${token}${secret}`).digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

// Cookies already found valid, by secret: every /api/auth call reads the cookie, and its hash never changes.
const validCookies = new Map<string, LRUCache<string, string>>();
const VALID_COOKIES_KEPT = 10_000;

export function readCsrf(cookieValue: string | undefined, secret: string): CsrfState {
  if (cookieValue) {
    let valid = validCookies.get(secret);
    const known = valid?.get(cookieValue);
    if (known) return { token: known, cookie: null };
    const [token, hash] = cookieValue.split('|');
    if (token && hash && safeEqual(hash, hashToken(token, secret))) {
      if (!valid) validCookies.set(secret, (valid = new LRUCache({ max: VALID_COOKIES_KEPT })));
      valid.set(cookieValue, token);
      return { token, cookie: null };
    }
  }
  const token = crypto.randomBytes(32).toString('hex');
  return { token, cookie: `${token}|${hashToken(token, secret)}` };
}

/** A POST is CSRF-verified only when its cookie was valid and the posted token equals the cookie's token. */
export function csrfVerified(state: CsrfState, posted: unknown): boolean {
  return state.cookie === null && typeof posted === 'string' && safeEqual(posted, state.token);
}
