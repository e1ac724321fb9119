import type { Readable } from 'node:stream';

/** What a store knows of one object without reading it. */
export interface ObjectInfo {
  size: number;
  /** A strong validator of the content, quoted as an HTTP ETag. */
  etag: string;
  lastModified: Date;
}

/**
 * Where releases, brand configs and EPC documents live: a local folder (the embedded default) or an S3-compatible
 * bucket (docs/operations.md "Configuration"). Keys are `/`-separated relative paths; a write is whole or not seen at
 * all.
 */
export interface ObjectStore {
  /** Where the objects are, for messages (`folder /…` or `s3://bucket/prefix`). */
  readonly location: string;
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** The object's bytes as a stream, or null when there is none. */
  get(key: string): Promise<{ body: Readable; info: ObjectInfo } | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Every key under a prefix (`a/b/` lists a/b/x and a/b/c/y), sorted. */
  list(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
}

export class ObjectKeyError extends Error {}

const SEGMENT = /^[A-Za-z0-9_@+=,-][A-Za-z0-9._@+=,-]*$/;

/** A key is relative, `/`-separated, with no empty, `.` or `..` segment and no hidden (dot) file. */
export function checkObjectKey(key: string): string {
  if (key.length === 0 || key.length > 512 || !key.split('/').every((segment) => SEGMENT.test(segment))) {
    throw new ObjectKeyError(`Not a valid object key: ${JSON.stringify(key.slice(0, 100))}`);
  }
  return key;
}

/** Reads a stream to the end (object bodies here are small: configs, manifests, documents of a few MB). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A view of a store under a key prefix, so every part of the product keeps its own area of one bucket. */
export function withinPrefix(store: ObjectStore, prefix: string): ObjectStore {
  const full = (key: string) => `${prefix}/${checkObjectKey(key)}`;
  return {
    location: `${store.location}/${prefix}`,
    put: async (key, body, contentType) => store.put(full(key), body, contentType),
    get: async (key) => store.get(full(key)),
    head: async (key) => store.head(full(key)),
    list: async (under) => (await store.list(`${prefix}/${under}`)).map((key) => key.slice(prefix.length + 1)),
    delete: async (key) => store.delete(full(key)),
  };
}
