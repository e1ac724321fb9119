// Built files come with .br and .gz siblings made once at build time (shared/build/precompress.cjs): sending a sibling
// costs a file read, where compressing a 200 KB chunk on every request cost 13–17 ms of CPU (docs/performance.md).
import zlib from 'node:zlib';
import type { Request } from 'express';
import type { ObjectStore } from '../storage/object-store';

export type Encoding = 'br' | 'gzip';

/** The name of a file's sibling in each encoding. */
export const SIBLING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings a request accepts, best first: brotli before gzip, as the compression middleware prefers. */
export function acceptedEncodings(req: Request): Encoding[] {
  return (['br', 'gzip'] as const).filter((encoding) => req.acceptsEncodings(encoding) === encoding);
}

/**
 * Whether a request names a sibling itself (`x.js.br`): 404, as a sibling is an encoding of its file, not a file; sent
 * as one it would reach caches without the Content-Encoding and Vary that say what it is.
 */
export function isSiblingRequest(decodedPath: string): boolean {
  return /\.(br|gz)\/*$/i.test(decodedPath);
}

/** The name without a sibling's suffix, so a sibling gets its file's type and cache headers. */
export const withoutSiblingSuffix = (name: string): string => name.replace(/\.(br|gz)$/, '');

/**
 * Whether a sibling (by its name) holds exactly its file: one left over from a file changed after the build would send
 * other code to browsers that accept its encoding than to those that do not.
 */
export function isSiblingOf(name: string, sibling: Buffer, file: Buffer): boolean {
  try {
    const decoded = name.endsWith('.br') ? zlib.brotliDecompressSync(sibling) : zlib.gunzipSync(sibling);
    return decoded.equals(file);
  } catch {
    return false;
  }
}

const KNOWN_KEYS = 10_000;

/**
 * Which siblings an object of a store has (null when there is no such object), asked once per key: release files never
 * change under their key, and a release stores a file's siblings before the file itself (release-store.ts).
 */
export function storedSiblings(store: ObjectStore): (key: string) => Promise<Encoding[] | null> {
  const known = new Map<string, Encoding[]>();
  return async (key) => {
    const cached = known.get(key);
    if (cached) return cached;
    if (!(await store.head(key))) return null;
    const found: Encoding[] = [];
    for (const encoding of ['br', 'gzip'] as const)
      if (await store.head(`${key}${SIBLING_SUFFIX[encoding]}`)) found.push(encoding);
    if (known.size >= KNOWN_KEYS) known.clear();
    known.set(key, found);
    return found;
  };
}
