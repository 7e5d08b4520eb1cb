// What the share page remembers for a visitor: passcode tokens in cookies (SPEC §9, latest three
// shares), the folders walked through (names for the breadcrumb), and the ids of what was saved.
// A save asked for while signed out is kept by accounts/pending-save.ts.

import { STORAGE_KEYS } from '#shared/browser-storage.ts';
import { documentCookieJar, readSharePasscodeToken, rememberSharePasscodeToken } from '#shared/cookies.ts';

export const passcodeTokenOf = (shareId: string) => readSharePasscodeToken(documentCookieJar(), shareId);
export const keepPasscodeToken = (shareId: string, token: string) => rememberSharePasscodeToken(documentCookieJar(), shareId, token);

/** Folder names by id, for the breadcrumb of /s/<id>/<folder ids…> (the URL carries ids only). */
export function rememberFolderName(id: string, name: string): void {
  const names = folderNames();
  names[id] = name;
  sessionStorage.setItem(STORAGE_KEYS.navFolders, JSON.stringify(names));
}

export function folderNames(): Record<string, string> {
  try {
    const names = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.navFolders) ?? '{}') as unknown;
    return typeof names === 'object' && names !== null ? (names as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberSavedFiles(ids: readonly string[]): void {
  localStorage.setItem(STORAGE_KEYS.savedFileIds, JSON.stringify(ids));
}
