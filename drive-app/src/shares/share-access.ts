// What the share page remembers for a visitor: passcode tokens in cookies (SPEC §9, latest three
// shares), the folders walked through (names for the breadcrumb), a save asked for while signed
// out (SPEC §3.7: it goes on by itself after signing in), and the ids of what was saved.

import type { RestoreBody } from '#shared/api/restore.ts';
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

/** A save to go on with after signing in. */
export function savePending(shareId: string, body: RestoreBody): void {
  localStorage.setItem(STORAGE_KEYS.restoreRequestBody, JSON.stringify(body));
  localStorage.setItem(STORAGE_KEYS.restoreContinue, shareId);
}

/** The save waiting for this share, taken (it runs once). */
export function takePendingSave(shareId: string): RestoreBody | undefined {
  if (localStorage.getItem(STORAGE_KEYS.restoreContinue) !== shareId) return undefined;
  const raw = localStorage.getItem(STORAGE_KEYS.restoreRequestBody);
  localStorage.removeItem(STORAGE_KEYS.restoreContinue);
  localStorage.removeItem(STORAGE_KEYS.restoreRequestBody);
  try {
    const body = JSON.parse(raw ?? '') as RestoreBody;
    return body.share_id === shareId ? body : undefined;
  } catch {
    return undefined;
  }
}

export function rememberSavedFiles(ids: readonly string[]): void {
  localStorage.setItem(STORAGE_KEYS.savedFileIds, JSON.stringify(ids));
}
