// Gzip sizes of what a browser downloads first: the shell with React, and each remote's entry with its ./App.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REMOTE_PACKAGES } from '../remotes.mjs';

export const REMOTES = REMOTE_PACKAGES;

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

function gzipBytes(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Gzip size of a set of files in a dist folder, each counted once. */
function gzipTotal(root, distDir, files) {
  const unique = [...new Set(files)];
  for (const file of unique) {
    if (!fs.existsSync(path.join(distDir, file)))
      throw new Error(`${path.relative(root, distDir)}/${file} is referenced but missing`);
  }
  return { files: unique, gzipKB: kb(unique.reduce((sum, file) => sum + gzipBytes(path.join(distDir, file)), 0)) };
}

function readManifest(distDir) {
  return JSON.parse(fs.readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8'));
}

/** `<script src>` values of index.html as paths inside dist (publicPath and query stripped). */
function scriptFiles(indexHtml) {
  const srcs = [...indexHtml.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/gi)].map((m) => m[1]);
  return srcs.map((src) => new URL(src, 'http://x/').pathname.replace(/^\/+/, ''));
}

// The React singletons are shared chunks the shell must load before it can render anything.
const isReactShare = (name) =>
  name === 'react' || name === 'react-dom' || name.startsWith('react/') || name.startsWith('react-dom/');

function allJs(root, distDir) {
  const files = fs.readdirSync(distDir, { recursive: true }).filter((file) => file.endsWith('.js'));
  return gzipTotal(root, distDir, files);
}

function measureShell(root, rows, results) {
  const distDir = path.join(root, 'shell', 'dist');
  const scripts = scriptFiles(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  const reactShares = readManifest(distDir).shared.filter((share) => isReactShare(share.name));
  const reactFiles = reactShares.flatMap((share) => share.assets.js.sync);
  const initial = gzipTotal(root, distDir, [...new Set([...scripts, ...reactFiles])]);
  const total = allJs(root, distDir);
  results.shell = { initialJs: { ...initial, shares: reactShares.map((s) => s.name) }, allJsGzipKB: total.gzipKB };
  rows.push(['shell + React initial JS', `${initial.gzipKB} KB gzip`, '≤ 120 KB gzip']);
  // What the shell really runs before its first paint: every shared singleton it provides (router, store, i18n,
  // shared).
  const allShared = readManifest(distDir).shared.flatMap((share) => share.assets.js.sync);
  const firstRender = gzipTotal(root, distDir, [...new Set([...scripts, ...allShared])]);
  results.shell.firstRenderJsGzipKB = firstRender.gzipKB;
  rows.push(['shell first render JS (all singletons)', `${firstRender.gzipKB} KB gzip`, '']);
  rows.push(['shell all JS (context)', `${total.gzipKB} KB gzip`, '']);
}

function measureRemote(root, remote, rows, results) {
  const distDir = path.join(root, remote, 'dist');
  const manifest = readManifest(distDir);
  const { name: entryName, path: entryPath } = manifest.metaData.remoteEntry;
  const app = manifest.exposes.find((expose) => expose.name === 'App');
  if (!app) throw new Error(`${remote}/dist/mf-manifest.json exposes no App`);
  const js = gzipTotal(root, distDir, [path.posix.join(entryPath || '', entryName), ...app.assets.js.sync]);
  const css = gzipTotal(root, distDir, app.assets.css.sync);
  const total = allJs(root, distDir);
  results[remote] = { entryAndAppJs: js, appCss: css, allJsGzipKB: total.gzipKB };
  rows.push([`${remote} entry + ./App JS`, `${js.gzipKB} KB gzip`, '≤ 80 KB gzip']);
  rows.push([`${remote} ./App CSS`, `${css.gzipKB} KB gzip`, '']);
  rows.push([`${remote} all JS (context)`, `${total.gzipKB} KB gzip`, '']);
}

export async function benchSizes({ root }) {
  const rows = [];
  const results = {};
  measureShell(root, rows, results);
  for (const remote of REMOTES) measureRemote(root, remote, rows, results);
  return { rows, results };
}
