import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkObjectKey, type ObjectInfo, type ObjectStore } from './object-store';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

const infoOf = (answer: { ContentLength?: number; ETag?: string; LastModified?: Date }): ObjectInfo => ({
  size: answer.ContentLength ?? 0,
  etag: answer.ETag ?? '""',
  lastModified: answer.LastModified ?? new Date(0),
});

/** Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, …); every BFF instance sees the same objects. */
export function s3Store(settings: S3Settings, client = s3Client(settings)): ObjectStore {
  const Bucket = settings.bucket;
  return {
    location: `s3://${Bucket}`,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkObjectKey(key),
          Body: body,
          ContentType: contentType ?? 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkObjectKey(key) }));
        return { body: answer.Body as Readable, info: infoOf(answer) };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async head(key) {
      try {
        return infoOf(await client.send(new HeadObjectCommand({ Bucket, Key: checkObjectKey(key) })));
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkObjectKey(key) }));
    },
  };
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}
