// Image thumbnails: made once per content and size, on first request, and kept on this machine
// (beside local blobs, or in the cache folder when blobs are in an object store) as long as their
// content is stored: deleting the content removes them here, and an hourly sweep finds those of
// content deleted by another server copy (which has a cache of its own).
// Because they are keyed by content hash, every copy and saved share of an image shares them.
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertBlobHash, type BlobStore } from './blob-store.ts';

export const THUMBNAIL_SIZES = { SIZE_SMALL: 256, SIZE_LARGE: 1024 } as const;
export type ThumbnailSize = keyof typeof THUMBNAIL_SIZES;

/** Larger images are not decoded for a thumbnail: the work and memory would not be worth it. */
const MAX_INPUT_PIXELS = 100_000_000;

const FOLDER = '.thumbnails';

function relativePath(hash: string, size: ThumbnailSize): string {
  assertBlobHash(hash);
  return path.join(FOLDER, hash.slice(0, 2), hash.slice(2, 4), `${hash}-${size}.webp`);
}

/** Removes the thumbnails of a content that is no longer stored. */
export async function dropThumbnails(derivedDir: string, hash: string): Promise<void> {
  for (const size of Object.keys(THUMBNAIL_SIZES) as ThumbnailSize[]) await rm(path.join(derivedDir, relativePath(hash, size)), { force: true });
}

/** Thumbnails sit on 256 shelves, by the first two hex digits of their content's hash: the hourly sweep looks through one. */
export const THUMBNAIL_SHELVES = 256;

/**
 * Looks through one shelf: removes the thumbnails whose content is no longer stored (`stored`
 * answers which of the hashes asked about are), and the half-made ones a stopped server left,
 * untouched since `before`. Answers how many files went.
 */
export async function sweepThumbnailShelf(
  derivedDir: string,
  shelf: number,
  stored: (hashes: string[]) => Promise<Set<string>>,
  before: number,
): Promise<number> {
  const shelfDir = path.join(derivedDir, FOLDER, shelf.toString(16).padStart(2, '0'));
  let removed = 0;
  for (const rack of await readdir(shelfDir).catch(() => [] as string[])) {
    const rackDir = path.join(shelfDir, rack);
    const names = await readdir(rackDir).catch(() => [] as string[]);
    const hashOf = (name: string) => name.slice(0, 64);
    const finished = names.filter((name) => name.endsWith('.webp'));
    const kept = await stored([...new Set(finished.map(hashOf))]);
    for (const name of names) {
      const file = path.join(rackDir, name);
      if (name.endsWith('.webp') ? kept.has(hashOf(name)) : ((await stat(file).catch(() => undefined))?.mtimeMs ?? before) >= before) continue;
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

export function thumbnailStore(blobs: BlobStore) {
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

  /** Both sizes of a video's thumbnail from its poster frame (made by the poster task, media/poster.ts). */
  async function keepPoster(hash: string, frame: Buffer): Promise<void> {
    const { default: sharp } = await import('sharp');
    for (const size of Object.keys(THUMBNAIL_SIZES) as ThumbnailSize[]) {
      const target = path.join(blobs.derivedDir, relativePath(hash, size));
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      const edge = THUMBNAIL_SIZES[size];
      try {
        await sharp(frame, { limitInputPixels: MAX_INPUT_PIXELS })
          .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toFile(temporary);
        await rename(temporary, target);
      } finally {
        await rm(temporary, { force: true });
      }
    }
  }

  return {
    keepPoster,

    /** The thumbnail's path when it is already made (a video's is made only by its task, never on request). */
    async existing(hash: string, size: ThumbnailSize): Promise<string | undefined> {
      const relative = relativePath(hash, size);
      return (await access(path.join(blobs.derivedDir, relative)).then(
        () => true,
        () => false,
      ))
        ? relative
        : undefined;
    },

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
