import { useEffect, useRef, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import { driveFiles } from '../api.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { MediaPlayer } from '../components/preview/MediaPlayer.tsx';
import { previewKindOf } from '../files/file-links.ts';
import { useT } from '../i18n.ts';
import { directionOf, isBackKey, isOkKey } from './lean-back-focus.ts';

/** What one press of Left or Right (or a remote's rewind and fast-forward) skips, in seconds. */
const SKIP_SECONDS = 10;

type Loaded = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; file: DriveFile; link: string };

/**
 * A video or audio file played full screen with the drive's player, by remote: OK plays and pauses,
 * Left and Right skip ten seconds, Up goes to the player's buttons (the sound, subtitle, quality and
 * speed menus open with OK and are moved through with the arrows), Down back to the picture, Back
 * closes. The folder's next file follows when one ends, as in the drive.
 */
export function TvPlayer({ file, siblings, onClose }: { file: DriveFile; siblings: DriveFile[]; onClose: () => void }) {
  const t = useT();
  const [shownId, setShownId] = useState(file.id);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const frame = useRef<HTMLDivElement>(null);
  const shown = siblings.find((sibling) => sibling.id === shownId) ?? file;
  const next = siblings[siblings.findIndex((sibling) => sibling.id === shown.id) + 1];

  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    driveFiles.get(shownId).then(
      (found) =>
        current && setLoaded(found.web_content_link ? { status: 'ready', file: found, link: found.web_content_link } : { status: 'failed', error: undefined }),
      (error: unknown) => current && setLoaded({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [shownId]);

  useEffect(() => {
    const media = () => frame.current?.querySelector<HTMLMediaElement>('video, audio') ?? undefined;
    const controls = () =>
      [...(frame.current?.querySelectorAll<HTMLElement>('media-controls button, media-controls [role="slider"]') ?? [])].filter((c) => c.offsetParent !== null);
    function onKey(event: KeyboardEvent) {
      const focused = document.activeElement;
      // Inside an open menu the player's own keys move, choose and close it.
      if (focused?.closest('[role="menu"]')) return;
      const player = media();
      const buttons = controls();
      const onButton = focused instanceof HTMLElement && buttons.includes(focused);
      const direction = directionOf(event.key);
      let handled = true;
      if (isBackKey(event)) onClose();
      else if (event.key === 'MediaPlayPause' || (isOkKey(event.key) && !onButton)) player && (player.paused ? void player.play() : player.pause());
      else if (event.key === 'MediaPlay') void player?.play();
      else if (event.key === 'MediaPause') player?.pause();
      else if (event.key === 'MediaRewind' || (direction === 'left' && !onButton)) skip(player, -SKIP_SECONDS);
      else if (event.key === 'MediaFastForward' || (direction === 'right' && !onButton)) skip(player, SKIP_SECONDS);
      else if (direction === 'up' && !onButton) buttons[0]?.focus();
      else if (direction === 'down' && onButton) frame.current?.focus();
      else if ((direction === 'left' || direction === 'right') && onButton) buttons[buttons.indexOf(focused) + (direction === 'left' ? -1 : 1)]?.focus();
      else handled = false;
      if (handled) {
        event.preventDefault();
        event.stopPropagation();
      }
    }
    // Taken before the player's own shortcuts, which would skip a second time.
    window.addEventListener('keydown', onKey, { capture: true });
    frame.current?.focus();
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [onClose]);

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the picture takes the remote's keys when no button has them
    <div className="tv-player preview-dialog" ref={frame} tabIndex={0} role="region" aria-label={shown.name}>
      <h1 className="tv-player-title">{shown.name}</h1>
      {loaded.status === 'loading' && <BusyNotice text={t('drive.loading')} />}
      {loaded.status === 'failed' && <FailureNotice failure={loaded.error} />}
      {loaded.status === 'ready' && loaded.file.id === shown.id && (
        <MediaPlayer
          key={shown.id}
          file={loaded.file}
          link={loaded.link}
          kind={previewKindOf(shown) === 'audio' ? 'audio' : 'video'}
          next={next}
          onNext={next && (() => setShownId(next.id))}
        />
      )}
    </div>
  );
}

/** Moves `player` by `seconds`, within the file. */
function skip(player: HTMLMediaElement | undefined, seconds: number) {
  if (!player) return;
  player.currentTime = Math.max(0, Math.min(player.duration || Number.POSITIVE_INFINITY, player.currentTime + seconds));
}
