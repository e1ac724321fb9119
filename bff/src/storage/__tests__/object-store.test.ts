import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brandConfigStore, BrandConfigError } from '../../modules/brand/store';
import { STORE_KINDS, startS3, type RunningS3, type StoreKind } from '../../../test/s3-server';
import { localFolderStore } from '../local-folder-store';
import { readAll, withinPrefix, type ObjectStore } from '../object-store';
import { s3Store } from '../s3-store';
import { copyLocalObjectsToS3, productStores } from '../from-config';

// One contract, two implementations: what the releases, brand configs and documents rely on holds for both.
describe.each(STORE_KINDS)('the %s object store', (kind: StoreKind) => {
  let store: ObjectStore;
  let dir: string;
  let s3: RunningS3 | null = null;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'object-store-'));
    if (kind === 's3') s3 = await startS3();
    store = withinPrefix(kind === 's3' ? s3Store(s3!.settings) : localFolderStore(dir), 'part');
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives back what was put, with its size and a validator that changes with the content', async () => {
    await store.put('mfe-results/1.0.0-a/remoteEntry.js', Buffer.from('var one;'), 'text/javascript');
    const first = await store.get('mfe-results/1.0.0-a/remoteEntry.js');
    expect((await readAll(first!.body)).toString()).toBe('var one;');
    expect(first!.info).toMatchObject({ size: 8, etag: expect.stringMatching(/^"[^"]+"$/) });
    expect(Math.abs(first!.info.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await store.head('mfe-results/1.0.0-a/remoteEntry.js')).toEqual(first!.info);
    await store.put('mfe-results/1.0.0-a/remoteEntry.js', Buffer.from('var two, three;'));
    const second = await store.head('mfe-results/1.0.0-a/remoteEntry.js');
    expect(second!.size).toBe(15);
    expect(second!.etag).not.toBe(first!.info.etag);
  });

  it('answers null for what is not there, and lists every key under a prefix, sorted', async () => {
    expect(await store.get('nothing/here.js')).toBeNull();
    expect(await store.head('nothing/here.js')).toBeNull();
    expect(await store.head('mfe-results')).toBeNull();
    await store.put('mfe-results/1.0.0-a/locales/sv/results.json', Buffer.from('{}'));
    await store.put('mfe-results/1.0.0-a/b.js', Buffer.from('b'));
    await store.put('mfe-flow/1.0.0-b/a.js', Buffer.from('a'));
    expect(await store.list('mfe-results/1.0.0-a/')).toEqual([
      'mfe-results/1.0.0-a/b.js',
      'mfe-results/1.0.0-a/locales/sv/results.json',
      'mfe-results/1.0.0-a/remoteEntry.js',
    ]);
    expect(await store.list('mfe-nothing/')).toEqual([]);
  });

  it('deletes (and deleting what is gone is no error)', async () => {
    await store.put('gone.txt', Buffer.from('x'));
    await store.delete('gone.txt');
    expect(await store.head('gone.txt')).toBeNull();
    await store.delete('gone.txt');
  });

  it('refuses keys that leave their part or name hidden files', async () => {
    for (const key of ['../escape', 'a/../../b', '/abs', 'a//b', '.hidden', 'a/.staging/b', '', 'a\\b']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('Not a valid object key');
    }
  });

  it('keeps brand configs: read back as written, none for a brand without one, a malformed one refused', async () => {
    const brands = brandConfigStore(store);
    expect(await brands.read('demo-energi')).toBeNull();
    await brands.write('demo-energi', { accent: '#0f6e4f' });
    expect(await brands.read('demo-energi')).toEqual({ accent: '#0f6e4f' });
    await store.put('brand/broken/config.json', Buffer.from('{"accent": "green"}'));
    await expect(brands.read('broken')).rejects.toThrow(BrandConfigError);
    await expect(brands.read('../x')).rejects.toThrow('Brand identifier missing');
  });
});

it('copies the local releases and brand configs into the bucket once, when a deployment moves to S3', async () => {
  const s3 = await startS3();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'move-to-s3-'));
  try {
    const config = {
      releasesDir: path.join(dataDir, 'releases'),
      bucketsDir: path.join(dataDir, 'buckets'),
      CONFIG_BUCKET_NAME: 'brand-config',
      s3: null,
    };
    const local = productStores(config);
    await local.releases.put('mfe-results/1.0.0-a/mf-manifest.json', Buffer.from('{}'));
    await local.releases.put('mfe-results/1.0.0-a/remoteEntry.js', Buffer.from('var a;'));
    await brandConfigStore(local.brandConfig).write('demo-energi', { accent: '#0f6e4f' });
    const moved = { ...config, s3: s3.settings };
    await expect(copyLocalObjectsToS3(config)).rejects.toThrow('Set S3_ENDPOINT and S3_BUCKET first');
    expect(await copyLocalObjectsToS3(moved)).toBe(3);
    const bucket = productStores(moved);
    expect(await bucket.releases.list('mfe-results/')).toEqual([
      'mfe-results/1.0.0-a/mf-manifest.json',
      'mfe-results/1.0.0-a/remoteEntry.js',
    ]);
    expect(await brandConfigStore(bucket.brandConfig).read('demo-energi')).toEqual({ accent: '#0f6e4f' });
    expect(await copyLocalObjectsToS3(moved)).toBe(0);
  } finally {
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
