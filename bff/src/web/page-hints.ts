import path from 'node:path';
import { AFTER_FIRST_PAINT_ID } from '@home-energy/shared/paint-first';
import { localFolderStore } from '../storage/local-folder-store';
import { readAll, type ObjectStore } from '../storage/object-store';

/**
 * Preload hints for a page of the app, written into the HTML the BFF answers with (after the shell's own script and
 * its boot preloads, so main.js is still asked for first). Without them the page's remote is
 * found at the end of a request chain: HTML → main.js → registry → manifest → remoteEntry.js → App chunks (and its
 * texts after that), one round trip each. The BFF knows all of these when it answers the HTML: which remote renders the
 * path and in which release (the one the registry answers this visitor: release-pages.ts matches the path over the
 * routes those releases declare), and the release's manifest in the store. The shell still registers remotes from
 * the registry at run time; these hints only let the browser fetch the same files earlier. A missing release or
 * manifest means no hints.
 */
export interface PreloadHint {
  href: string;
  as: 'fetch' | 'script' | 'style';
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `<link rel="preload">` tags; `fetch` ones carry `crossorigin` (a same-origin fetch() is a CORS-mode request). Low
 * priority: the shell's main.js and its boot chunks go first, and nothing here competes with rendering the page.
 */
export function preloadTags(hints: PreloadHint[]): string {
  return hints
    .map(
      ({ href, as }) =>
        `<link rel="preload" as="${as}" ` +
        `href="${escapeAttribute(href)}"${as === 'fetch' ? ' crossorigin' : ''} fetchpriority="low">`,
    )
    .join('');
}

const insertAt = (html: string, at: number, tags: string) =>
  at < 0 || tags === '' ? html : `${html.slice(0, at)}${tags}${html.slice(at)}`;
const AFTER_FIRST_PAINT = `<template id="${AFTER_FIRST_PAINT_ID}">`;
const TEMPLATE_END = '</template>';

/**
 * The hints inserted at the end of the page's <head> (the page as it is without one). On a page with a static first
 * paint they all wait at the end of its after-first-paint template, behind the shell's boot chunks (asked for once the
 * page is painted, with main.js: shared/src/mfe/paint-first-script.cjs says why).
 */
export function withPreloads(html: string, hints: PreloadHint[]): string {
  const template = html.indexOf(AFTER_FIRST_PAINT);
  const end = template < 0 ? -1 : html.indexOf(TEMPLATE_END, template);
  return insertAt(html, end < 0 ? html.indexOf('</head>') : end, preloadTags(hints));
}

/** A remote's release: its package and version. */
export interface ActiveRelease {
  remote: string;
  version: string;
}

export interface PageHintsOptions {
  /** The release store (the folder releasesDir when absent). */
  releaseStore?: ObjectStore;
  releasesDir?: string;
  /** Where browsers fetch remote files: /mfe, or MFE_PUBLIC_URL. */
  filesBase?: string;
}

interface ManifestFiles {
  remoteEntry: string;
  js: string[];
  css: string[];
  /** Texts shipped in the release, per language: `locales/<lng>/<namespace>.json`. */
  locales: Map<string, string[]>;
}

type Manifest = {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
};

const SAFE_FILE = /^[\w.@/-]+$/;

/** Texts shipped in the release: `locales/<lng>/<namespace>.json` under the release's keys. */
function releaseLocales(keys: string[]): Map<string, string[]> {
  const locales = new Map<string, string[]>();
  for (const key of keys) {
    const [, lng, file] = key.split('/');
    if (!lng || !file || !file.endsWith('.json') || !SAFE_FILE.test(lng) || !SAFE_FILE.test(file)) continue;
    locales.set(lng, [...(locales.get(lng) ?? []), key]);
  }
  return locales;
}

async function manifestFiles(store: ObjectStore, release: string): Promise<ManifestFiles | null> {
  let manifest: Manifest;
  try {
    const object = await store.get(`${release}/mf-manifest.json`);
    if (!object) return null;
    manifest = JSON.parse((await readAll(object.body)).toString('utf8')) as Manifest;
  } catch {
    return null;
  }
  const entry = manifest.metaData?.remoteEntry;
  const app = manifest.exposes?.find((e) => e.name === 'App' || e.name === './App');
  const remoteEntry = path.posix.join(entry?.path ?? '', entry?.name ?? 'remoteEntry.js');
  const safe = (files: string[] | undefined) => (files ?? []).filter((f) => SAFE_FILE.test(f) && !f.includes('..'));
  const locales = releaseLocales(
    (await store.list(`${release}/locales/`).catch(() => [])).map((key) => key.slice(release.length + 1)),
  );
  return { remoteEntry, js: safe(app?.assets?.js?.sync), css: safe(app?.assets?.css?.sync), locales };
}

const fileHint = (base: string, file: string): PreloadHint => ({
  href: `${base}/${file}`,
  as: file.endsWith('.css') ? 'style' : 'script',
});

/**
 * The manifest (fetched by the federation runtime), the entry, the App's own chunks, the release's texts in the
 * page's language (fetched by i18next), then the page's own chunks when it loads them on opening (its pages.json
 * `files`; fetched once the App has rendered its route, a round trip after everything else).
 */
export function releaseHints(
  base: string,
  files: ManifestFiles,
  lng: string,
  pageFiles: readonly string[] = [],
): PreloadHint[] {
  const app = [...files.css, ...files.js];
  return [
    { href: `${base}/mf-manifest.json`, as: 'fetch' },
    { href: `${base}/${files.remoteEntry}`, as: 'script' },
    ...app.map((file) => fileHint(base, file)),
    ...(files.locales.get(lng) ?? []).map((file): PreloadHint => ({ href: `${base}/${file}`, as: 'fetch' })),
    ...pageFiles.filter((file) => !app.includes(file)).map((file) => fileHint(base, file)),
  ];
}

/** The hints of one remote's release (its package and version), in the page's language, with the page's files. */
export function pageHints({
  releaseStore,
  releasesDir = '',
  filesBase = '/mfe',
}: PageHintsOptions): (release: ActiveRelease, lng: string, pageFiles?: readonly string[]) => Promise<PreloadHint[]> {
  // A release folder never changes (its version is a content hash): its manifest is read once.
  const manifests = new Map<string, ManifestFiles>();
  const store = releaseStore ?? localFolderStore(releasesDir);
  return async ({ remote, version }, lng, pageFiles = []) => {
    const key = `${remote}/${version}`;
    let files = manifests.get(key);
    if (!files) {
      const read = await manifestFiles(store, key);
      if (!read) return [];
      manifests.set(key, (files = read));
    }
    return releaseHints(`${filesBase}/${key}`, files, lng, pageFiles);
  };
}
