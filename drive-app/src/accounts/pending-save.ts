// A save of a share asked for while signed out: it goes on by itself once the visitor
// has signed in and is back on the share. It names the share and carries the visitor's passcode
// token, so it must reach only the person who asked for it.
import type { RestoreBody } from '#shared/api/restore.ts';
import { type KeyValueStorage, STORAGE_KEYS } from '#shared/browser-storage.ts';

/**
 * How long a save asked for while signed out waits for the sign-in: time to sign in or up, not
 * for the next person at this browser to find it.
 */
export const PENDING_SAVE_MS = 15 * 60_000;

/**
 * A save to go on with after signing in. Kept in this tab only (sessionStorage: the sign-in comes
 * back to the same tab), for PENDING_SAVE_MS, and dropped at sign-out: it holds the visitor's
 * passcode token, and whoever signs in next must not have the share saved into their drive.
 */
export function savePending(shareId: string, body: RestoreBody, tab: KeyValueStorage = sessionStorage, now: number = Date.now()): void {
  const pending: PendingSave = { body, until: now + PENDING_SAVE_MS };
  tab.setItem(STORAGE_KEYS.restoreRequestBody, JSON.stringify(pending));
  tab.setItem(STORAGE_KEYS.restoreContinue, shareId);
}

/** The save waiting for this share, taken (it runs once); none once it is too old. */
export function takePendingSave(shareId: string, tab: KeyValueStorage = sessionStorage, now: number = Date.now()): RestoreBody | undefined {
  const waiting = tab.getItem(STORAGE_KEYS.restoreContinue) === shareId ? tab.getItem(STORAGE_KEYS.restoreRequestBody) : null;
  if (waiting === null) return undefined;
  dropFrom(tab);
  try {
    const { body, until } = JSON.parse(waiting) as PendingSave;
    return body?.share_id === shareId && typeof until === 'number' && now < until ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Drops a save waiting for a sign-in, at sign-out: from this tab, and from local storage, where
 * earlier versions kept it for good.
 */
export function forgetPendingSave(tab: KeyValueStorage = sessionStorage, browser: KeyValueStorage = localStorage): void {
  dropFrom(tab);
  dropFrom(browser);
}

function dropFrom(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.restoreContinue);
  storage.removeItem(STORAGE_KEYS.restoreRequestBody);
}

type PendingSave = { body: RestoreBody; until: number };
