// What is known of audio and video contents, read by a task after upload: with ffprobe where the
// server has it (streams, languages, subtitle tracks, chapters: what choosing how to play needs),
// else with MediaInfo (duration, size, codecs: what the drive shows).
import os from 'node:os';
import { mediaRepository } from '../../db/repositories/media.ts';
import { probeMedia } from '../../media/probe.ts';
import { MediaFailure, mediaInputOf } from '../../media/tools.ts';
import { readMediaFacts } from '../../storage/media-info.ts';
import type { FilesContext } from './placement.ts';

export function media({ db, blobs, mediaTools, now }: FilesContext) {
  /** What is known of an audio or video content, once its media info task has run. */
  const mediaOf = (hash: string) => mediaRepository(db).find(hash);

  return {
    mediaOf,

    /** Reads and keeps the media facts of a content (run as a task after an upload). */
    async learnMedia(hash: string, size: number): Promise<void> {
      if (!blobs || (await mediaOf(hash))) return;
      if (mediaTools) {
        let probe: Awaited<ReturnType<typeof probeMedia>>;
        try {
          probe = await probeMedia(mediaTools, await mediaInputOf(blobs, hash), os.tmpdir());
        } catch (failure) {
          // A file ffprobe cannot read is no film: nothing is kept, and it is offered as a download.
          if (failure instanceof MediaFailure && failure.reason === 'media_unreadable') return;
          throw failure;
        }
        const video = probe.video[0];
        await mediaRepository(db).keep({
          hash,
          duration: probe.duration,
          width: video?.width ?? 0,
          height: video?.height ?? 0,
          video_codec: video?.codec ?? '',
          audio_codec: probe.audio[0]?.codec ?? '',
          probe: JSON.stringify(probe),
          created_at: now(),
        });
        return;
      }
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
