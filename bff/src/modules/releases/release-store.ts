import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import mime from 'mime-types';
import { localFolderStore } from '../../storage/local-folder-store';
import type { ObjectStore } from '../../storage/object-store';
import { isSiblingOf, withoutSiblingSuffix } from '../../web/precompressed';

/** The files of a build folder, relative paths sorted, so its content hash does not depend on disk order. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

export function contentHash(dir: string, files: string[]): string {
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Where releases are kept: the configured object store, or the folder <releasesDir>/<remote>/<version>/. */
export function releaseObjects(settings: { releasesDir: string; releaseStore?: ObjectStore }): ObjectStore {
  return settings.releaseStore ?? localFolderStore(settings.releasesDir);
}

/** The key of a release's manifest: a release is complete, and may be activated, once this object exists. */
export const manifestKey = (remote: string, version: string) => `${remote}/${version}/mf-manifest.json`;

/**
 * Copies a build under <remote>/<version>/ in the store, its manifest last, so a release whose upload stopped half-way
 * is never activated, and each file's .br/.gz siblings before the file (web/precompressed.ts asks once per file which
 * it has); a sibling that does not decode to its file is left out. Its source maps are copied on purpose, to decode
 * that release's stack traces; web/static.ts never serves them.
 */
export async function storeRelease(
  store: ObjectStore,
  remote: string,
  version: string,
  sourceDir: string,
): Promise<void> {
  if (await store.head(manifestKey(remote, version))) return;
  const files = listFiles(sourceDir);
  const last = files.filter((file) => file === 'mf-manifest.json');
  const sibling = (file: string) => withoutSiblingSuffix(file) !== file;
  const rest = files.filter((file) => file !== 'mf-manifest.json');
  const read = (file: string) => fs.readFileSync(path.join(sourceDir, file));
  for (const file of [...rest.filter(sibling), ...rest.filter((file) => !sibling(file)), ...last]) {
    const body = read(file);
    const original = withoutSiblingSuffix(file);
    if (sibling(file) && !(files.includes(original) && isSiblingOf(file, body, read(original)))) continue;
    await store.put(`${remote}/${version}/${file}`, body, mime.lookup(file) || 'application/octet-stream');
  }
}
