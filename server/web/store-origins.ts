// Where a browser fetches file bytes from when they do not come from Nubo itself: an S3 store's
// downloads, previews and thumbnails are presigned addresses on the store, which the pages' content
// security policy must allow. Both forms of address an S3 client may sign are named: the bucket as
// a path of the service's host, and (unless path-style addresses are asked for) as a host of its own.
import { isIP } from 'node:net';
import type { BlobStoreConfig } from '../config.ts';

/** The origins the blob store serves bytes to browsers from; none when Nubo serves them itself. */
export function blobStoreOrigins(store: BlobStoreConfig): string[] {
  if (store.driver !== 's3') return [];
  const service = store.endpoint ? new URL(store.endpoint) : new URL(`https://s3.${store.region}.amazonaws.com`);
  const origins = [service.origin];
  if (!store.forcePathStyle && !isIP(service.hostname.replace(/^\[|\]$/g, ''))) origins.push(`${service.protocol}//${store.bucket}.${service.host}`);
  return origins;
}
