// Thumbnails of images, behind signed links of their own (a thumbnail's link opens nothing else), made on first request
// (storage/thumbnails.ts keeps them per content and size).
import type { Kysely } from 'kysely';
import { filesRepository } from '../db/repositories/files.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { DownloadLinks } from '../storage/download-links.ts';
import { type ThumbnailSize, thumbnailStore } from '../storage/thumbnails.ts';
import { linkedFile, type SignedLink } from './downloads.ts';

export function thumbnailsService({ db, blobs, links }: { db: Kysely<Database>; blobs: BlobStore; links: DownloadLinks }) {
  const files = filesRepository(db);
  const thumbnails = thumbnailStore(blobs);

  return {
    /** The path of the thumbnail, relative to the blob store's folder of derived files. */
    async thumbnail(link: SignedLink, size: ThumbnailSize): Promise<string> {
      if (!links.verify('thumbnail', link.id, link.expires, link.signature))
        throw new ServiceError('permission_denied', 'This link has expired or is not valid.');
      const file = await linkedFile(files, link.id);
      const thumbnail = await thumbnails.ensure(file.hash, size);
      if (!thumbnail) throw new ServiceError('not_found', 'No preview can be made of this file.');
      return thumbnail;
    },
  };
}

export type ThumbnailsService = ReturnType<typeof thumbnailsService>;
