// How the player names a track the file describes: its title, else its language in the user's
// words, else its place among the file's tracks.
import type { PlaybackAnswer } from '#shared/api/playback.ts';
import type { Translate } from '#shared/i18n/translator.ts';

type Track = PlaybackAnswer['audio_tracks'][number];

/** The language's name in `locale` for an ISO 639 code as files carry them ("fra", "en"), or undefined for "und" and codes no one knows. */
export function languageName(code: string, locale: string): string | undefined {
  if (!code || code === 'und') return undefined;
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(code);
    return name && name.toLowerCase() !== code.toLowerCase() ? name : undefined;
  } catch {
    return undefined;
  }
}

export function trackLabel(track: Track, position: number, locale: string, t: Translate): string {
  const language = languageName(track.language, locale);
  if (track.title && language && !track.title.includes(language)) return `${track.title} (${language})`;
  return track.title || language || t('player.track.unnamed', { n: position + 1 });
}
