// Resuming where the person left a film, on any device: the playback answer says where to start
// (and which subtitle language to preselect, chosen last in the file's folder); while it plays the
// position goes to the server every SAVE_EVERY_SECONDS, on pause, at the end, when the player
// closes, and as the page goes away (a request that outlives the page: fetch with keepalive). The
// languages the viewer picks go with it, for the folder's next file.
import type { MediaPlayerInstance } from '@vidstack/react';
import { type RefObject, useEffect, useRef } from 'react';
import type { PlaybackAnswer } from '#shared/api/playback.ts';
import { SAVE_EVERY_SECONDS, type WatchingBody } from '#shared/api/watching.ts';
import { watchingPath } from '#shared/api/watching-client.ts';
import { driveWatching } from '../api.ts';
import { showPosition } from '../stores/watching.ts';

/** Under a second in, there is nothing worth resuming (and a stream being switched reads 0 for a moment). */
const LEAST_KEPT_SECONDS = 1;

type Choice = Pick<WatchingBody, 'audio_language' | 'subtitle_language'>;

/**
 * Starts `player` where the answer says, preselects its subtitle language, and keeps the position
 * on the server while it plays, unless `keeps` is false (a share's visitor: the file is not theirs).
 * `audioTrack` is the sound track the viewer chose (undefined until they choose one).
 */
export function useResume(
  fileId: string,
  player: RefObject<MediaPlayerInstance | null>,
  answer: PlaybackAnswer | 'unknown' | undefined,
  audioTrack: number | undefined,
  keeps = true,
): void {
  const planned = answer === 'unknown' ? undefined : answer;
  /** Where playback is, kept as it plays: the player is gone by the time it closes. */
  const where = useRef({ position: 0, duration: 0, ended: false });
  const resumed = useRef(false);
  const chosen = useRef<Choice>({});
  const savedAt = useRef(0);

  /** What to save now; nothing before the first second. */
  const body = (): WatchingBody | undefined => {
    const { position, duration, ended } = where.current;
    if (!keeps || !(duration > 0) || (!ended && position < LEAST_KEPT_SECONDS)) return undefined;
    return { position: ended ? duration : Math.min(position, duration), duration, ...chosen.current };
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are this file's; one player per file
  useEffect(() => {
    const saveAsPageGoes = () => {
      const saved = body();
      if (!saved) return;
      showPosition(fileId, saved.position, saved.duration);
      void fetch(watchingPath(fileId), {
        method: 'PUT',
        keepalive: true,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(saved),
      }).catch(() => undefined);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') saveAsPageGoes();
    };
    window.addEventListener('pagehide', saveAsPageGoes);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', saveAsPageGoes);
      document.removeEventListener('visibilitychange', onHidden);
      // The player closes: where it was is kept for next time.
      saveAsPageGoes();
    };
  }, [fileId]);

  // A sound track the viewer picks is remembered for the folder.
  useEffect(() => {
    const language = audioTrack === undefined ? undefined : planned?.audio_tracks.find((track) => track.index === audioTrack)?.language;
    if (language) chosen.current = { ...chosen.current, audio_language: language };
  }, [audioTrack, planned]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the player the answer mounted; the refs are this file's
  useEffect(() => {
    const instance = player.current;
    if (!instance) return;
    const save = () => {
      const saved = body();
      if (!saved) return;
      savedAt.current = Date.now();
      showPosition(fileId, saved.position, saved.duration);
      // A save that fails is made again by the next one.
      void driveWatching.save(fileId, saved).catch(() => undefined);
    };
    const resume = () => {
      if (resumed.current || !instance.state.canPlay) return;
      resumed.current = true;
      const at = planned?.resume_at ?? 0;
      if (at > 0 && instance.currentTime < LEAST_KEPT_SECONDS) instance.currentTime = at;
      preselectSubtitles(instance, planned?.subtitle_language ?? '');
    };
    const follow = () => {
      where.current = { position: instance.currentTime, duration: instance.duration || planned?.duration || 0, ended: false };
      if (!instance.paused && Date.now() - savedAt.current >= SAVE_EVERY_SECONDS * 1000) save();
    };
    const subtitlesChosen = () => {
      if (!resumed.current) return;
      chosen.current = { ...chosen.current, subtitle_language: instance.textTracks.selected?.language || 'off' };
    };
    const stops = [
      instance.listen('can-play', resume),
      instance.listen('time-update', follow),
      instance.listen('pause', save),
      instance.listen('ended', () => {
        where.current = { ...where.current, ended: true };
        save();
      }),
    ];
    instance.textTracks.addEventListener('mode-change', subtitlesChosen);
    resume();
    return () => {
      for (const stop of stops) stop();
      instance.textTracks.removeEventListener('mode-change', subtitlesChosen);
    };
  }, [fileId, answer]);
}

/** Shows the subtitles in `language` (a BCP 47 tag), or none for 'off'; '' leaves the file's default. */
function preselectSubtitles(instance: MediaPlayerInstance, language: string): void {
  if (!language) return;
  const tracks = instance.textTracks.toArray().filter((track) => track.kind === 'subtitles' || track.kind === 'captions');
  if (language === 'off') {
    for (const track of tracks) if (track.mode === 'showing') track.mode = 'disabled';
    return;
  }
  const match = tracks.find((track) => track.language === language) ?? tracks.find((track) => track.language.split('-')[0] === language.split('-')[0]);
  if (match) match.mode = 'showing';
}
