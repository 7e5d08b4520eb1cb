// The actions of the trash: put items back, delete them for ever, or empty it.
import { inBatches } from '#shared/api/files-client.ts';
import { driveFiles } from '../../api.ts';
import { openDriveDialog } from '../../stores/drive-dialogs.ts';
import { changeDrive, itemsMessage } from '../run.ts';
import { type ActionContext, defineAction } from '../types.ts';

const someInTrash = (context: ActionContext) => context.place === 'trash' && context.files.length > 0;

export const restoreItems = defineAction({
  id: 'restore',
  label: 'files.action.restore',
  icon: 'restore',
  scope: 'selection',
  shortcuts: [{ key: 'r' }],
  visible: someInTrash,
  perform: async ({ files }) => {
    await changeDrive(
      async () => {
        for (const batch of inBatches(files.map((file) => file.id))) await driveFiles.untrash(batch);
      },
      itemsMessage(files, 'files.notice.restoredOne', 'files.notice.restoredMany'),
    );
  },
});

export const deleteForever = defineAction({
  id: 'delete-forever',
  label: 'files.action.deleteForever',
  icon: 'delete-forever',
  scope: 'selection',
  shortcuts: [{ key: 'Delete' }, { key: 'Backspace', mod: true }],
  dangerous: true,
  visible: someInTrash,
  perform: ({ files }) => openDriveDialog({ kind: 'delete-forever', files }),
});

export const emptyTrash = defineAction({
  id: 'empty-trash',
  label: 'files.action.emptyTrash',
  icon: 'trash',
  scope: 'list',
  dangerous: true,
  visible: (context) => context.place === 'trash' && context.listed.length > 0,
  perform: () => openDriveDialog({ kind: 'empty-trash' }),
});

export const TRASH_ACTIONS = [emptyTrash, restoreItems, deleteForever] as const;
