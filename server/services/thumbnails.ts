// Thumbnails behind signed links of their own (a thumbnail's link opens nothing else): an image's
// made on first request; a video's from its poster frame, made once per content by a task after the
// upload (never on the request path of a listing), kept in the same place (storage/thumbnails.ts
// keeps them per content and size).
import os from 'node:os';
import type { Kysely } from 'kysely';
import { fileCategoryOf } from '#shared/files/classify.ts';
import { filesRepository } from '../db/repositories/files.ts';
import { mediaRepository } from '../db/repositories/media.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { readPosterFrame } from '../media/poster.ts';
import type { MediaProbe } from '../media/probe.ts';
import { MediaFailure, type MediaTools, mediaInputOf } from '../media/tools.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { DownloadLinks } from '../storage/download-links.ts';
import { type ThumbnailSize, thumbnailStore } from '../storage/thumbnails.ts';
import { linkedFile, type SignedLink } from './downloads.ts';

export function thumbnailsService({
  db,
  blobs,
  links,
  mediaTools,
}: {
  db: Kysely<Database>;
  blobs: BlobStore;
  links: DownloadLinks;
  mediaTools?: MediaTools | undefined;
}) {
  const files = filesRepository(db);
  const thumbnails = thumbnailStore(blobs);
  /** Posters being made here: a second task for the same content waits for the first. */
  const making = new Map<string, Promise<void>>();

  /** Makes a content's poster, once: a second call while it is made waits for the first. */
  function makePoster(hash: string): Promise<void> {
    let pending = making.get(hash);
    if (!pending) {
      pending = makePosterNow(hash).finally(() => making.delete(hash));
      making.set(hash, pending);
    }
    return pending;
  }

  async function makePosterNow(hash: string): Promise<void> {
    const media = await mediaRepository(db).find(hash);
    // A music file's poster is its cover picture, when it has one.
    const cover = media?.width === 0 && media.probe !== null && (JSON.parse(media.probe) as MediaProbe).cover === true;
    // Sound alone, a file no program could read, or a poster already tried: nothing to do.
    if (!mediaTools || !media || media.poster !== null || (media.width === 0 && !cover)) return;
    let frame: Buffer;
    try {
      frame = await readPosterFrame(mediaTools, await mediaInputOf(blobs, hash), media.duration, os.tmpdir(), { cover });
      if (frame.length === 0) throw new MediaFailure('media_unreadable', 'ffmpeg found no frame to show');
      await thumbnails.keepPoster(hash, frame);
    } catch (failure) {
      // A video whose frames cannot be read gets none, once: the task is not tried again for it.
      if (!(failure instanceof MediaFailure)) throw failure;
      await mediaRepository(db).markPoster(hash, 'failed');
      return;
    }
    await mediaRepository(db).markPoster(hash, 'made');
  }

  return {
    /** The path of the thumbnail, relative to the blob store's folder of derived files. */
    async thumbnail(link: SignedLink, size: ThumbnailSize): Promise<string> {
      if (!links.verify('thumbnail', link.id, link.expires, link.signature))
        throw new ServiceError('permission_denied', 'This link has expired or is not valid.');
      const file = await linkedFile(files, link.id);
      const category = fileCategoryOf({ name: file.name, mimeType: file.mime_type });
      // Films show their poster frame, music its cover picture; images are made small from themselves.
      const thumbnail = category === 'VIDEO' || category === 'AUDIO' ? await posterOf(file.hash, size) : await thumbnails.ensure(file.hash, size);
      if (!thumbnail) throw new ServiceError('not_found', 'No preview can be made of this file.');
      return thumbnail;
    },

    /**
     * Makes the poster frame of a video content, once per content (run by the task that reads a
     * media file after its upload); a content already tried is left as it is.
     */
    makePoster,

    /**
     * Makes the posters of up to `limit` videos stored before posters were made (run hourly, so a
     * library grows its posters over a few hours, never on anyone's request); answers how many were tried.
     */
    async makeMissingPosters(limit: number): Promise<number> {
      const waiting = await mediaRepository(db).withoutPoster(mediaTools ? limit : 0);
      for (const { hash } of waiting) await makePoster(hash);
      return waiting.length;
    },
  };

  /**
   * A video's thumbnail: its poster as made. Thumbnails are kept per machine, so a server copy that
   * did not run the task makes its own once it is asked for one the task made elsewhere.
   */
  async function posterOf(hash: string, size: ThumbnailSize): Promise<string | undefined> {
    const made = await thumbnails.existing(hash, size);
    if (made) return made;
    const media = await mediaRepository(db).find(hash);
    if (media?.poster !== 'made' || !mediaTools) return undefined;
    const cover = media.width === 0;
    const frame = await readPosterFrame(mediaTools, await mediaInputOf(blobs, hash), media.duration, os.tmpdir(), { cover }).catch(() => undefined);
    if (!frame?.length) return undefined;
    await thumbnails.keepPoster(hash, frame);
    return thumbnails.existing(hash, size);
  }
}

export type ThumbnailsService = ReturnType<typeof thumbnailsService>;
