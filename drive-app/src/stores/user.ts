// The user of this tab: the user store wired to the app's API client, to local storage and to
// the other tabs of the same browser.
import { memoryStorage } from '#shared/browser-storage.ts';
import { forgetPendingSave } from '../accounts/pending-save.ts';
import { SIGNED_IN_MARKER_KEY } from '../accounts/signed-in-marker.ts';
import { api } from '../api.ts';
import { appEvents } from '../events.ts';
import { createUserStore } from './user-store.ts';

// Who is signed in is the browser's to say (its storage holds the marker): the server's render of
// the share page shows what anyone sees, and the page shows the signed-in parts once it runs.
export const userStore = createUserStore({ api, storage: import.meta.env.SSR ? memoryStorage() : localStorage, events: appEvents });
export const $user = userStore.$user;

if (!import.meta.env.SSR) {
  // A save a signed-out visitor asked for goes to them only: whoever signs in after a sign-out does not get it.
  appEvents.on('signed-out', () => forgetPendingSave());
  window.addEventListener('storage', (event) => {
    // A null key is a storage.clear().
    if (event.storageArea === localStorage && (event.key === SIGNED_IN_MARKER_KEY || event.key === null)) userStore.followStoredSignIn();
  });
}
