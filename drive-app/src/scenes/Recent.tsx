import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DriveEvent, EventList } from '#shared/api/files.ts';
import { folderPath } from '#shared/app-paths.ts';
import { formatDateTime, formatThousands } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { driveFiles } from '../api.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { DriveDialogs } from '../components/dialogs/DriveDialogs.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { ContinueWatching } from '../components/files/ContinueWatching.tsx';
import { FileIcon } from '../components/files/FileIcon.tsx';
import { FilesEmpty } from '../components/files/FilesEmpty.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { useNearEnd } from '../components/useNearEnd.ts';
import { appEvents } from '../events.ts';
import { isComplete } from '../files/file-links.ts';
import { useT } from '../i18n.ts';
import { openDriveDialog } from '../stores/drive-dialogs.ts';

const EVENT_LABELS: Record<DriveEvent['type'], MessageKey> = {
  TYPE_UPLOAD: 'recent.event.upload',
  TYPE_CREATE_FOLDER: 'recent.event.createFolder',
  TYPE_RENAME: 'recent.event.rename',
  TYPE_MOVE: 'recent.event.move',
  TYPE_COPY: 'recent.event.copy',
  TYPE_TRASH: 'recent.event.trash',
  TYPE_UNTRASH: 'recent.event.untrash',
  TYPE_DELETE: 'recent.event.delete',
  TYPE_RESTORE: 'recent.event.restore',
};

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; events: DriveEvent[]; nextPageToken: string; reach: EventList['reach']; loadingMore: boolean };

/** /drive/recent: what happened in the drive, newest first; an item still there opens from here. */
export function Recent() {
  return <RequireUser>{() => <RecentPage />}</RequireUser>;
}

function RecentPage() {
  const t = useT();
  const navigate = useNavigate();
  const loaded = useRecentEvents();

  function open(event: DriveEvent) {
    const file = event.reference_resource;
    if (!file) return;
    if (file.kind === 'drive#folder') void navigate(folderPath(file.id));
    else if (isComplete(file)) openDriveDialog({ kind: 'preview', file, siblings: [file] });
  }

  return (
    <section className="recent-page" aria-labelledby="recent-title">
      <h1 id="recent-title">{t('recent.title')}</h1>
      <ContinueWatching />
      {loaded.state.status === 'loading' && <BusyNotice text={t('drive.loading')} />}
      {loaded.state.status === 'failed' && <FailureNotice failure={loaded.state.error} />}
      {loaded.state.status === 'ready' && loaded.state.events.length === 0 && <FilesEmpty title={t('recent.empty.title')} hint={t('recent.empty.hint')} />}
      {loaded.state.status === 'ready' && loaded.state.events.length > 0 && (
        <ol className="recent-list" aria-label={t('recent.listLabel')}>
          {loaded.state.events.map((event, index) => {
            const file = event.reference_resource;
            const label = t(EVENT_LABELS[event.type]);
            const body = (
              <>
                {file ? <FileIcon file={file} size={24} /> : <span className="recent-gone" aria-hidden="true" />}
                <span className="recent-name">{event.file_name}</span>
                <span className="recent-what">{label}</span>
                <time dateTime={event.created_time}>{formatDateTime(event.created_time)}</time>
              </>
            );
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a file can have two events in one millisecond; the list only grows at its end
              <li key={`${event.created_time}-${event.file_id}-${index}`}>
                {file && (file.kind === 'drive#folder' || isComplete(file)) ? (
                  <button type="button" className="recent-item" onClick={() => open(event)}>
                    {body}
                  </button>
                ) : (
                  <div className="recent-item" aria-disabled="true">
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {loaded.state.status === 'ready' && loaded.state.events.length > 0 && !loaded.state.nextPageToken && (
        <p className="recent-reach">{t('recent.reach', { days: loaded.state.reach.days, max: formatThousands(loaded.state.reach.max_events) })}</p>
      )}
      {loaded.state.status === 'ready' && loaded.state.nextPageToken && (
        <div ref={loaded.sentinel} className="recent-more">
          <button type="button" className="button secondary" disabled={loaded.state.loadingMore} onClick={loaded.loadMore}>
            {t('recent.loadMore')}
          </button>
        </div>
      )}
      <DriveDialogs />
    </section>
  );
}

/** The recent list, page by page: the next page loads when its button scrolls into view (or is pressed). */
function useRecentEvents() {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const stateRef = useRef(state);
  stateRef.current = state;

  const reload = useCallback(() => {
    driveFiles.events().then(
      (page) => setState({ status: 'ready', events: page.events, nextPageToken: page.next_page_token, reach: page.reach, loadingMore: false }),
      (error: unknown) => setState({ status: 'failed', error }),
    );
  }, []);

  const loadMore = useCallback(() => {
    const shown = stateRef.current;
    if (shown.status !== 'ready' || shown.loadingMore || !shown.nextPageToken) return;
    setState({ ...shown, loadingMore: true });
    driveFiles.events(shown.nextPageToken).then(
      (page) => setState({ ...shown, events: [...shown.events, ...page.events], nextPageToken: page.next_page_token, loadingMore: false }),
      () => setState({ ...shown, loadingMore: false }),
    );
  }, []);

  useEffect(() => {
    reload();
    return appEvents.on('drive-changed', reload);
  }, [reload]);

  const sentinel = useNearEnd(loadMore);
  return { state, loadMore, sentinel };
}
