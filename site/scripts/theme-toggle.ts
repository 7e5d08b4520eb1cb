// Dark mode (SPEC §3.2 darkMode): follows the system until the visitor picks, then the pick is
// remembered under the same key as the drive app's; the head's inline script applies it before
// the first paint.
import { STORAGE_KEYS } from '#shared/browser-storage.ts';

const systemDark = () => matchMedia('(prefers-color-scheme: dark)');

export function isDarkMode(root: HTMLElement = document.documentElement): boolean {
  const chosen = root.dataset.theme;
  return chosen === 'dark' || (chosen !== 'light' && systemDark().matches);
}

export function startThemeToggle(button: HTMLButtonElement): void {
  const root = document.documentElement;
  const show = () => button.setAttribute('aria-pressed', String(isDarkMode(root)));
  show();
  systemDark().addEventListener('change', show);
  button.addEventListener('click', () => {
    const dark = !isDarkMode(root);
    root.dataset.theme = dark ? 'dark' : 'light';
    try {
      localStorage.setItem(STORAGE_KEYS.darkMode, String(dark));
    } catch {
      // Storage closed: the pick holds for this page only.
    }
    show();
  });
}
