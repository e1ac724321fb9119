import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { checkObjectKey, type ObjectInfo, type ObjectStore } from './object-store';

const infoOf = (stat: fs.Stats): ObjectInfo => ({
  size: stat.size,
  // A file is written whole and renamed into place, so each version has its own inode, whatever the clock's resolution.
  etag: `"${stat.ino.toString(16)}-${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
  lastModified: stat.mtime,
});

const missing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The embedded default: objects are files under one folder, written to a temporary name and renamed. */
export function localFolderStore(root: string): ObjectStore {
  const fileOf = (key: string) => path.join(root, ...checkObjectKey(key).split('/'));
  return {
    location: `folder ${root}`,
    async put(key, body) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const temporary = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`,
      );
      await fsp.writeFile(temporary, body);
      await fsp.rename(temporary, file);
    },
    async get(key) {
      try {
        const handle = await fsp.open(fileOf(key), 'r');
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream(), info: infoOf(stat) };
      } catch (error) {
        if (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },
    async head(key) {
      try {
        const stat = await fsp.stat(fileOf(key));
        return stat.isFile() ? infoOf(stat) : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async list(prefix) {
      const base = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
      const dir = base ? fileOf(base) : root;
      const out: string[] = [];
      const walk = async (folder: string, rel: string) => {
        let entries: fs.Dirent[];
        try {
          entries = await fsp.readdir(folder, { withFileTypes: true });
        } catch (error) {
          if (missing(error)) return;
          throw error;
        }
        for (const entry of entries) {
          if (entry.name.startsWith('.')) continue; // temporary files of writes in progress
          const child = rel ? `${rel}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(path.join(folder, entry.name), child);
          else if (entry.isFile()) out.push(child);
        }
      };
      await walk(dir, base);
      return out.sort();
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}
