// What a release may hold and how its version is made (docs/releases.md "What a release holds"; docs/security.md
// "Release trust model"). Every release, whatever way it comes (the CLI's `release` and `publish-local`, the token
// API's upload), goes through checkRelease before anything is stored.
import fs from 'node:fs';
import path from 'node:path';
import { manifestSchema, type FederationManifest } from '@home-energy/shared/mfe/compat';
import { REMOTES, releaseVersionSchema, type RemotePackage } from '@home-energy/shared/remotes';
import { contentHash, listFiles } from './release-store';
import { PUBLISHED_ADDRESSES } from '@home-energy/shared/mfe/pages';
import { servesPath } from '../../web/release-pages';
import { PAGES_FILE, pagesFileProblem, pagesFileSchema } from './pages-file';

/** A check that refuses a release: its message names the file or field and what is wrong (a 400 on the API). */
export class ReleaseCheckError extends Error {}

/**
 * The file types a remote's build makes, each with the Content-Type it is served as. Nothing else is stored or served:
 * an HTML page or an SVG (or any type a browser might render as a document) from a release would run in the site's
 * origin with its rights.
 */
export const SERVED_RELEASE_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
};
/** Types a script or a style sheet runs as; every other served type also gets `Content-Security-Policy: sandbox`. */
export const CODE_TYPES = new Set(['.js', '.mjs', '.css']);
/** Stored with a release (to decode its stack traces) and never served (web/static.ts). */
const STORED_ONLY = new Set(['.map']);
/** Precompressed siblings of a served file (shared/build/precompress.cjs), sent only as its encoding. */
const SIBLINGS = new Set(['.br', '.gz']);

/** The Content-Type a stored file is served as, or null when files of its type are never served. */
export function servedTypeOf(file: string): string | null {
  return SERVED_RELEASE_TYPES[path.posix.extname(file).toLowerCase()] ?? null;
}

export const RELEASE_PATH_MAX = 200;
export const RELEASE_PATH_DEPTH_MAX = 6;
const SEGMENT = /^[A-Za-z0-9_@+=,-][A-Za-z0-9._@+=,-]*$/;
const shown = (file: string) => JSON.stringify(file.length > 80 ? `${file.slice(0, 80)}…` : file);

/** What is wrong with one file path of a release (null when nothing): a clean relative path of an allowed type. */
export function releasePathProblem(file: string): string | null {
  if (file.length === 0) return 'A file has an empty path.';
  if (file.length > RELEASE_PATH_MAX) return `The file path ${shown(file)} is over ${RELEASE_PATH_MAX} characters.`;
  const segments = file.split('/');
  if (segments.length > RELEASE_PATH_DEPTH_MAX)
    return `The file path ${shown(file)} is more than ${RELEASE_PATH_DEPTH_MAX} folders deep.`;
  if (!segments.every((segment) => SEGMENT.test(segment)))
    return (
      `Invalid file path ${shown(file)}: use a clean relative path inside the build (letters, digits and ._@+=,- ` +
      'between single "/"; no "..", no hidden files, no backslashes).'
    );
  const ext = path.posix.extname(file).toLowerCase();
  const inner = SIBLINGS.has(ext) ? path.posix.extname(file.slice(0, -ext.length)).toLowerCase() : ext;
  const allowed = SIBLINGS.has(ext)
    ? inner in SERVED_RELEASE_TYPES
    : ext in SERVED_RELEASE_TYPES || STORED_ONLY.has(ext);
  if (!allowed) {
    const types = [...Object.keys(SERVED_RELEASE_TYPES), ...STORED_ONLY].join(' ');
    return `The file ${shown(file)} is not of a type a release may hold (${types}, and .br/.gz of those served).`;
  }
  return null;
}

/**
 * Adds file paths one by one (as an upload's parts arrive) and tells what is wrong with the tree so far: a bad path,
 * the same path twice, or a file that is also the folder of another (`a` and `a/b`).
 */
export class ReleaseTree {
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();

  add(file: string): string | null {
    const problem = releasePathProblem(file);
    if (problem) return problem;
    if (this.files.has(file)) return `The file ${shown(file)} is sent twice.`;
    if (this.folders.has(file)) return `The file ${shown(file)} is also a folder of other files.`;
    const segments = file.split('/');
    for (let i = 1; i < segments.length; i++) {
      const folder = segments.slice(0, i).join('/');
      if (this.files.has(folder)) return `The file ${shown(file)} is under ${shown(folder)}, which is a file.`;
    }
    for (let i = 1; i < segments.length; i++) this.folders.add(segments.slice(0, i).join('/'));
    this.files.add(file);
    return null;
  }

  get size(): number {
    return this.files.size;
  }
}

/** What a checked release is: its manifest, the version it gets, and its files. */
export interface CheckedRelease {
  manifest: FederationManifest;
  version: string;
  files: string[];
  bytes: number;
}

export const DEFAULT_RELEASE_MB = 50;

function manifestOf(dir: string): FederationManifest {
  const file = path.join(dir, 'mf-manifest.json');
  if (!fs.existsSync(file))
    throw new ReleaseCheckError('The build has no mf-manifest.json: send the whole build folder.');
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReleaseCheckError(`mf-manifest.json is not JSON (${(error as Error).message.slice(0, 120)}).`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new ReleaseCheckError(`mf-manifest.json is not a federation manifest (${issue?.message}${where}).`);
  }
  return parsed.data;
}

/** The remote's pages (pages-file.ts): where the shell mounts it and what the BFF serves first on its pages. */
function checkPages(dir: string, remote: RemotePackage): void {
  const file = path.join(dir, PAGES_FILE);
  if (!fs.existsSync(file))
    throw new ReleaseCheckError(
      `The build has no ${PAGES_FILE} (its routes and pages): build it with the shared config.`,
    );
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReleaseCheckError(`${PAGES_FILE} is not JSON (${(error as Error).message.slice(0, 120)}).`);
  }
  const problem = pagesFileProblem(json);
  if (problem) throw new ReleaseCheckError(problem);
  const declared = (json as { remote: string }).remote;
  if (declared !== remote) throw new ReleaseCheckError(`${PAGES_FILE} holds the pages of ${declared}, not ${remote}.`);
  const pages = pagesFileSchema.parse(json);
  const missing = Object.entries(pages.pages).flatMap(([id, page]) =>
    (page.files ?? []).filter((name) => !fs.existsSync(path.join(dir, name))).map((name) => `${name} (page ${id})`),
  );
  if (missing.length > 0)
    throw new ReleaseCheckError(`${PAGES_FILE} names files the build does not hold: ${missing.join(', ')}.`);
  const lost = PUBLISHED_ADDRESSES.filter((address) => address.remote === remote && !servesPath(pages, address.path));
  if (lost.length > 0)
    throw new ReleaseCheckError(
      `${remote}'s routes no longer serve ${lost.map((a) => a.path).join(', ')}: published addresses that mails, ` +
        `bookmarks and other remotes link to (shared/src/mfe/pages.ts). Keep a route to the page there, or a redirect.`,
    );
}

/**
 * The one check of a release build folder, before anything is stored: a clean tree of allowed file types within the
 * size limit, a federation manifest of this remote that exposes ./App, the remote's pages (pages-file.ts), and a
 * version (`<buildVersion>-<content hash>`) the registry's schema (releaseVersionSchema, shared/src/mfe/remotes.ts)
 * accepts, so the shell can load it. Throws ReleaseCheckError naming the problem.
 */
export function checkRelease(dir: string, remote: RemotePackage, maxMb = DEFAULT_RELEASE_MB): CheckedRelease {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new ReleaseCheckError(`${dir} is missing. Build it first (npm run build).`);
  const files = listFiles(dir);
  if (files.length === 0) throw new ReleaseCheckError('The build holds no files.');
  const tree = new ReleaseTree();
  let bytes = 0;
  for (const file of files) {
    const problem = tree.add(file);
    if (problem) throw new ReleaseCheckError(problem);
    bytes += fs.statSync(path.join(dir, file)).size;
  }
  if (bytes > maxMb * 1024 * 1024) throw new ReleaseCheckError(`A release is at most ${maxMb} MB in all.`);
  const manifest = manifestOf(dir);
  const expected = REMOTES.find((r) => r.package === remote)!.name;
  if (manifest.name !== expected)
    throw new ReleaseCheckError(`${dir} holds the build of ${manifest.name}, not ${remote} (${expected}).`);
  if (!manifest.exposes.some((e) => e.name === 'App' || e.path === './App'))
    throw new ReleaseCheckError(`${remote} does not expose ./App; the shell could not mount it.`);
  checkPages(dir, remote);
  const buildVersion = manifest.metaData.buildInfo?.buildVersion ?? '0.0.0';
  const version = `${buildVersion}-${contentHash(dir, files).slice(0, 10)}`;
  const valid = releaseVersionSchema.safeParse(version);
  if (!valid.success) {
    throw new ReleaseCheckError(
      `mf-manifest.json metaData.buildInfo.buildVersion ${shown(buildVersion)} does not make a release version: ` +
        `letters, digits, dots and dashes, starting with a letter or digit, at most 53 characters (the package.json ` +
        `version).`,
    );
  }
  return { manifest, version, files, bytes };
}
