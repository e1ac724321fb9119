// The brand config store: brand/{brand}/config.json in the bucket CONFIG_BUCKET_NAME. The default implementation is a
// local directory per bucket (under BUCKETS_DIR); an S3-compatible store would implement the same interface.
import fs from 'node:fs/promises';
import path from 'node:path';
import { brandConfigSchema, type BrandConfig } from '@home-energy/shared/schemas/brand';

export interface BrandConfigStore {
  /** The brand's config, or null when it has none; a malformed file throws. */
  read(brand: string): Promise<BrandConfig | null>;
  write(brand: string, config: BrandConfig): Promise<void>;
  /** Changes with every write of the brand's config (null: none stored): what a cached copy is checked against. */
  version(brand: string): Promise<string | null>;
}

export class BrandConfigError extends Error {}

const BRAND = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function localBrandConfigStore(bucketsDir: string, bucketName: string | undefined): BrandConfigStore {
  if (!bucketName) throw new BrandConfigError('Missing environment variable: CONFIG_BUCKET_NAME');
  const root = path.join(bucketsDir, bucketName);
  const fileOf = (brand: string) => {
    if (!BRAND.test(brand)) throw new BrandConfigError('Brand identifier missing');
    return path.join(root, 'brand', brand, 'config.json');
  };
  return {
    async read(brand) {
      let text: string;
      try {
        text = await fs.readFile(fileOf(brand), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const parsed = brandConfigSchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new BrandConfigError(`brand/${brand}/config.json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      return parsed.data;
    },
    async write(brand, config) {
      const file = fileOf(brand);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, `${JSON.stringify(brandConfigSchema.parse(config), null, 2)}\n`);
      await fs.rename(temporary, file);
    },
    async version(brand) {
      try {
        // Every write renames a new file into place: a new inode, whatever the clock's resolution.
        const stat = await fs.stat(fileOf(brand));
        return `${stat.ino}-${Math.trunc(stat.mtimeMs)}-${stat.size}`;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
