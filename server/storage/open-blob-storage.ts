// The blob store and the tus upload store that writes into it, for the configured driver. The S3
// driver's modules load only when it is configured: the AWS SDK costs start-up time and memory.
import type { Kysely } from 'kysely';
import type { BlobStoreConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { type BlobStore, localBlobStore } from './blob-store.ts';
import { diskThread } from './disk-thread.ts';
import { LocalUploadStore, type UploadStore } from './upload-store.ts';

export async function openBlobStorage(
  config: BlobStoreConfig,
  db: Kysely<Database>,
  uploadExpiryMs: number,
): Promise<{ blobs: BlobStore; store: UploadStore; close(): Promise<void> }> {
  if (config.driver === 'local') {
    // One disk thread for the small file jobs of both (disk-thread.ts).
    const disk = diskThread();
    const blobs = localBlobStore(config.dir, disk);
    const store = new LocalUploadStore({ directory: blobs.uploadsLocation, db, disk, expirationPeriodInMilliseconds: uploadExpiryMs });
    await store.adoptInfoFiles();
    return { blobs, store, close: disk.stop };
  }
  const { s3Client, s3BlobStore } = await import('./s3-blob-store.ts');
  const { ObjectUploadStore } = await import('./s3-upload-store.ts');
  const client = s3Client(config);
  return {
    blobs: s3BlobStore(config, client, db),
    store: new ObjectUploadStore({ client, bucket: config.bucket, prefix: config.prefix, db, expirationPeriodInMilliseconds: uploadExpiryMs }),
    close: async () => {},
  };
}
