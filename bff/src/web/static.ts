import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import express, { type Request, type RequestHandler, type Response } from 'express';
import compression from 'compression';
import { checkObjectKey, ObjectKeyError, type ObjectStore } from '../storage/object-store';
import {
  acceptedEncodings,
  isSiblingRequest,
  SIBLING_SUFFIX,
  storedSiblings,
  withoutSiblingSuffix,
} from './precompressed';
import { withPreloads, type ActiveRelease, type PreloadHint } from './page-hints';
import { matchPage, pageDataPaths, pageFrame, withFrame, type ServedRemote } from './release-pages';
import { CODE_TYPES, servedTypeOf } from '../modules/releases/release-check';
import { themeForPath } from '@home-energy/shared/ui/theme-path';
import { signRedirectUrl } from '@home-energy/shared/api/sign-redirect';
import type { PageState, PageStateRule } from '@home-energy/shared/mfe/page-routes';
import { CONSOLE_SIGN_IN_PATH } from '@home-energy/shared/mfe/pages';

const NO_CACHE = new Set(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json', 'index.html']);
// Built file names carry a content hash of 10 hex digits (shared/build/webpack.cjs).
const HASHED = /\.[0-9a-f]{10}\.(js|css|map|txt)$|\/assets\//;

function setCacheHeaders(res: Response, sent: string): void {
  const file = withoutSiblingSuffix(sent);
  const name = path.basename(file);
  if (NO_CACHE.has(name)) res.setHeader('Cache-Control', 'no-cache');
  else if (HASHED.test(file.replaceAll('\\', '/')))
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

/**
 * Whether a request asks for a source map. Checked on the decoded path, as express.static decodes it (`.js%2Emap`),
 * and case-blind: the maps stay on disk for decoding stack traces, and are never served (docs/security.md "Hardening
 * and security").
 */
export function isSourceMapRequest(requestPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return false; // express.static answers a malformed path itself (400)
  }
  return /\.map\/*$/i.test(decoded);
}

/** The path as express.static decodes it, or null when it is malformed (express.static answers that 400). */
function decodedPath(requestPath: string): string | null {
  try {
    return decodeURIComponent(requestPath);
  } catch {
    return null;
  }
}

const notFound = (res: Response) => res.status(404).type('text/plain').send('Not found');

/** Source maps and a file's .br/.gz siblings by their own names: 404 (see isSourceMapRequest, isSiblingRequest). */
function notServed(requestPath: string): boolean {
  const decoded = decodedPath(requestPath);
  return isSourceMapRequest(requestPath) || (decoded !== null && isSiblingRequest(decoded));
}

// Files without siblings (a dev build, a release built without them) are compressed as they are sent.
const compressOnTheFly = compression();

export interface ReleaseFilesOptions {
  /** Whether a release is served to anyone now (modules/releases/servable.ts). */
  servable: (remote: string, version: string) => Promise<boolean>;
  /** Whether the request is a signed-in super admin's, who may load (preview) any release. */
  preview: (req: Request) => Promise<boolean>;
}

/**
 * /mfe/<remote>/<version>/...: the release store (a folder or a bucket); entry files are revalidated with their ETag
 * (304 while unchanged), hashed chunks cached for a year. A file is sent as its stored .br or .gz sibling when the
 * request accepts it (each sibling has its own ETag), else compressed as it is sent. Only the types a build makes are
 * served (modules/releases/release-check.ts), each with its own Content-Type and `nosniff`, and anything but a script
 * or a style sheet with `Content-Security-Policy: sandbox`: a stored object of any other type (kept by older code) is
 * a 404. A release that is not served to anyone (servable.ts) is answered to a super admin only, never cached
 * (docs/security.md "Release trust model").
 */
export function releaseFiles(store: ObjectStore, { servable, preview }: ReleaseFilesOptions): RequestHandler[] {
  const siblingsOf = storedSiblings(store);
  const hidden = (res: Response) => {
    // Not cached anywhere: the release may become active (or be previewed) in a minute.
    res.setHeader('Cache-Control', 'no-store');
    notFound(res);
  };
  const serve: RequestHandler = async (req, res) => {
    if (notServed(req.path)) return notFound(res);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return void res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
    let key: string;
    try {
      key = checkObjectKey(decodeURIComponent(req.path.replace(/^\/+/, '')));
    } catch (error) {
      if (error instanceof ObjectKeyError || error instanceof URIError) return notFound(res);
      throw error;
    }
    const contentType = servedTypeOf(key);
    const [remote, version, ...file] = key.split('/');
    if (!contentType || file.length === 0) return notFound(res);
    const previewing = !(await servable(remote!, version!));
    if (previewing && !(await preview(req))) return hidden(res);
    const siblings = await siblingsOf(key);
    if (!siblings) return notFound(res);
    const encoding = acceptedEncodings(req).find((accepted) => siblings.includes(accepted));
    const stored = encoding ? `${key}${SIBLING_SUFFIX[encoding]}` : key;
    const object =
      req.method === 'HEAD'
        ? await store.head(stored).then((info) => info && { info, body: null })
        : await store.get(stored);
    if (!object) return notFound(res);
    if (previewing) res.setHeader('Cache-Control', 'private, no-store');
    else setCacheHeaders(res, key);
    res.setHeader('Content-Type', contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (!CODE_TYPES.has(path.extname(key).toLowerCase()))
      res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
    res.vary('Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('ETag', object.info.etag);
    res.setHeader('Last-Modified', object.info.lastModified.toUTCString());
    if (req.fresh) {
      object.body?.destroy();
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Length', String(object.info.size));
    if (!object.body) return void res.end();
    const send = async () => {
      try {
        await pipeline(object.body, res);
      } catch (error) {
        // A client that went away mid-file is not an error of ours; anything else is logged by the error handler.
        if (!res.headersSent) throw error;
        res.destroy();
      }
    };
    if (encoding) return send();
    await new Promise<void>((resolve, reject) => compressOnTheFly(req, res, () => send().then(resolve, reject)));
  };
  return [serve];
}

const LANGUAGES = ['en', 'sv'];

// The language the app keeps in its `lang` cookie (shared/src/i18n): the visitor's choice, or what it found first.
const LANGUAGE_COOKIE = /(?:^|;\s*)lang=([a-z]{2})(?:[-_][^;]*)?(?:;|$)/i;

/**
 * The language of a page's first bytes, by the app's rule (shared/src/i18n): ?lang=, then the language the app keeps
 * in its cookie (a language switched in the app), then the browser's languages.
 */
export function firstPaintLanguage(req: Request): string {
  const asked = typeof req.query.lang === 'string' ? req.query.lang.slice(0, 2).toLowerCase() : '';
  if (LANGUAGES.includes(asked)) return asked;
  const kept = LANGUAGE_COOKIE.exec(req.headers.cookie ?? '')?.[1]?.toLowerCase() ?? '';
  if (LANGUAGES.includes(kept)) return kept;
  for (const wanted of req.acceptsLanguages()) {
    const lng = wanted.slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(lng)) return lng;
  }
  return 'en';
}

export interface ShellFilesOptions {
  /**
   * The remotes this request is served, with their releases' pages (modules/releases/routes.ts servedRemotes): the
   * page's remote, its frame and its data come from them. No frame and no hints of a remote when absent or failing.
   */
  servedRemotes?: (req: Request, res: Response) => Promise<ServedRemote[]>;
  /** Preloads of the page's remote release (page-hints.ts); none when absent or when it fails. */
  pageHints?: (release: ActiveRelease, lng: string, pageFiles?: readonly string[]) => Promise<PreloadHint[]>;
  /**
   * Whether the request's session is one the console's APIs answer (auth/session-user.ts). A console page's API
   * answers are preloaded only then: a preload for a missing, expired or signed-out session would answer 401, and the
   * browser would hand that answer to the first matching request after signing in. No preloads when absent.
   */
  consoleSession?: (req: Request) => Promise<boolean>;
  /** Whether the request's session is a signed-in homeowner's: their own answers are preloaded only then. */
  homeownerSession?: (req: Request) => Promise<boolean>;
  /**
   * The state a page's frame depends on, by the rule the page names (PAGE_STATES in shared/src/mfe/page-routes.tsx),
   * for this request and the path's params; null draws the page's own frame, as does a failure or its absence.
   */
  pageState?: (req: Request, rule: PageStateRule, params: Readonly<Record<string, string>>) => Promise<string | null>;
  /**
   * Where a signed-in staff member asking for the staff sign-in page goes instead (auth/session-user.ts
   * staffSignInDestination): answered with a redirect, so their page loads without the sign-in page loading first to
   * send them on. Null, a failure or its absence serve the page.
   */
  signInDestination?: (req: Request) => Promise<string | null>;
  /** The session cookie's name (auth/cookies.ts): a visitor without one is anonymous for sure. */
  sessionCookie?: string;
}

type PageStateOf = (req: Request, params: Readonly<Record<string, string>>) => Promise<PageState | null>;

/** ShellFilesOptions.pageState from one answer per rule of PAGE_STATES (every rule has one). */
export function pageStates(rules: Record<PageStateRule, PageStateOf>): NonNullable<ShellFilesOptions['pageState']> {
  return (req, rule, params) => rules[rule](req, params);
}

/** The demo installers' logos (bff/data/demo-logos): plain files, a day in caches, 404 for anything else. */
export function demoLogoFiles(dir: string): RequestHandler {
  return express.static(dir, { index: false, dotfiles: 'ignore', fallthrough: false, maxAge: '1d' });
}

/**
 * The shell's built files and its translations under /locales, each sent as its .br or .gz sibling when the request
 * accepts it (send's ETag is the sibling's own), else compressed as it is sent. /api and paths that are not a file
 * go on untouched.
 */
export function shellAssets(shellDist: string): RequestHandler[] {
  const files = express.static(shellDist, { index: false, dotfiles: 'ignore', setHeaders: setCacheHeaders });
  const serve: RequestHandler = (req, res, next) => {
    if (req.path.startsWith('/api/')) return next();
    if (notServed(req.path)) return notFound(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return files(req, res, next);
    let file: string;
    try {
      file = path.join(shellDist, checkObjectKey(decodedPath(req.path)?.slice(1) ?? ''));
    } catch {
      return files(req, res, next); // not a file name of a build: express.static answers or passes it on
    }
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return files(req, res, next);
    res.vary('Accept-Encoding');
    const encoding = acceptedEncodings(req).find((accepted) =>
      fs.statSync(`${file}${SIBLING_SUFFIX[accepted]}`, { throwIfNoEntry: false })?.isFile(),
    );
    if (!encoding) return compressOnTheFly(req, res, () => files(req, res, next));
    const url = req.url;
    const query = url.indexOf('?');
    const suffix = SIBLING_SUFFIX[encoding];
    req.url = query < 0 ? `${url}${suffix}` : `${url.slice(0, query)}${suffix}${url.slice(query)}`;
    res.setHeader('Content-Encoding', encoding);
    res.type(path.extname(file));
    files(req, res, (error?: unknown) => {
      req.url = url;
      res.removeHeader('Content-Encoding');
      next(error);
    });
  };
  return [serve];
}

/**
 * The page's language on its <html> element from the first byte (the built index.html says "en"): screen readers
 * read the page by that language's rules before any script runs; the shell keeps it in step after that.
 */
export function withLanguage(html: string, lng: string): string {
  return html.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang=/i.test(tag)
      ? tag.replace(/(\slang=)(["'])[^"']*\2/i, `$1$2${lng}$2`)
      : `${tag.slice(0, 5)} lang="${lng}"${tag.slice(5)}`,
  );
}

/** The page's remote, named for the shell's entry before it can match (shell/src/remotes/registry-request.ts). */
const pageRemoteTag = (remote: string) => `<meta name="he-page-remote" content="${remote.replace(/[^a-z_]/g, '')}">`;

/**
 * The shell's first-paint page for a path (shell/first-paint.cjs: first-paint/<top bar>.<lng>.html): the console's top
 * bar under /console, else a homeowner's, with its sign-in link only for a visitor who has no session at all (anyone
 * else may be signed in: that part of the bar comes with the app).
 */
function shellFrameName(req: Request, sessionCookie: string): string {
  if (themeForPath(req.path) === 'console') return 'console';
  const cookies = req.headers.cookie ?? '';
  return cookies.split(/;\s*/).some((c) => c.startsWith(`${sessionCookie}=`)) ? 'homeowner' : 'anonymous';
}

/**
 * index.html for every client route, in the visitor's language. The path is matched over the routes the releases
 * served to this visitor declare (release-pages.ts); a page that declares a frame is sent as the shell's first-paint
 * page with that frame and its CSS in it, and the page's data and remote files are preloaded.
 */
export function shellPages(
  shellDist: string,
  {
    servedRemotes,
    pageHints,
    consoleSession,
    homeownerSession,
    pageState,
    signInDestination,
    sessionCookie = 'he.session',
  }: ShellFilesOptions = {},
): RequestHandler[] {
  // The built pages, read once per build (a new shell build has a new mtime).
  const pages = new Map<string, { mtimeMs: number; html: string }>();
  const readPage = (file: string): string | null => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return null;
    const cached = pages.get(file);
    if (cached?.mtimeMs === stat.mtimeMs) return cached.html;
    const html = fs.readFileSync(file, 'utf8');
    pages.set(file, { mtimeMs: stat.mtimeMs, html });
    return html;
  };
  const indexFile = path.join(shellDist, 'index.html');
  const historyFallback: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Client routes have no file extension; a missing asset or translation is a 404, never the HTML page.
    if (path.extname(req.path) || req.path.startsWith('/locales/') || !req.accepts('html')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (signInDestination && (req.path === CONSOLE_SIGN_IN_PATH || req.path === `${CONSOLE_SIGN_IN_PATH}/`)) {
      const destination = await signInDestination(req).catch(() => null);
      if (destination !== null) {
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(302, destination);
        return;
      }
    }
    const index = readPage(indexFile);
    if (index === null) {
      res.status(503).type('text/plain').send('The shell is not built yet: run `npm run build` (or `npm start`).');
      return;
    }
    const lng = firstPaintLanguage(req);
    const query = req.originalUrl.indexOf('?');
    const search = new URLSearchParams(query < 0 ? '' : req.originalUrl.slice(query + 1));
    const remotes = (await servedRemotes?.(req, res).catch(() => [])) ?? [];
    const match = matchPage(remotes, req.path);
    const page = match?.page?.declared;
    // A staff page's preloads and frame are for a session its APIs answer: a signed-out visitor is sent to the
    // sign-in page, which must not open with a console page's heading.
    const allowed = !page?.staff || ((await consoleSession?.(req).catch(() => false)) ?? false);
    // A page whose frames differ by state (a dashboard nobody has answered for) is sent the one that fits.
    const state =
      allowed && page?.state && page.stateFrames
        ? ((await pageState?.(req, page.state, match!.params).catch(() => null)) ?? null)
        : null;
    const frame = allowed && match ? pageFrame(match, lng, state) : undefined;
    const shellFrame = frame
      ? readPage(path.join(shellDist, 'first-paint', `${shellFrameName(req, sessionCookie)}.${lng}.html`))
      : null;
    const hints: PreloadHint[] = [{ href: `/locales/${lng}/common.json`, as: 'fetch' }];
    // The session is read for a homeowner's answers only where the page declares one.
    const homeowner =
      !!page?.data?.some((entry) => entry.session === 'homeowner') &&
      ((await homeownerSession?.(req).catch(() => false)) ?? false);
    if (match && allowed)
      hints.push(
        ...pageDataPaths(match, search, new Date(), homeowner).map((href): PreloadHint => ({ href, as: 'fetch' })),
      );
    if (match && pageHints) {
      const release = { remote: match.remote.package, version: match.remote.version };
      // The page's own chunks only where its data is: a signed-out visitor of a staff page is sent to sign in.
      const pageFiles = allowed ? (page?.files ?? []) : [];
      hints.push(...(await pageHints(release, lng, pageFiles).catch(() => [])));
    }
    // The static bar's Sign in leads back here, as the app's does.
    const signIn = (): string | undefined =>
      signRedirectUrl({ pathname: req.path, search: query < 0 ? '' : req.originalUrl.slice(query), hash: '' }) ??
      undefined;
    let html = frame && shellFrame ? withFrame(shellFrame, frame, match!.remote.pages!.css, signIn()) : index;
    if (match) html = html.replace('</head>', `${pageRemoteTag(match.remote.name)}</head>`);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Language, Cookie');
    res.type('html').send(withPreloads(withLanguage(html, lng), hints));
  };
  return [historyFallback];
}

/**
 * The shell's built files, its translations under /locales, and index.html for every client route. The HTML preloads
 * what the page will ask for next: the shell's texts in the page's language, the API answers the page waits for and
 * the page's remote (page-hints.ts).
 */
export function shellFiles(shellDist: string, options: ShellFilesOptions = {}): RequestHandler[] {
  return [...shellAssets(shellDist), ...shellPages(shellDist, options)];
}
