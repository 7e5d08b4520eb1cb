// The user of this tab: the user store wired to the app's API client, to local storage and to
// the other tabs of the same browser.
import { SIGNED_IN_MARKER_KEY } from '../accounts/signed-in-marker.ts';
import { api } from '../api.ts';
import { appEvents } from '../events.ts';
import { createUserStore } from './user-store.ts';

export const userStore = createUserStore({ api, storage: localStorage, events: appEvents });
export const $user = userStore.$user;

window.addEventListener('storage', (event) => {
  // A null key is a storage.clear().
  if (event.storageArea === localStorage && (event.key === SIGNED_IN_MARKER_KEY || event.key === null)) userStore.followStoredSignIn();
});
