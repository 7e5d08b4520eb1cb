// What the browser remembers of a sign-in (SPEC §3.3, §3.7): the `credentials_nubo-web` marker
// holding only `{sub, expires_at}` (the tokens themselves stay in httpOnly cookies) and the stored
// user id. Both are written together and cleared together.

import { CLIENT_IDS } from '#shared/accounts/clients.ts';
import type { WebSession } from '#shared/api/accounts.ts';
import { isSignedInMarkerKey, type KeyValueStorage, readSignedInMarker, type SignedInMarker, STORAGE_KEYS } from '#shared/browser-storage.ts';

export const SIGNED_IN_MARKER_KEY = `credentials_${CLIENT_IDS.web}`;

export function rememberSignIn(storage: KeyValueStorage, session: Pick<WebSession, 'sub' | 'expires_at'>): void {
  const marker: SignedInMarker = { sub: session.sub, expires_at: session.expires_at };
  storage.setItem(SIGNED_IN_MARKER_KEY, JSON.stringify(marker));
  storage.setItem(STORAGE_KEYS.userId, session.sub);
}

export function rememberUserId(storage: KeyValueStorage, userId: string): void {
  storage.setItem(STORAGE_KEYS.userId, userId);
}

/** SPEC §4: when no user id can be resolved, the stored user id is cleared. */
export function forgetUserId(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.userId);
}

/** Clears every credentials marker (older builds may have left others) and the stored user id. */
export function forgetSignIn(storage: KeyValueStorage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && isSignedInMarkerKey(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
  forgetUserId(storage);
}

/** The user this browser believes is signed in, until the server says otherwise. */
export function signedInUserId(storage: KeyValueStorage, now: number = Date.now()): string | undefined {
  return readSignedInMarker(storage, now)?.sub;
}
