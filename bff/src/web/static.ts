import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';

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

/** The shell's built files, its translations under /locales, and index.html for every client route. */
export function shellFiles(shellDist: string): RequestHandler[] {
  const indexFile = path.join(shellDist, 'index.html');
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
    res.sendFile(indexFile);
  };
  return [assets, historyFallback];
}
