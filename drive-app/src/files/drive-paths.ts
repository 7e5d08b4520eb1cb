// The addresses of the drive's file pages (SPEC §2.4): all files, a folder inside it, the trash.

export const ALL_FILES_PATH = '/drive/all';
export const TRASH_PATH = '/drive/trash';

/** A folder's page; the root is /drive/all itself. */
export function folderPath(folderId: string): string {
  return folderId ? `${ALL_FILES_PATH}/${encodeURIComponent(folderId)}` : ALL_FILES_PATH;
}
