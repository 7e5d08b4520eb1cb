import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import type { WatchingItem } from '#shared/api/watching.ts';
import { formatPlayingTime } from '#shared/format.ts';
import { useT } from '../../i18n.ts';
import { $watching, askWatching } from '../../stores/watching.ts';
import { FileIcon } from './FileIcon.tsx';
import './media-picture.css';

type Props = { file: DriveFile; size: number };

/** Whether the drive shows a length, a poster and progress for this file: finished video and audio. */
function isPlayable(file: DriveFile): boolean {
  return file.kind === 'drive#file' && file.phase === 'PHASE_TYPE_COMPLETE' && (file.file_category === 'VIDEO' || file.file_category === 'AUDIO');
}

/** A video or audio file's facts (length, poster, where it was left), asked for with the rest of its page. */
function useWatchingFacts(file: DriveFile): WatchingItem | undefined {
  const playable = isPlayable(file);
  const facts = useStore($watching, { keys: [file.id] })[file.id];
  useEffect(() => {
    if (playable && !facts) askWatching(file.id, file.file_category === 'VIDEO');
  }, [playable, facts, file.id, file.file_category]);
  return playable ? facts : undefined;
}

/**
 * A file's picture in the drive: a video's poster frame once it is made (its icon until then), with
 * its length on it and a bar for how far it was watched; any other file's icon.
 */
export function MediaPicture({ file, size }: Props) {
  const t = useT();
  const facts = useWatchingFacts(file);
  if (!facts) return <FileIcon file={file} size={size} />;
  // Seen, not read: the option's name starts with the file's name, and MediaFactsText says the same after it.
  return (
    <span className="media-picture" aria-hidden="true" data-poster={facts.thumbnail_link ? true : undefined}>
      {facts.thumbnail_link ? <img className="media-poster" src={facts.thumbnail_link} alt="" loading="lazy" /> : <FileIcon file={file} size={size} />}
      {facts.duration > 0 && (
        <span className="media-duration" title={t('files.watching.length', { duration: formatPlayingTime(facts.duration) })}>
          {formatPlayingTime(facts.duration)}
        </span>
      )}
      <WatchProgress position={facts.position} duration={facts.duration} />
    </span>
  );
}

/** How far a partly watched file was played, as a thin bar (nothing before it is started or once it is watched). */
export function WatchProgress({ position, duration }: { position: number; duration: number }) {
  const t = useT();
  if (!(position > 0 && duration > 0)) return null;
  const percent = Math.min(100, Math.round((position / duration) * 100));
  return (
    <span
      className="watch-progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={t('files.watching.progress', { percent })}
    >
      <span className="watch-progress-done" style={{ width: `${percent}%` }} />
    </span>
  );
}

/** A video or audio file's length and progress, said after its name to those who hear the list. */
export function MediaFactsText({ file }: { file: DriveFile }) {
  const t = useT();
  const facts = useWatchingFacts(file);
  if (!facts || !(facts.duration > 0)) return null;
  const length = t('files.watching.length', { duration: formatPlayingTime(facts.duration) });
  const percent = facts.position > 0 ? Math.min(100, Math.round((facts.position / facts.duration) * 100)) : 0;
  return <span className="visually-hidden">{percent > 0 ? `${length}, ${t('files.watching.progress', { percent })}` : length}</span>;
}
