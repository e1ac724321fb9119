/**
 * NextAuth's default redirect callback (next-auth v4's `redirect` callback): same-origin paths and URLs are kept,
 * anything else becomes the base URL. Unlike upstream, unparsable values also fall back instead of failing.
 */
export function safeCallbackUrl(raw: unknown, baseUrl: string): string | null {
  if (typeof raw !== 'string' || raw === '') return null;
  if (raw.startsWith('/')) return `${baseUrl}${raw}`;
  try {
    return new URL(raw).origin === baseUrl ? raw : baseUrl;
  } catch {
    return baseUrl;
  }
}
