import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import { inBatches } from '#shared/api/files-client.ts';
import { itemsMessage } from '../../actions/run.ts';
import { driveFiles } from '../../api.ts';
import { driveChanged } from '../../events.ts';
import { useT } from '../../i18n.ts';
import { $driveDialog, closeDriveDialog, type DriveDialog } from '../../stores/drive-dialogs.ts';
import { noticeDone } from '../../stores/drive-notice.ts';
import { PreviewDialog } from '../preview/PreviewDialog.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { FolderPickerDialog } from './FolderPickerDialog.tsx';
import { NameDialog } from './NameDialog.tsx';
import { NewDownloadDialog } from './NewDownloadDialog.tsx';
import { ShareDialog } from './ShareDialog.tsx';

/** The dialog an action opened, if any. */
export function DriveDialogs() {
  const dialog = useStore($driveDialog);
  // A dialog belongs to the page it was opened on; leaving the page closes it.
  useEffect(() => closeDriveDialog, []);
  return dialog ? <OpenDialog dialog={dialog} /> : null;
}

function OpenDialog({ dialog }: { dialog: DriveDialog }) {
  const t = useT();
  const close = closeDriveDialog;
  switch (dialog.kind) {
    case 'new-folder':
      return (
        <NameDialog
          title={t('files.newFolder.title')}
          label={t('files.newFolder.label')}
          submitLabel={t('files.newFolder.submit')}
          initialName={t('files.newFolder.defaultName')}
          isFolder
          onSubmit={async (name) => {
            await driveFiles.createFolder(dialog.parentId, name);
            driveChanged();
          }}
          onClose={close}
        />
      );
    case 'rename':
      return (
        <NameDialog
          title={t('files.rename.title')}
          label={t('files.rename.label')}
          submitLabel={t('files.rename.submit')}
          initialName={dialog.file.name}
          isFolder={dialog.file.kind === 'drive#folder'}
          onSubmit={async (name) => {
            await driveFiles.rename(dialog.file.id, name);
            driveChanged();
          }}
          onClose={close}
        />
      );
    case 'share':
      return <ShareDialog files={dialog.files} onClose={close} />;
    case 'new-download':
      return <NewDownloadDialog parentId={dialog.parentId} initialLinks={dialog.links ?? ''} torrentFile={dialog.torrentFile} onClose={close} />;
    case 'move':
    case 'copy':
      return <MoveOrCopyDialog mode={dialog.kind} files={dialog.files} fromFolderId={dialog.fromFolderId} onClose={close} />;
    case 'delete-forever': {
      const question = itemsMessage(dialog.files, 'files.deleteForever.questionOne', 'files.deleteForever.questionMany');
      return (
        <ConfirmDialog
          title={t('files.deleteForever.title')}
          confirmLabel={t('files.action.deleteForever')}
          onConfirm={async () => {
            try {
              for (const batch of inBatches(dialog.files.map((file) => file.id))) await driveFiles.deleteForever(batch);
              noticeDone(itemsMessage(dialog.files, 'files.notice.deletedOne', 'files.notice.deletedMany'));
            } finally {
              driveChanged();
            }
          }}
          onClose={close}
        >
          <p>{t(question.key, question.values)}</p>
        </ConfirmDialog>
      );
    }
    case 'empty-trash':
      return (
        <ConfirmDialog
          title={t('files.emptyTrash.title')}
          confirmLabel={t('files.action.emptyTrash')}
          onConfirm={async () => {
            try {
              // Everything in the trash, not only what the page has loaded: the server runs it as a task.
              await driveFiles.emptyTrash();
              noticeDone({ key: 'files.notice.trashEmptied' });
            } finally {
              driveChanged();
            }
          }}
          onClose={close}
        >
          <p>{t('files.emptyTrash.question')}</p>
        </ConfirmDialog>
      );
    case 'preview':
      return <PreviewDialog file={dialog.file} siblings={dialog.siblings} onClose={close} />;
  }
}

/** Moving or copying items: the folder picker, then a notice naming the folder. */
function MoveOrCopyDialog({
  mode,
  files,
  fromFolderId,
  onClose,
}: {
  mode: 'move' | 'copy';
  files: readonly DriveFile[];
  fromFolderId: string;
  onClose(): void;
}) {
  const t = useT();
  const title = itemsMessage(
    files,
    mode === 'move' ? 'files.picker.moveOne' : 'files.picker.copyOne',
    mode === 'move' ? 'files.picker.moveMany' : 'files.picker.copyMany',
  );
  return (
    <FolderPickerDialog
      title={t(title.key, title.values)}
      chooseLabel={mode === 'move' ? t('files.picker.moveHere') : t('files.picker.copyHere')}
      blocked={new Set(files.map((file) => file.id))}
      // Moving items where they already are changes nothing.
      unchanged={mode === 'move' ? fromFolderId : undefined}
      onChoose={async (folder) => {
        const ids = files.map((file) => file.id);
        try {
          await (mode === 'move' ? driveFiles.move(ids, folder?.id ?? '') : driveFiles.copy(ids, folder?.id ?? ''));
        } finally {
          driveChanged();
        }
        const message = itemsMessage(
          files,
          mode === 'move' ? 'files.notice.movedOne' : 'files.notice.copiedOne',
          mode === 'move' ? 'files.notice.movedMany' : 'files.notice.copiedMany',
        );
        noticeDone({ ...message, values: { ...message.values, folder: folder?.name ?? t('files.allFiles') } });
      }}
      onClose={onClose}
    />
  );
}
