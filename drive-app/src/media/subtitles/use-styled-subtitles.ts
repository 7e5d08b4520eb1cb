// The player's part in drawing styled subtitles: when the viewer chooses a track that has a renderer
// of its own (ASS with its styles, PGS pictures), that renderer draws over the video and the same
// track's plain WebVTT text is hidden; choosing another track, or none, stops it.
import type { MediaPlayerInstance } from '@vidstack/react';
import { type RefObject, useEffect } from 'react';
import type { SubtitleTrack } from '#shared/api/playback.ts';
import { attachSubtitleRenderer, drawnByRenderer } from './index.ts';
import './subtitles.css';

/** Set on the player while a renderer draws the chosen track: its WebVTT captions are hidden (subtitles.css). */
const DRAWN_ATTRIBUTE = 'data-subtitles-drawn';

/** A track whose words are drawn by a renderer, as the player's captions menu lists it: PGS has no text, so its entry is empty WebVTT. */
export const PICTURES_ONLY_VTT = 'WEBVTT\n\n';

/**
 * Follows the captions menu of `player` (whose text tracks carry the answer's track ids) and draws
 * the chosen one of `tracks` with its renderer when it has one.
 */
export function useStyledSubtitles(player: RefObject<MediaPlayerInstance | null>, tracks: readonly SubtitleTrack[] | undefined): void {
  useEffect(() => {
    const instance = player.current;
    if (!instance || !tracks?.some(drawnByRenderer)) return;
    let detach: (() => void) | undefined;
    let drawn: string | undefined;
    const showPlain = (plain: boolean) => instance.el?.toggleAttribute(DRAWN_ATTRIBUTE, !plain);
    const follow = () => {
      const chosen = tracks.find((track) => track.id === instance.textTracks.selected?.id);
      const video = instance.el?.querySelector('video');
      const wanted = chosen && video && drawnByRenderer(chosen) ? chosen : undefined;
      // Vidstack tells of one choice more than once: the track drawn already is left drawing.
      if (wanted?.id === drawn) return;
      detach?.();
      detach = undefined;
      drawn = undefined;
      showPlain(true);
      if (!wanted || !video) return;
      showPlain(false);
      drawn = wanted.id;
      // Where it cannot be drawn styled, its WebVTT shows instead (PGS has none: nothing shows).
      detach = attachSubtitleRenderer(video, wanted, { onUnavailable: () => showPlain(true) });
    };
    instance.textTracks.addEventListener('mode-change', follow);
    follow();
    return () => {
      instance.textTracks.removeEventListener('mode-change', follow);
      detach?.();
      showPlain(true);
    };
  }, [player, tracks]);
}
