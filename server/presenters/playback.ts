// How a file plays, as the API shows it (shared/api/playback.ts): the plan's mode and reason, where
// to load from, the tracks and chapters ffprobe found, and the subtitles offered (inside the file
// and beside it), each with its own link.
import type { PlaybackAnswer } from '#shared/api/playback.ts';
import type { PlaybackChoice } from '../services/playback.ts';

export function presentPlayback({
  plan,
  url,
  probe,
  qualities = [],
  quality = 0,
  thumbnails,
  subtitles = [],
  start,
  cover = '',
}: PlaybackChoice): PlaybackAnswer {
  return {
    mode: plan.mode,
    reason: plan.reason,
    url,
    duration: probe?.duration ?? 0,
    audio_tracks: (probe?.audio ?? []).map(({ index, codec, language, title, default: isDefault }) => ({ index, codec, language, title, default: isDefault })),
    subtitle_tracks: subtitles.map((track) => ({
      id: track.id,
      index: track.index,
      codec: track.codec,
      language: track.language,
      language_tag: track.languageTag,
      title: track.title,
      default: track.default,
      forced: track.forced,
      text: track.text,
      format: track.format,
      source: track.source,
      ...(track.url ? { url: track.url } : {}),
      ...(track.styledUrl ? { styled_url: track.styledUrl } : {}),
    })),
    chapters: probe?.chapters ?? [],
    qualities: [...qualities],
    quality,
    ...(thumbnails ? { thumbnails } : {}),
    tags: probe?.tags ?? { title: '', artist: '', album: '' },
    cover,
    ...(start
      ? { resume_at: start.resumeAt, subtitle_language: start.subtitleLanguage, ...(start.audioTrack !== undefined ? { audio_track: start.audioTrack } : {}) }
      : {}),
  };
}
