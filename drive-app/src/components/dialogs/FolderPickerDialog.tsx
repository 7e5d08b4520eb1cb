import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import { driveFiles } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { createFileListing } from '../../stores/file-listing.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { FailureNotice } from '../FailureNotice.tsx';
import { FileIcon } from '../files/FileIcon.tsx';
import { useSubmission } from '../useSubmission.ts';
import { Dialog } from './Dialog.tsx';

type Props = {
  title: string;
  /** The button that puts the items in the folder shown ("Move here", "Save here"). */
  chooseLabel: string;
  /** Puts the items into the chosen folder ('' is the root); a failure is shown and the dialog stays. */
  onChoose(folder: DriveFile | undefined): Promise<unknown>;
  /** Folders that cannot be entered (the ones being moved). */
  blocked?: ReadonlySet<string>;
  /** A folder where choosing would change nothing (moving items where they are). */
  unchanged?: string | undefined;
  onClose(): void;
};

/** Where items go (move, copy, save a share): the user walks the folders from the root and picks one. */
export function FolderPickerDialog({ title, chooseLabel, onChoose, blocked = NONE, unchanged, onClose }: Props) {
  const t = useT();
  // The folders walked into, from the root down; the last is the one shown.
  const [trail, setTrail] = useState<DriveFile[]>([]);
  const here = trail.at(-1);
  const hereId = here?.id ?? '';
  const { pending, failure, submit } = useSubmission();

  async function chooseHere() {
    if (await submit(() => onChoose(here))) onClose();
  }

  return (
    <Dialog title={title} onClose={onClose} className="folder-picker">
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
      <SubfolderList key={hereId} parentId={hereId} moving={blocked} onEnter={(folder) => setTrail([...trail, folder])} />
      {failure !== undefined && <FailureNotice failure={failure} />}
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onClose}>
          {t('dialog.cancel')}
        </button>
        <button type="button" className="button primary" disabled={pending || hereId === unchanged} onClick={() => void chooseHere()}>
          {chooseLabel}
        </button>
      </div>
    </Dialog>
  );
}

const NONE: ReadonlySet<string> = new Set();

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
