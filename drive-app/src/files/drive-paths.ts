// The addresses of the drive's file pages (SPEC §2.4): all files, a folder inside it, the trash,
// the recent list and search.

export const ALL_FILES_PATH = '/drive/all';
export const TRASH_PATH = '/drive/trash';
export const RECENT_PATH = '/drive/recent';
export const SEARCH_PATH = '/drive/search';
export const MY_SHARES_PATH = '/drive/shares';

/** The search page for `text` (the embedded `search` action lands here too). */
export function searchPath(text: string): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ q: text })}`;
}

/** A folder's page; the root is /drive/all itself. */
export function folderPath(folderId: string): string {
  return folderId ? `${ALL_FILES_PATH}/${encodeURIComponent(folderId)}` : ALL_FILES_PATH;
}
