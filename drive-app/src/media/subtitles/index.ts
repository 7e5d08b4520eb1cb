// Subtitles a browser cannot draw from WebVTT alone: ASS with its styles (JASSUB, libass compiled
// to WebAssembly, drawing on a canvas over the video) and PGS pictures from Blu-rays (libpgs). Both
// are loaded only when such a track is chosen, so opening the drive costs none of their bytes.
import type { SubtitleTrack } from '#shared/api/playback.ts';

/** Whether a track is drawn by a renderer of its own rather than as the browser's WebVTT text track. */
export function drawnByRenderer(track: Pick<SubtitleTrack, 'format' | 'url' | 'styled_url'>): boolean {
  return (track.format === 'ass' && track.styled_url !== undefined) || (track.format === 'pgs' && track.url !== undefined);
}

export type RendererEvents = {
  /**
   * The styled drawing cannot be done here (no WebAssembly, a script whose letters the bundled font
   * lacks, a failed load): the player shows the track's WebVTT instead, so its words are still read.
   */
  onUnavailable?: (reason: string) => void;
};

/**
 * Draws `track` (format 'ass' or 'pgs') over `video` until the returned function is called.
 * The renderer's code is fetched now, once; the overlay follows the video's size and time.
 */
export function attachSubtitleRenderer(video: HTMLVideoElement, track: SubtitleTrack, events: RendererEvents = {}): () => void {
  let stopped = false;
  let stop: (() => void) | undefined;
  const unavailable = (reason: string) => {
    if (!stopped) events.onUnavailable?.(reason);
  };
  const drawing =
    track.format === 'pgs' && track.url
      ? import('./pgs.ts').then(({ drawPgs }) => drawPgs(video, track.url as string))
      : track.format === 'ass' && track.styled_url
        ? import('./ass.ts').then(({ drawAss }) => drawAss(video, track.styled_url as string, unavailable))
        : Promise.reject(new Error(`no renderer draws ${track.format}`));
  drawing.then(
    (end) => {
      if (stopped) end();
      else stop = end;
    },
    (failure: unknown) => unavailable(failure instanceof Error ? failure.message : String(failure)),
  );
  return () => {
    stopped = true;
    stop?.();
    stop = undefined;
  };
}
