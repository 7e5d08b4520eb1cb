// Blobs in an S3-compatible object store (BLOB_STORE=s3://…). An upload's multipart object is
// the blob itself, so its key (not its hash) names it, and the database records which key holds
// which hash. Downloads are presigned GETs: the bytes go from the store to the browser directly.
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Kysely } from 'kysely';
import type { BlobStoreConfig } from '../config.ts';
import { blobsRepository } from '../db/repositories/blobs.ts';
import type { Database } from '../db/schema.ts';
import { assertBlobHash, type BlobStore, shortRead } from './blob-store.ts';

type S3Config = Extract<BlobStoreConfig, { driver: 's3' }>;

/**
 * How long the store may take to accept a connection, to answer a request (its body sent), and to
 * send nothing while bytes flow, before the request fails: a store that hangs must not hold a
 * visitor's download or an upload's PATCH for ever.
 */
export const S3_TIMEOUTS = { connectionTimeout: 10_000, requestTimeout: 60_000, throwOnRequestTimeout: true, socketTimeout: 60_000 };

export function s3Client(config: S3Config, timeouts: typeof S3_TIMEOUTS = S3_TIMEOUTS): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    requestHandler: timeouts,
  });
}

/** Object keys: uploads (and so blobs) under `<prefix>blobs/`, bytes held between PATCHes under `<prefix>held/`. */
export function objectKeys(prefix: string) {
  return {
    blob: (uploadId: string) => `${prefix}blobs/${uploadId}`,
    held: (uploadId: string) => `${prefix}held/${uploadId}`,
  };
}

export function s3BlobStore(config: S3Config, client: S3Client, db: Kysely<Database>): BlobStore {
  mkdirSync(config.cacheDir, { recursive: true });
  const keys = objectKeys(config.prefix);
  const keyOf = async (hash: string) => {
    assertBlobHash(hash);
    return (await blobsRepository(db).storageKey(hash)) ?? undefined;
  };
  const located = async (hash: string) => {
    const key = await keyOf(hash);
    if (!key) throw new Error(`no stored object for blob ${hash}`);
    return key;
  };
  const remove = (key: string) => client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
  return {
    driver: 's3',
    uploadsLocation: `s3://${config.bucket}/${keys.blob('')}`,
    derivedDir: config.cacheDir,
    async has(hash) {
      return (await keyOf(hash)) !== undefined;
    },
    reachable: () =>
      client.send(new HeadBucketCommand({ Bucket: config.bucket })).then(
        () => true,
        () => false,
      ),
    async adopt(uploadId, hash) {
      const existing = await keyOf(hash);
      const uploaded = keys.blob(uploadId);
      if (existing && existing !== uploaded) {
        // The same content was stored before: keep that object, drop the new one.
        await remove(uploaded);
        return existing;
      }
      return uploaded;
    },
    stagingDir: path.join(config.cacheDir, 'offline'),
    async adoptFile(file, hash, sent) {
      const existing = await keyOf(hash);
      if (existing) {
        await fs.rm(file, { force: true });
        return existing;
      }
      // A file fetched by the server goes up in parts, as big uploads do (lib-storage's multipart).
      const key = keys.blob(`fetched-${randomUUID()}`);
      const upload = new Upload({ client, params: { Bucket: config.bucket, Key: key, Body: createReadStream(file) } });
      upload.on('httpUploadProgress', (progress) => sent?.(progress.loaded ?? 0));
      await upload.done();
      await fs.rm(file, { force: true });
      return key;
    },
    async readRange(hash, offset, length) {
      if (length <= 0) return Buffer.alloc(0);
      const answer = await client.send(
        new GetObjectCommand({ Bucket: config.bucket, Key: await located(hash), Range: `bytes=${offset}-${offset + length - 1}` }),
      );
      const bytes = Buffer.from(await answer.Body!.transformToByteArray());
      if (bytes.length !== length) throw shortRead(hash, offset, length, bytes.length);
      return bytes;
    },
    async stream(hash) {
      const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: await located(hash) }));
      return answer.Body as Readable;
    },
    async remove(blob) {
      if (blob.storage_key) await remove(blob.storage_key);
    },
    async deliveryUrl(hash, options) {
      const command = new GetObjectCommand({
        Bucket: config.bucket,
        Key: await located(hash),
        ResponseContentDisposition: options.contentDisposition,
        ResponseContentType: options.contentType,
        ResponseCacheControl: 'private, max-age=3600',
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
  };
}
