import path from 'node:path';
import type { Config } from '../config';
import { localFolderStore } from './local-folder-store';
import mime from 'mime-types';
import { readAll, withinPrefix, type ObjectStore } from './object-store';
import { s3Store } from './s3-store';

/** Each part of the product's objects: the release store, the brand-config bucket, uploaded EPC documents. */
export interface ProductStores {
  releases: ObjectStore;
  brandConfig: ObjectStore;
  /** Null without S3: EPC documents then stay in the database, which every instance already shares. */
  documents: ObjectStore | null;
}

type StorageConfig = Pick<Config, 'releasesDir' | 'bucketsDir' | 'CONFIG_BUCKET_NAME' | 's3'>;

/** S3 when S3_ENDPOINT/S3_BUCKET are set (one bucket, a prefix per part), otherwise the local folders. */
export function productStores(config: StorageConfig): ProductStores {
  if (config.s3) {
    const bucket = s3Store(config.s3);
    return {
      releases: withinPrefix(bucket, 'releases'),
      brandConfig: withinPrefix(bucket, config.CONFIG_BUCKET_NAME),
      documents: withinPrefix(bucket, 'epc-documents'),
    };
  }
  return {
    releases: localFolderStore(config.releasesDir),
    brandConfig: localFolderStore(path.join(config.bucketsDir, config.CONFIG_BUCKET_NAME)),
    documents: null,
  };
}

/**
 * Copies what the local folders hold (releases, brand configs) into the configured S3 bucket, keeping what is already
 * there: run once when a deployment moves to S3, so the registry's recorded releases stay servable. Returns the count.
 */
export async function copyLocalObjectsToS3(config: StorageConfig): Promise<number> {
  if (!config.s3) throw new Error('Set S3_ENDPOINT and S3_BUCKET first: there is no bucket to copy to.');
  const target = productStores(config);
  const local = productStores({ ...config, s3: null });
  let copied = 0;
  for (const part of ['releases', 'brandConfig'] as const) {
    for (const key of await local[part].list('')) {
      if (await target[part].head(key)) continue;
      const object = await local[part].get(key);
      if (!object) continue;
      await target[part].put(key, await readAll(object.body), mime.lookup(key) || 'application/octet-stream');
      copied++;
    }
  }
  return copied;
}
