// The brand config store: brand/{brand}/config.json in the bucket CONFIG_BUCKET_NAME: a local folder under BUCKETS_DIR
// by default, or that prefix of the S3 bucket (storage/from-config.ts).
import path from 'node:path';
import { brandConfigSchema, type BrandConfig } from '@home-energy/shared/schemas/brand';
import { localFolderStore } from '../../storage/local-folder-store';
import { readAll, type ObjectStore } from '../../storage/object-store';

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
  return brandConfigStore(localFolderStore(path.join(bucketsDir, bucketName)));
}

/** Brand configs over any object store (its writes are whole: a reader never sees half a file). */
export function brandConfigStore(objects: ObjectStore): BrandConfigStore {
  const keyOf = (brand: string) => {
    if (!BRAND.test(brand)) throw new BrandConfigError('Brand identifier missing');
    return `brand/${brand}/config.json`;
  };
  return {
    async read(brand) {
      const object = await objects.get(keyOf(brand));
      if (!object) return null;
      const text = (await readAll(object.body)).toString('utf8');
      const parsed = brandConfigSchema.safeParse(JSON.parse(text));
      if (!parsed.success)
        throw new BrandConfigError(
          `brand/${brand}/config.json: ` +
            `${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      return parsed.data;
    },
    async write(brand, config) {
      await objects.put(
        keyOf(brand),
        Buffer.from(`${JSON.stringify(brandConfigSchema.parse(config), null, 2)}\n`),
        'application/json',
      );
    },
    async version(brand) {
      return (await objects.head(keyOf(brand)))?.etag ?? null;
    },
  };
}
