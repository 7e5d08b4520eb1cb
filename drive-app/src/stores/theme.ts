// Dark mode (SPEC §3.2 darkMode): follows the system until the user picks, then remembers.
import { atom } from 'nanostores';
import { STORAGE_KEYS } from '#shared/browser-storage.ts';

function initialDarkMode(): boolean {
  const stored = localStorage.getItem(STORAGE_KEYS.darkMode);
  if (stored === 'true' || stored === 'false') return stored === 'true';
  return matchMedia('(prefers-color-scheme: dark)').matches;
}

// The server's render of the share page knows no visitor's choice: it renders light, and the page's
// inline head script applies the remembered theme before the first paint.
export const $darkMode = atom<boolean>(import.meta.env.SSR ? false : initialDarkMode());

if (!import.meta.env.SSR) {
  $darkMode.subscribe((dark) => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  });
}

export function toggleDarkMode() {
  const dark = !$darkMode.get();
  localStorage.setItem(STORAGE_KEYS.darkMode, String(dark));
  $darkMode.set(dark);
}
