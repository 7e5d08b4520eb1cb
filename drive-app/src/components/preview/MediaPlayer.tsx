import { useEffect, useRef, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import type { PlaybackAnswer } from '#shared/api/playback.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { drivePlayback } from '../../api.ts';
import { hasUnsupportedAudio, inlineLink, startDownload } from '../../files/file-links.ts';
import { useT } from '../../i18n.ts';
import { browserCapabilities } from '../../media/capabilities.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { NoPreview } from './NoPreview.tsx';

type Props = { file: DriveFile; link: string; kind: 'video' | 'audio' };

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

/**
 * Plays a video or audio file the way the server says this browser can: as it is (the browser's
 * own player on the inline link, seeking with Range requests), or as HLS made for it (repackaged or
 * re-encoded), through the browser's own HLS or hls.js; or says why it can only be downloaded.
 */
export function MediaPlayer({ file, link, kind }: Props) {
  const t = useT();
  const [answer, setAnswer] = useState<PlaybackAnswer | 'unknown'>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setAnswer(undefined);
    setFailed(false);
    drivePlayback.plan(file.id, { capabilities: browserCapabilities() }).then(
      (planned) => current && setAnswer(planned),
      // Without a plan the browser tries the file as it is, and says so if it cannot.
      () => current && setAnswer('unknown'),
    );
    return () => {
      current = false;
    };
  }, [file.id]);

  if (!answer) return <BusyNotice text={t('files.preview.preparing')} />;
  const source = inlineLink(link);
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
  const Element = kind === 'video' ? 'video' : 'audio';
  if (direct) {
    return (
      <div className={`media-player media-${kind}`}>
        {hasUnsupportedAudio(file) && <p className="notice notice-success">{t('files.preview.noSound')}</p>}
        <Element src={source} controls autoPlay playsInline preload="metadata" onError={() => setFailed(true)} aria-label={file.name} />
      </div>
    );
  }
  const converted = CONVERTED[answer.reason];
  return (
    <div className={`media-player media-${kind}`}>
      {failed ? (
        <div className="notice notice-error" role="alert">
          <p>{t('files.preview.streamFailed', { name: file.name })}</p>
          <button type="button" className="button secondary" onClick={() => setFailed(false)}>
            {t('error.retry')}
          </button>
        </div>
      ) : (
        <StreamPlayer url={answer.url} element={Element} name={file.name} onFailure={() => setFailed(true)} />
      )}
      {converted && <p className="media-note">{t(converted)}</p>}
    </div>
  );
}

/** An HLS stream in a <video> or <audio>: the browser's own HLS where it has it, else hls.js (loaded only then). */
function StreamPlayer({ url, element: Element, name, onFailure }: { url: string; element: 'video' | 'audio'; name: string; onFailure: () => void }) {
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const failure = useRef(onFailure);
  failure.current = onFailure;

  useEffect(() => {
    const player = media.current;
    if (!player) return;
    if (player.canPlayType('application/vnd.apple.mpegurl')) {
      player.src = url;
      return;
    }
    let stopped = false;
    let hls: { destroy(): void } | undefined;
    void import('hls.js').then(({ default: Hls }) => {
      if (stopped) return;
      // The worker would be a blob: script, which the page's policy does not run: parsing stays on the page.
      const stream = new Hls({ enableWorker: false });
      stream.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) failure.current();
      });
      stream.loadSource(url);
      stream.attachMedia(player);
      hls = stream;
    });
    return () => {
      stopped = true;
      hls?.destroy();
    };
  }, [url]);

  return <Element ref={media} controls autoPlay playsInline onError={() => failure.current()} aria-label={name} />;
}
