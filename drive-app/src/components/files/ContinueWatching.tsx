import { useEffect, useState } from 'react';
import type { ContinueWatchingAnswer } from '#shared/api/watching.ts';
import { formatPlayingTime } from '#shared/format.ts';
import { driveWatching } from '../../api.ts';
import { appEvents } from '../../events.ts';
import { useT } from '../../i18n.ts';
import { openDriveDialog } from '../../stores/drive-dialogs.ts';
import { FileIcon } from './FileIcon.tsx';
import { WatchProgress } from './MediaPicture.tsx';
import './media-picture.css';

type Started = ContinueWatchingAnswer['files'];

/** Films and songs the person started and did not finish, latest first; one opens where it was left. */
export function ContinueWatching() {
  const t = useT();
  const [started, setStarted] = useState<Started>([]);

  useEffect(() => {
    let current = true;
    const load = () =>
      driveWatching.continueWatching().then(
        (answer) => current && setStarted(answer.files),
        // The row is an extra: without it Recent shows what it always did.
        () => current && setStarted([]),
      );
    void load();
    const stop = appEvents.on('drive-changed', () => void load());
    return () => {
      current = false;
      stop();
    };
  }, []);

  if (started.length === 0) return null;
  return (
    <section className="continue-watching" aria-labelledby="continue-watching-title">
      <h2 id="continue-watching-title">{t('files.watching.continueTitle')}</h2>
      <ol aria-label={t('files.watching.listLabel')}>
        {started.map(({ file, position, duration }) => (
          <li key={file.id}>
            <button type="button" className="continue-item" onClick={() => openDriveDialog({ kind: 'preview', file, siblings: [file] })}>
              <span className="media-picture">
                {file.thumbnail_link ? <img className="media-poster" src={file.thumbnail_link} alt="" loading="lazy" /> : <FileIcon file={file} size={56} />}
                <WatchProgress position={position} duration={duration} />
              </span>
              <span className="continue-name" title={file.name}>
                {file.name}
              </span>
              <span className="continue-left">{t('files.watching.leftAt', { time: formatPlayingTime(position), duration: formatPlayingTime(duration) })}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
