// The drive's player for video and audio files: Vidstack, a maintained React player built over
// hls.js, chosen for what a full player needs that we would otherwise write and keep ourselves —
// keyboard shortcuts, speed, picture-in-picture, full screen, quality, sound-track and caption
// menus, chapters on the seek bar and thumbnail previews, all accessible and translatable. This
// module (with Vidstack and hls.js) is loaded only when a video or audio file is opened.
import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import '@vidstack/react/player/styles/default/layouts/audio.css';
import '../player/player.css';
import {
  isHLSProvider,
  type MediaPlayerInstance,
  MediaProvider,
  type MediaProviderAdapter,
  type MediaSrc,
  Track,
  MediaPlayer as Vidstack,
} from '@vidstack/react';
import { DefaultAudioLayout, DefaultVideoLayout, defaultLayoutIcons } from '@vidstack/react/player/layouts/default';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import type { PlaybackAnswer, PlaybackBody } from '#shared/api/playback.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { PLAYER_EVENTS } from '#shared/player-events.ts';
import { drivePlayback } from '../../api.ts';
import { hasUnsupportedAudio, inlineLink, startDownload } from '../../files/file-links.ts';
import { useLocaleCode, useT } from '../../i18n.ts';
import { browserCapabilities } from '../../media/capabilities.ts';
import { listenToHost, reportPlayerEvent } from '../../media/host-events.ts';
import { useResume } from '../../media/resume.ts';
import { PICTURES_ONLY_VTT, useStyledSubtitles } from '../../media/subtitles/use-styled-subtitles.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { ChoiceMenu } from '../player/ChoiceMenu.tsx';
import { useDecorativePictures } from '../player/decorative-pictures.ts';
import { trackLabel } from '../player/labels.ts';
import { NextButton, NextOffer } from '../player/NextInFolder.tsx';
import { usePlayerTranslations } from '../player/words.ts';
import { AudioDetails } from './AudioDetails.tsx';
import { NoPreview } from './NoPreview.tsx';

type Props = {
  file: DriveFile;
  link: string;
  kind: 'video' | 'audio';
  /** The next video or audio file of the folder, offered when this one ends. */
  next?: DriveFile | undefined;
  onNext?: (() => void) | undefined;
  /**
   * How the file's playback is asked for: the drive's own by default; a share's for its visitor,
   * whose position is not kept (the file is not theirs).
   */
  playback?: SharedPlayback | undefined;
};

/** A share's playback for its visitor: what the share page asks the server. */
type SharedPlayback = (body: PlaybackBody) => Promise<PlaybackAnswer>;

/** What a stream made for this browser is, said under the player. */
const CONVERTED: Partial<Record<PlaybackAnswer['reason'], MessageKey>> = {
  container_not_supported: 'files.preview.converted.container',
  audio_not_supported: 'files.preview.converted.audio',
  video_not_supported: 'files.preview.converted.video',
};

/** Why a file is offered only as a download. */
const DOWNLOAD_ONLY: Partial<Record<PlaybackAnswer['reason'], MessageKey>> = {
  browser_cannot_stream: 'files.preview.reason.browser',
  not_media: 'files.preview.reason.notMedia',
};

/** What the viewer chose of the file's streams: a sound track (its stream index) and a re-encode's height. */
type Choice = Pick<PlaybackBody, 'audio_track' | 'quality'>;

/**
 * Plays a video or audio file the way the server says this browser can: as it is (the inline
 * link, seeking with Range requests), or as HLS made for it (repackaged or re-encoded); or says
 * why it can only be downloaded. Choosing another sound track or quality asks the server again
 * and carries on from the same moment. One mount per file (the preview keys it by file id).
 */
export function MediaPlayer({ file, link, kind, next, onNext, playback }: Props) {
  const t = useT();
  const locale = useLocaleCode();
  const translations = usePlayerTranslations();
  const [choice, setChoice] = useState<Choice>({});
  const [answer, setAnswer] = useState<PlaybackAnswer | 'unknown'>();
  const [failed, setFailed] = useState(false);
  const [ended, setEnded] = useState(false);
  /** The Vidstack player of this file; effects that follow playback (positions, subtitle renderers) use it with `file.id`. */
  const player = useRef<MediaPlayerInstance>(null);
  /** After a switch of sound track or quality: where the stream `from` was (seconds), for the one replacing it to go on from. */
  const startAt = useRef<{ at: number; from: string } | undefined>(undefined);
  /** Where playback is, kept as it plays: the player is gone by the time closing is reported. */
  const position = useRef(0);
  const mounted = useRef(false);
  const frozen = useRef<'stalled' | 'host' | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one player per file (keyed); a new choice is what asks again
  useEffect(() => {
    let current = true;
    const body = { capabilities: browserCapabilities(), ...choice };
    (playback ? playback(body) : drivePlayback.plan(file.id, body)).then(
      (planned) => current && setAnswer(planned),
      // Without a plan the browser tries the file as it is, and says so if it cannot.
      () => current && setAnswer((shown) => shown ?? 'unknown'),
    );
    return () => {
      current = false;
    };
  }, [choice]);

  // The host learns when the player goes, and may freeze it (pause it and keep it paused) until it thaws it.
  useEffect(() => {
    const stopListening = listenToHost((command) => {
      frozen.current = command === 'freeze' ? 'host' : undefined;
      if (command === 'freeze') player.current?.pause();
      else void player.current?.play().catch(() => undefined);
      reportPlayerEvent(PLAYER_EVENTS.setFreeze, { file_id: file.id, position: position.current, frozen: command === 'freeze', reason: 'host' });
    });
    return () => {
      stopListening();
      if (mounted.current) reportPlayerEvent(PLAYER_EVENTS.close, { file_id: file.id, position: position.current });
    };
  }, [file.id]);

  // A chosen ASS or PGS track is drawn by its own renderer over the video (the menu lists it like the others).
  useStyledSubtitles(player, answer === 'unknown' ? undefined : answer?.subtitle_tracks);

  // Starts where the person left the file (on any device) and keeps the position as it plays.
  useResume(file.id, player, answer, choice.audio_track, !playback);

  // The seek bar's preview picture only repeats the time beside it: screen readers pass over it.
  useDecorativePictures(player, answer);

  // The chapters as Vidstack's cues, made once per answer (a new object would load the track again).
  const chapters = useMemo(
    () =>
      answer === 'unknown' || !answer?.chapters.length
        ? undefined
        : { cues: answer.chapters.map((chapter, at) => ({ startTime: chapter.start, endTime: chapter.end, text: chapter.title || String(at + 1) })) },
    [answer],
  );

  if (!answer) return <BusyNotice text={t('files.preview.preparing')} />;
  const direct = answer === 'unknown' || answer.mode === 'direct' || answer.reason === 'media_tools_off';
  if (failed && direct) return <NoPreview file={file} link={link} reason="unplayable" />;
  if (answer !== 'unknown' && answer.mode === 'download' && !direct) {
    return (
      <div className="no-preview">
        <p>{t(DOWNLOAD_ONLY[answer.reason] ?? 'files.preview.unplayable', { name: file.name })}</p>
        <button type="button" className="button primary" onClick={() => startDownload(link)}>
          {t('files.preview.download')}
        </button>
      </div>
    );
  }
  const planned = answer === 'unknown' ? undefined : answer;
  const source = (
    direct ? { src: inlineLink(link), type: kind === 'video' ? 'video/mp4' : 'audio/mpeg' } : { src: answer.url, type: 'application/x-mpegurl' }
  ) satisfies MediaSrc;
  const converted = planned && CONVERTED[planned.reason];

  /** Asks for the stream again with `change`, to carry on from where playback is now. */
  const switchTo = (change: Choice) => {
    startAt.current = { at: player.current?.currentTime ?? position.current, from: source.src };
    setFailed(false);
    setChoice((chosen) => ({ ...chosen, ...change }));
  };

  const audioTracks = planned?.audio_tracks ?? [];
  const chosenTrack = choice.audio_track ?? audioTracks.find((track) => track.default)?.index ?? audioTracks[0]?.index;
  const menus = (
    <>
      {planned && planned.qualities.length > 0 && (
        <ChoiceMenu
          label={translations.Quality ?? ''}
          icon={defaultLayoutIcons.Menu.QualityUp}
          value={String(planned.quality)}
          options={planned.qualities.map((height) => ({ label: `${height}p`, value: String(height) }))}
          onChange={(value) => switchTo({ quality: Number(value) as Choice['quality'] })}
        />
      )}
      {audioTracks.length > 1 && (
        <ChoiceMenu
          label={translations.Audio ?? ''}
          icon={defaultLayoutIcons.Menu.Audio}
          value={String(chosenTrack)}
          options={audioTracks.map((track, at) => ({ label: trackLabel(track, at, locale, t), value: String(track.index) }))}
          onChange={(value) => switchTo({ audio_track: Number(value) })}
        />
      )}
    </>
  );

  // Subtitles the browser reads as they are (WebVTT, served by the server); other formats have renderers of their own.
  const textTracks = (planned?.subtitle_tracks ?? []).flatMap((track, at) =>
    track.format !== 'vobsub' && track.url
      ? [
          {
            key: track.id,
            src: track.format === 'pgs' ? undefined : track.url,
            label: trackLabel(track, at, locale, t),
            language: track.language_tag,
            isDefault: track.default,
          },
        ]
      : [],
  );

  // No Google Cast button: its sender library would come from Google's servers, which the page's policy does not allow.
  const layoutProps = {
    icons: defaultLayoutIcons,
    translations,
    noAudioGain: true,
    menuContainer: '.preview-dialog',
    slots: { settingsMenuItemsEnd: menus, googleCastButton: null },
  };

  return (
    <div className={`media-player media-${kind}`}>
      {kind === 'audio' && <AudioDetails file={file} answer={planned} />}
      {direct && hasUnsupportedAudio(file) && <p className="notice notice-success">{t('files.preview.noSound')}</p>}
      {failed ? (
        <div className="notice notice-error" role="alert">
          <p>{t('files.preview.streamFailed', { name: file.name })}</p>
          <button type="button" className="button secondary" onClick={() => switchTo({})}>
            {t('error.retry')}
          </button>
        </div>
      ) : (
        <div className="player-frame">
          <Vidstack
            ref={player}
            title={file.name}
            aria-label={t('player.label', { name: file.name })}
            src={source}
            viewType={kind}
            autoPlay
            playsInline
            onProviderChange={(provider: MediaProviderAdapter | null) => {
              if (!isHLSProvider(provider)) return;
              // hls.js from our own bundle, never Vidstack's default CDN copy (the page's policy forbids it): its
              // light build (our streams have one rendition and no DRM), in a chunk loaded only for streams. Its
              // worker would be a blob: script, which the policy does not run either: parsing stays on the page.
              provider.library = () => import('hls.js/light');
              provider.config = { enableWorker: false };
            }}
            onCanPlay={() => {
              const media = player.current;
              if (!media) return;
              if (!mounted.current) {
                mounted.current = true;
                // The player takes the focus when it opens: its keys (space, k, the arrows, j/l, m, f, c) work at once.
                media.el?.focus({ preventScroll: true });
                reportPlayerEvent(PLAYER_EVENTS.mountAndRestore, { file_id: file.id, position: media.currentTime });
              }
            }}
            onTimeUpdate={(detail) => {
              const media = player.current;
              // A switched stream goes on from where the one it replaced was, once it plays: hls.js places a new
              // stream at its start as it loads and may undo a seek made meanwhile, so it is made until it holds.
              const switched = startAt.current;
              if (media && switched && media.state.source.src === source.src && source.src !== switched.from) {
                if (detail.currentTime < switched.at - 1) {
                  media.currentTime = switched.at;
                  return;
                }
                startAt.current = undefined;
              }
              position.current = detail.currentTime;
            }}
            onPlay={() => {
              setEnded(false);
              // A player the host froze stays paused until the host thaws it.
              if (frozen.current === 'host') player.current?.pause();
            }}
            onWaiting={() => {
              if (frozen.current || player.current?.paused || player.current?.state.seeking) return;
              frozen.current = 'stalled';
              reportPlayerEvent(PLAYER_EVENTS.setFreeze, { file_id: file.id, position: position.current, frozen: true, reason: 'stalled' });
            }}
            onPlaying={() => {
              if (frozen.current !== 'stalled') return;
              frozen.current = undefined;
              reportPlayerEvent(PLAYER_EVENTS.setFreeze, { file_id: file.id, position: position.current, frozen: false, reason: 'stalled' });
            }}
            onEnded={() => setEnded(true)}
            onError={() => setFailed(true)}
          >
            <MediaProvider>
              {textTracks.map((track) => (
                <Track
                  key={track.key}
                  id={track.key}
                  kind="subtitles"
                  type="vtt"
                  src={track.src}
                  content={track.src ? undefined : PICTURES_ONLY_VTT}
                  label={track.label}
                  language={track.language}
                  default={track.isDefault}
                />
              ))}
              {chapters && <Track kind="chapters" type="json" default label={translations.Chapters ?? ''} content={chapters} />}
            </MediaProvider>
            {kind === 'video' ? <DefaultVideoLayout {...layoutProps} thumbnails={planned?.thumbnails} /> : <DefaultAudioLayout {...layoutProps} />}
          </Vidstack>
          {ended && next && onNext && <NextOffer next={next} onNext={onNext} onStay={() => setEnded(false)} />}
        </div>
      )}
      {converted && <p className="media-note">{t(converted)}</p>}
      {next && onNext && <NextButton next={next} onNext={onNext} />}
    </div>
  );
}
