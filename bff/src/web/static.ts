import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response } from 'express';

const NO_CACHE = new Set(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json', 'index.html']);
// Built file names carry a content hash of 10 hex digits (shared/build/webpack.cjs).
const HASHED = /\.[0-9a-f]{10}\.(js|css|map|txt)$|\/assets\//;

function setCacheHeaders(res: Response, file: string): void {
  const name = path.basename(file);
  if (NO_CACHE.has(name)) res.setHeader('Cache-Control', 'no-cache');
  else if (HASHED.test(file.replaceAll('\\', '/'))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

/** /mfe/<remote>/<version>/...: the release store; entry files are revalidated, hashed chunks cached for a year. */
export function releaseFiles(releasesDir: string): RequestHandler {
  return express.static(releasesDir, { index: false, fallthrough: false, dotfiles: 'ignore', setHeaders: setCacheHeaders });
}

// Routes whose page the shell build also renders as static HTML, per language (shell/first-paint.cjs).
const FIRST_PAINT_PAGES: Record<string, string> = { '/': 'search', '/flow': 'search', '/flow/': 'search' };
const LANGUAGES = ['en', 'sv'];

/**
 * The language of a static first paint, by the app's rule as far as a server can see it (shared/src/i18n: ?lang=,
 * then the choice kept in localStorage, then the browser's languages): a language switched in the app is only seen
 * once the app runs.
 */
export function firstPaintLanguage(req: Request): string {
  const asked = typeof req.query.lang === 'string' ? req.query.lang.slice(0, 2).toLowerCase() : '';
  if (LANGUAGES.includes(asked)) return asked;
  for (const wanted of req.acceptsLanguages()) {
    const lng = wanted.slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(lng)) return lng;
  }
  return 'en';
}

/** The shell's built files, its translations under /locales, and index.html for every client route. */
export function shellFiles(shellDist: string): RequestHandler[] {
  const indexFile = path.join(shellDist, 'index.html');
  const firstPaintFile = (req: Request): string | null => {
    const page = FIRST_PAINT_PAGES[req.path];
    const file = page ? path.join(shellDist, 'first-paint', `${page}.${firstPaintLanguage(req)}.html`) : null;
    return file && fs.existsSync(file) ? file : null;
  };
  const assets = express.static(shellDist, { index: false, dotfiles: 'ignore', setHeaders: setCacheHeaders });
  const historyFallback: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Client routes have no file extension; a missing asset or translation is a 404, never the HTML page.
    if (path.extname(req.path) || req.path.startsWith('/locales/') || !req.accepts('html')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (!fs.existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The shell is not built yet: run `npm run build` (or `npm start`).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Language');
    res.sendFile(firstPaintFile(req) ?? indexFile);
  };
  return [assets, historyFallback];
}
