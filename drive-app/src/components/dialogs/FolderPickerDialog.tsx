import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { DriveFile } from '#shared/api/resources.ts';
import { driveFiles } from '../../api.ts';
import { driveChanged } from '../../events.ts';
import { useT } from '../../i18n.ts';
import { itemsMessage } from '../../actions/run.ts';
import { createFileListing } from '../../stores/file-listing.ts';
import { noticeDone } from '../../stores/drive-notice.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { FailureNotice } from '../FailureNotice.tsx';
import { useSubmission } from '../useSubmission.ts';
import { FileIcon } from '../files/FileIcon.tsx';
import { Dialog } from './Dialog.tsx';

type Props = { mode: 'move' | 'copy'; files: readonly DriveFile[]; fromFolderId: string; onClose(): void };

/** Where to move or copy items: the user walks the folders from the root and picks one. */
export function FolderPickerDialog({ mode, files, fromFolderId, onClose }: Props) {
  const t = useT();
  // The folders walked into, from the root down; the last is the one shown.
  const [trail, setTrail] = useState<DriveFile[]>([]);
  const here = trail.at(-1);
  const hereId = here?.id ?? '';
  const { pending, failure, submit } = useSubmission();
  const moving = useMemo(() => new Set(files.map((file) => file.id)), [files]);
  // Moving items where they already are changes nothing.
  const alreadyHere = mode === 'move' && hereId === fromFolderId;

  async function putHere() {
    const ids = files.map((file) => file.id);
    const done = await submit(() => (mode === 'move' ? driveFiles.move(ids, hereId) : driveFiles.copy(ids, hereId)));
    driveChanged();
    if (!done) return;
    const folder = here?.name ?? t('files.allFiles');
    const message = itemsMessage(files, mode === 'move' ? 'files.notice.movedOne' : 'files.notice.copiedOne', mode === 'move' ? 'files.notice.movedMany' : 'files.notice.copiedMany');
    noticeDone({ ...message, values: { ...message.values, folder } });
    onClose();
  }

  const title = itemsMessage(files, mode === 'move' ? 'files.picker.moveOne' : 'files.picker.copyOne', mode === 'move' ? 'files.picker.moveMany' : 'files.picker.copyMany');
  return (
    <Dialog title={t(title.key, title.values)} onClose={onClose} className="folder-picker">
      <nav aria-label={t('files.picker.path')}>
        <ol className="picker-trail">
          <li>
            <button type="button" className="link-button" disabled={trail.length === 0} onClick={() => setTrail([])}>
              {t('files.allFiles')}
            </button>
          </li>
          {trail.map((folder, depth) => (
            <li key={folder.id}>
              <button type="button" className="link-button" disabled={depth === trail.length - 1} onClick={() => setTrail(trail.slice(0, depth + 1))}>
                {folder.name}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <SubfolderList key={hereId} parentId={hereId} moving={moving} onEnter={(folder) => setTrail([...trail, folder])} />
      {failure !== undefined && <FailureNotice failure={failure} />}
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onClose}>
          {t('dialog.cancel')}
        </button>
        <button type="button" className="button primary" disabled={pending || alreadyHere} onClick={() => void putHere()}>
          {mode === 'move' ? t('files.picker.moveHere') : t('files.picker.copyHere')}
        </button>
      </div>
    </Dialog>
  );
}

const FOLDERS_ONLY = { kind: { eq: 'drive#folder' } } as const;

/** The folders inside one folder, by name; the ones being moved cannot be entered. */
function SubfolderList({ parentId, moving, onEnter }: { parentId: string; moving: ReadonlySet<string>; onEnter(folder: DriveFile): void }) {
  const t = useT();
  const listing = useMemo(() => createFileListing({ parentId, order: 'NAME_ASC', pinFoldersTop: true, filters: FOLDERS_ONLY }, driveFiles, 200), [parentId]);
  const state = useStore(listing.$state);
  useEffect(() => void listing.reload(), [listing]);

  if (state.status === 'loading') return <BusyNotice text={t('drive.loading')} />;
  if (state.status === 'failed') return <FailureNotice failure={state.error} onRetry={() => void listing.reload()} />;
  return (
    <div className="picker-folders">
      {state.files.length === 0 ? (
        <p className="field-hint">{t('files.picker.noFolders')}</p>
      ) : (
        <ul>
          {state.files.map((folder) => (
            <li key={folder.id}>
              <button type="button" className="picker-folder" disabled={moving.has(folder.id)} onClick={() => onEnter(folder)}>
                <FileIcon file={folder} size={20} /> {folder.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {state.problem && <FailureNotice failure={state.problem.error} onRetry={state.problem.retry} />}
      {state.nextPageToken && (
        <button type="button" className="button secondary" disabled={state.loadingMore} onClick={() => void listing.loadMore()}>
          {t('files.picker.more')}
        </button>
      )}
    </div>
  );
}
