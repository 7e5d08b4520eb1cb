// Image thumbnails: made once per content and size, on first request, and kept on this machine
// (beside local blobs, or in the cache folder when blobs are in an object store).
// Because they are keyed by content hash, every copy and saved share of an image shares them.
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { assertBlobHash, type BlobStore } from './blob-store.ts';

export const THUMBNAIL_SIZES = { SIZE_SMALL: 256, SIZE_LARGE: 1024 } as const;
export type ThumbnailSize = keyof typeof THUMBNAIL_SIZES;

/** Larger images are not decoded for a thumbnail: the work and memory would not be worth it. */
const MAX_INPUT_PIXELS = 100_000_000;

export function thumbnailStore(blobs: BlobStore) {
  const relativePath = (hash: string, size: ThumbnailSize) => {
    assertBlobHash(hash);
    return path.join('.thumbnails', hash.slice(0, 2), hash.slice(2, 4), `${hash}-${size}.webp`);
  };
  const made = new Map<string, Promise<string | undefined>>();

  async function make(hash: string, size: ThumbnailSize): Promise<string | undefined> {
    const relative = relativePath(hash, size);
    const target = path.join(blobs.derivedDir, relative);
    if (
      await access(target).then(
        () => true,
        () => false,
      )
    )
      return relative;
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    try {
      const edge = THUMBNAIL_SIZES[size];
      // Loaded on first use: libvips costs start-up time and memory a server without images never needs.
      const { default: sharp } = await import('sharp');
      const options = { limitInputPixels: MAX_INPUT_PIXELS, animated: false };
      const image = blobs.localPath ? sharp(blobs.localPath(hash), options) : (await blobs.stream(hash)).pipe(sharp(options));
      await image.rotate().resize(edge, edge, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toFile(temporary);
      await rename(temporary, target);
      return relative;
    } catch {
      await rm(temporary, { force: true });
      return undefined;
    }
  }

  return {
    /** The thumbnail's path under the blob store's derivedDir, or undefined when the content is not a readable image. */
    ensure(hash: string, size: ThumbnailSize): Promise<string | undefined> {
      const key = `${hash}-${size}`;
      // Two requests for the same new thumbnail share one piece of work.
      let pending = made.get(key);
      if (!pending) {
        pending = make(hash, size).finally(() => made.delete(key));
        made.set(key, pending);
      }
      return pending;
    },
  };
}
