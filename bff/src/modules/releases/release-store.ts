import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
    hash.update(file).update('\0').update(fs.readFileSync(path.join(dir, file))).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Copies a build into <releasesDir>/<remote>/<version>/ atomically (a half-copied release is never served). Its
 * source maps are copied on purpose, to decode that release's stack traces; web/static.ts never serves them.
 */
export function storeRelease(releasesDir: string, remote: string, version: string, sourceDir: string): string {
  const target = path.join(releasesDir, remote, version);
  if (fs.existsSync(target)) return target;
  const staging = path.join(releasesDir, remote, `.staging-${process.pid}-${Date.now()}`);
  fs.mkdirSync(path.dirname(staging), { recursive: true });
  fs.cpSync(sourceDir, staging, { recursive: true });
  try {
    fs.renameSync(staging, target);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(target)) throw error;
  }
  return target;
}
