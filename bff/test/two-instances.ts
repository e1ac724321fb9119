import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AppDeps } from '../src/app';
import { openPostgres, type Db, type DatabaseHandle } from '../src/db/client';
import { REPO_ROOT } from '../src/paths';
import { productStores } from '../src/storage/from-config';
import type { S3Settings } from '../src/storage/s3-store';
import { createTestApp } from './test-app';
import { createPostgresDatabase } from './test-database';

export interface SharedPostgres {
  url: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Cluster {
  url: string;
  destroy(): void;
}

/**
 * A fresh, migrated PostgreSQL database several instances share: on TEST_DATABASE_URL's server when set, else on a
 * throwaway cluster made like the hardening suites make theirs (bff/hardening/load/servers.mjs).
 */
export async function startSharedPostgres(): Promise<SharedPostgres> {
  let cluster: Cluster | null = null;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Node's own import: the helper is an ES module the test transform would turn into a require.
    const load = new Function('file', 'return import(file)') as (
      file: string,
    ) => Promise<{ startPostgresCluster(o: { port: number }): Promise<Cluster>; postgresAvailable(): boolean }>;
    const servers = await load(path.join(REPO_ROOT, 'bff', 'hardening', 'load', 'servers.mjs'));
    if (!servers.postgresAvailable())
      throw new Error('No PostgreSQL server here: install it (.ci/run does) or set TEST_DATABASE_URL.');
    cluster = await servers.startPostgresCluster({ port: await freePort() });
    serverUrl = cluster.url;
  }
  const database = await createPostgresDatabase(serverUrl, 'bff_instances');
  return {
    url: database.url,
    async close() {
      if (cluster) return cluster.destroy();
      await database.drop();
    },
  };
}

export interface BffInstance {
  name: string;
  app: ReturnType<typeof createTestApp>;
  /** This instance's own data dir (its local folders: releases/, buckets/). */
  dataDir: string;
  database: DatabaseHandle;
}

export interface InstancesOptions {
  databaseUrl: string;
  shellDist: string;
  /** The object store every instance shares; without it each keeps its own folders. */
  s3?: S3Settings;
  seed?: ((db: Db) => Promise<unknown>)[];
  config?: Partial<AppDeps['config']>;
}

/**
 * Several BFF instances as a deployment runs them: one database, one object store, each with its own data dir,
 * pool and S3 client. Seeds run once, on the first. `close()` ends them all.
 */
export async function startInstances(
  count: number,
  options: InstancesOptions,
): Promise<{ instances: BffInstance[]; close(): Promise<void> }> {
  const instances: BffInstance[] = [];
  for (let n = 0; n < count; n++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bff-instance-${n}-`));
    const database = openPostgres(options.databaseUrl, 4);
    if (n === 0) for (const seed of options.seed ?? []) await seed(database.db);
    const folders = { releasesDir: path.join(dataDir, 'releases'), bucketsDir: path.join(dataDir, 'buckets') };
    const config = { ...folders, CONFIG_BUCKET_NAME: 'brand-config', s3: options.s3 ?? null, ...options.config };
    const app = createTestApp(database, { shellDist: options.shellDist, releasesDir: folders.releasesDir }, config, {
      stores: productStores(config),
    });
    instances.push({ name: String.fromCharCode(65 + n), app, dataDir, database });
  }
  return {
    instances,
    async close() {
      for (const instance of instances) {
        await instance.database.close();
        fs.rmSync(instance.dataDir, { recursive: true, force: true });
      }
    },
  };
}
