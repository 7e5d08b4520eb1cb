// How a file plays, as the API shows it (shared/api/playback.ts): the plan's mode and reason, where
// to load from, and the tracks and chapters ffprobe found.
import type { PlaybackAnswer } from '#shared/api/playback.ts';
import type { PlaybackChoice } from '../services/playback.ts';

export function presentPlayback({ plan, url, probe }: PlaybackChoice): PlaybackAnswer {
  return {
    mode: plan.mode,
    reason: plan.reason,
    url,
    duration: probe?.duration ?? 0,
    audio_tracks: (probe?.audio ?? []).map(({ index, codec, language, title, default: isDefault }) => ({ index, codec, language, title, default: isDefault })),
    subtitle_tracks: (probe?.subtitles ?? []).map(({ index, codec, language, title, default: isDefault, forced, text }) => ({
      index,
      codec,
      language,
      title,
      default: isDefault,
      forced,
      text,
    })),
    chapters: probe?.chapters ?? [],
  };
}
