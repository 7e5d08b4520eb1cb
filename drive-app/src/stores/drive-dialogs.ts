// The drive's one open dialog at a time (new folder, rename, folder picker, confirmations,
// preview): actions open one, the page shows it (components/dialogs/DriveDialogs.tsx).
import { atom } from 'nanostores';
import type { DriveFile } from '#shared/api/files.ts';

export type DriveDialog =
  | { kind: 'new-folder'; parentId: string }
  /** Links to fetch into a folder; `links` fills the box (embedded mode's create_task), `torrentFile` is a .torrent of the drive. */
  | { kind: 'new-download'; parentId: string; links?: string; torrentFile?: Pick<DriveFile, 'id' | 'name'> }
  | { kind: 'rename'; file: DriveFile }
  | { kind: 'move' | 'copy'; files: readonly DriveFile[]; fromFolderId: string }
  | { kind: 'delete-forever'; files: readonly DriveFile[] }
  | { kind: 'empty-trash' }
  | { kind: 'share'; files: readonly DriveFile[] }
  | { kind: 'preview'; file: DriveFile; siblings: readonly DriveFile[] };

export const $driveDialog = atom<DriveDialog | undefined>(undefined);

export function openDriveDialog(dialog: DriveDialog): void {
  $driveDialog.set(dialog);
}

export function closeDriveDialog(): void {
  $driveDialog.set(undefined);
}
