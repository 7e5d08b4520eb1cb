// What is known of audio and video contents (duration, size, codecs), read by a task after upload.
import { mediaRepository } from '../../db/repositories/media.ts';
import { readMediaFacts } from '../../storage/media-info.ts';
import type { FilesContext } from './placement.ts';

export function media({ db, blobs, now }: FilesContext) {
  /** What is known of an audio or video content, once its media info task has run. */
  const mediaOf = (hash: string) => mediaRepository(db).find(hash);

  return {
    mediaOf,

    /** Reads and keeps the media facts of a content (run as a task after an upload). */
    async learnMedia(hash: string, size: number): Promise<void> {
      if (!blobs || (await mediaOf(hash))) return;
      const facts = await readMediaFacts(blobs, hash, size);
      if (!facts) return;
      await mediaRepository(db).keep({
        hash,
        duration: facts.duration,
        width: facts.width,
        height: facts.height,
        video_codec: facts.videoCodec,
        audio_codec: facts.audioCodec,
        created_at: now(),
      });
    },
  };
}
