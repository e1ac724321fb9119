// Request-wide input rules the route schemas cannot see: unknown query parameters and bodies that are not JSON.
import type { RequestHandler } from 'express';
import { HttpError } from './errors';

const shown = (key: string) => JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key);

function refuseQuery(query: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(query ?? {}).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      'bad_request',
      `Invalid query: unknown parameter ${shown(unknown[0]!)} ` +
        `(${allowed.length ? `this call takes only ${allowed.join(', ')}` : 'this call takes none'})`,
      unknown.map((key) => ({ path: `query.${key}`, message: 'unknown parameter' })),
    );
  }
}

/** For routes that take no query: an unknown parameter is the caller's mistake, a 400 naming it (never ignored). */
export const noQuery: RequestHandler = (req, _res, next) => {
  refuseQuery(req.query, []);
  next();
};

/**
 * The flow's brand hint (docs/product.md §5: query owner, then cookie, subdomain, default) is the one query a flow call
 * may carry.
 */
export const FLOW_QUERY = ['owner'] as const;
export const flowQueryOnly: RequestHandler = (req, _res, next) => {
  refuseQuery(req.query, FLOW_QUERY);
  next();
};

/** Writes under /api take their input from the body (NextAuth's routes, mounted before this, keep their protocol). */
export const noQueryOnWrites: RequestHandler = (req, _res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    refuseQuery(req.query, req.originalUrl.startsWith('/api/flow/') ? FLOW_QUERY : []);
  next();
};

/**
 * The routes that take an upload (multer, multipart/form-data): the only ones a multipart body may reach. Matched
 * like Express routes (case-insensitive, optional trailing slash);
 * bff/hardening/__tests__/attack-multipart-to-json-route.test.ts fails when a multer route is missing here.
 */
export const UPLOAD_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/flow\/property\/[^/]+\/document\/?$/i },
  { method: 'POST', path: /^\/api\/releases\/[^/]+\/?$/i },
];

export function takesUpload(method: string, url: string): boolean {
  const pathname = url.split('?')[0]!;
  return UPLOAD_ROUTES.some((route) => route.method === method && route.path.test(pathname));
}

/**
 * A body that is not JSON (text/plain, a form, multipart, XML, none named) would reach the routes as "no body" and be
 * read as `{}`, which is valid for the calls whose fields are all optional (an empty rates object wipes the rates):
 * refuse it with 415 instead. Only the upload routes take multipart (and check the rest themselves).
 */
export const jsonBodies: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (
    hasBody &&
    !req.is('application/json') &&
    !(req.is('multipart/form-data') && takesUpload(req.method, req.originalUrl))
  ) {
    const sent = req.headers['content-type'] ?? 'none';
    const upload = takesUpload(req.method, req.originalUrl);
    throw new HttpError(
      415,
      'unsupported_media_type',
      upload
        ? `Send the document as multipart/form-data, not ${shown(sent)}.`
        : `Send the body as JSON (Content-Type: application/json), not ${shown(sent)}.`,
    );
  }
  next();
};

/** One label of a DNS name: letters, digits, `-` and `_`, neither starting nor ending with `-`. */
const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
/** A DNS name (labels, an optional final dot) or an IPv6 literal, with an optional port. */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, 'i');

/** Whether a Host header names a host (and a port 1–65535) that URLs can be built from. */
export function isValidHost(host: string): boolean {
  const match = host.length <= 261 ? HOST.exec(host) : null;
  if (!match) return false;
  if (match[1] !== undefined && (Number(match[1]) < 1 || Number(match[1]) > 65535)) return false;
  try {
    return new URL(`http://${host}`).host !== '';
  } catch {
    return false;
  }
}

/**
 * A Host header (or, from a trusted proxy, X-Forwarded-Host) that names no host — spaces, brackets, a port out of
 * range, empty — is a 400 naming it (RFC 9112 §3.2), before any route builds a URL from it (without PUBLIC_URL the
 * demo builds its auth URLs from the request: docs/security.md "What else the server enforces").
 */
export const validHost: RequestHandler = (req, _res, next) => {
  const raw = req.headers.host;
  const forwarded = req.host;
  for (const [header, value] of [
    ['Host', raw],
    ['X-Forwarded-Host', forwarded !== raw ? forwarded : undefined],
  ] as const) {
    if (value !== undefined && !isValidHost(value))
      throw new HttpError(400, 'bad_request', `Invalid ${header} header: ${shown(value)} names no host`, [
        { path: `headers.${header.toLowerCase()}`, message: 'names no host' },
      ]);
  }
  next();
};
