// The actions on the drive's folders and files, each defined once for the toolbar, the context
// menu and the keyboard.
import { inBatches } from '#shared/api/files-client.ts';
import { classifyFile } from '#shared/files/classify.ts';
import { overTrafficLimit } from '#shared/premium.ts';
import { driveFiles } from '../../api.ts';
import { isComplete, startDownload } from '../../files/file-links.ts';
import { openDriveDialog } from '../../stores/drive-dialogs.ts';
import { noticeFailure } from '../../stores/drive-notice.ts';
import { askForMore } from '../../stores/premium-dialog.ts';
import { changeDrive, itemsMessage } from '../run.ts';
import { type ActionContext, defineAction } from '../types.ts';

const inDrive = (context: ActionContext) => context.place === 'drive';
const oneItem = (context: ActionContext) => inDrive(context) && context.files.length === 1;
const someItems = (context: ActionContext) => inDrive(context) && context.files.length > 0;
const ids = (context: ActionContext) => context.files.map((file) => file.id);

export const openItem = defineAction({
  id: 'open',
  label: 'files.action.open',
  icon: 'open',
  scope: 'selection',
  shortcuts: [{ key: 'Enter' }],
  visible: (context) => oneItem(context) && (context.files[0]!.kind === 'drive#folder' || isComplete(context.files[0]!)),
  perform: ({ files: [item], listed, openFolder }) => {
    if (!item) return;
    if (item.kind === 'drive#folder') openFolder(item.id);
    else openDriveDialog({ kind: 'preview', file: item, siblings: listed.filter(isComplete) });
  },
});

export const downloadFiles = defineAction({
  id: 'download',
  label: 'files.action.download',
  icon: 'download',
  scope: 'selection',
  shortcuts: [{ key: 'd' }],
  visible: (context) => someItems(context) && context.files.every(isComplete),
  perform: async ({ files }) => {
    try {
      // Past the month's allowance the download would be refused: the way to more opens instead.
      if (overTrafficLimit((await driveFiles.about()).quotas.download)) return askForMore('traffic');
      // Each answer carries a fresh signed link; the browser saves them one by one.
      for (const file of files) {
        const link = (await driveFiles.get(file.id)).web_content_link;
        if (link) startDownload(link);
      }
    } catch (failure) {
      noticeFailure(failure);
    }
  },
});

export const renameItem = defineAction({
  id: 'rename',
  label: 'files.action.rename',
  icon: 'rename',
  scope: 'selection',
  shortcuts: [{ key: 'F2' }],
  visible: oneItem,
  perform: ({ files: [item] }) => {
    if (item) openDriveDialog({ kind: 'rename', file: item });
  },
});

export const moveItems = defineAction({
  id: 'move',
  label: 'files.action.move',
  icon: 'move',
  scope: 'selection',
  shortcuts: [{ key: 'm' }],
  visible: someItems,
  perform: ({ files, folderId }) => openDriveDialog({ kind: 'move', files, fromFolderId: folderId }),
});

export const copyItems = defineAction({
  id: 'copy',
  label: 'files.action.copy',
  icon: 'copy',
  scope: 'selection',
  shortcuts: [{ key: 'c' }],
  visible: someItems,
  perform: ({ files, folderId }) => openDriveDialog({ kind: 'copy', files, fromFolderId: folderId }),
});

export const shareItems = defineAction({
  id: 'share',
  label: 'files.action.share',
  icon: 'share',
  scope: 'selection',
  shortcuts: [{ key: 'l' }],
  visible: (context) => someItems(context) && context.files.every((file) => file.kind === 'drive#folder' || isComplete(file)),
  perform: ({ files }) => openDriveDialog({ kind: 'share', files }),
});

export const starItems = defineAction({
  id: 'star',
  label: 'files.action.star',
  icon: 'star',
  scope: 'selection',
  shortcuts: [{ key: 's' }],
  visible: (context) => someItems(context) && context.files.some((file) => !file.starred),
  perform: async (context) => void (await changeDrive(() => driveFiles.star(ids(context)))),
});

export const unstarItems = defineAction({
  id: 'unstar',
  label: 'files.action.unstar',
  icon: 'starred',
  scope: 'selection',
  shortcuts: [{ key: 's' }],
  visible: (context) => someItems(context) && context.files.every((file) => file.starred),
  perform: async (context) => void (await changeDrive(() => driveFiles.unstar(ids(context)))),
});

export const trashItems = defineAction({
  id: 'trash',
  label: 'files.action.trash',
  icon: 'trash',
  scope: 'selection',
  shortcuts: [{ key: 'Delete' }, { key: 'Backspace', mod: true }],
  visible: someItems,
  perform: async (context) => {
    const done = itemsMessage(context.files, 'files.notice.trashedOne', 'files.notice.trashedMany');
    await changeDrive(async () => {
      for (const batch of inBatches(ids(context))) await driveFiles.trash(batch);
    }, done);
  },
});

export const newFolder = defineAction({
  id: 'new-folder',
  label: 'files.action.newFolder',
  icon: 'new-folder',
  scope: 'list',
  shortcuts: [{ key: 'n', shift: true }],
  visible: inDrive,
  perform: ({ folderId }) => openDriveDialog({ kind: 'new-folder', parentId: folderId }),
});

export const newDownload = defineAction({
  id: 'new-download',
  label: 'offline.new',
  icon: 'new-download',
  scope: 'list',
  shortcuts: [{ key: 'l', shift: true }],
  visible: inDrive,
  perform: ({ folderId }) => openDriveDialog({ kind: 'new-download', parentId: folderId }),
});

/** A .torrent of the drive: its files are fetched into the folder it is in. */
export const downloadTorrentContents = defineAction({
  id: 'download-contents',
  label: 'offline.action.downloadContents',
  icon: 'new-download',
  scope: 'selection',
  visible: (context) =>
    oneItem(context) && isComplete(context.files[0]!) && classifyFile({ name: context.files[0]!.name, mimeType: context.files[0]!.mime_type }) === 'torrent',
  perform: ({ files: [torrent], folderId }) => {
    if (torrent) openDriveDialog({ kind: 'new-download', parentId: folderId, torrentFile: { id: torrent.id, name: torrent.name } });
  },
});

export const uploadFiles = defineAction({
  id: 'upload',
  label: 'files.action.upload',
  icon: 'upload',
  scope: 'list',
  shortcuts: [{ key: 'u' }],
  visible: inDrive,
  perform: ({ chooseFilesToUpload }) => chooseFilesToUpload(),
});

export const uploadFolder = defineAction({
  id: 'upload-folder',
  label: 'files.action.uploadFolder',
  icon: 'upload-folder',
  scope: 'list',
  shortcuts: [{ key: 'u', shift: true }],
  visible: inDrive,
  perform: ({ chooseFolderToUpload }) => chooseFolderToUpload(),
});

/** In the order the toolbar and the menus list them. */
export const DRIVE_ACTIONS = [
  uploadFiles,
  uploadFolder,
  newFolder,
  newDownload,
  openItem,
  downloadFiles,
  downloadTorrentContents,
  renameItem,
  shareItems,
  moveItems,
  copyItems,
  starItems,
  unstarItems,
  trashItems,
] as const;
