import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import type { S3Settings } from '../src/storage/s3-store';
import { productStores, type ProductStores } from '../src/storage/from-config';

export interface RunningS3 {
  settings: S3Settings;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a free loopback port with one empty bucket, its files in a temp folder. */
export async function startS3(bucket = 'home-energy-test'): Promise<RunningS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as unknown as AddressInfo;
  return {
    settings: {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export const STORE_KINDS = ['folder', 's3'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/**
 * The product's stores for a suite that runs once per kind: undefined for the world's own folders (the default), or
 * the parts of a fresh s3rver bucket.
 */
export async function storesOf(
  kind: StoreKind,
): Promise<{ stores: ProductStores | undefined; close(): Promise<void> }> {
  if (kind === 'folder') return { stores: undefined, close: async () => undefined };
  const s3 = await startS3();
  return {
    stores: productStores({ s3: s3.settings, releasesDir: '', bucketsDir: '', CONFIG_BUCKET_NAME: 'brand-config' }),
    close: () => s3.close(),
  };
}
