// Keyboard shortcuts of the file actions: which key press runs which action, and how a shortcut
// is announced (aria-keyshortcuts) and shown beside a menu item.
import type { ActionContext, DriveAction, Shortcut } from './types.ts';

export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

export function matchesShortcut(press: KeyPress, shortcut: Shortcut): boolean {
  if (press.altKey) return false;
  if ((press.ctrlKey || press.metaKey) !== Boolean(shortcut.mod)) return false;
  if (press.shiftKey !== Boolean(shortcut.shift)) return false;
  // Shift turns "n" into "N"; the shortcut names the key, not the character.
  return press.key.toLowerCase() === shortcut.key.toLowerCase();
}

/** The first action offered here whose shortcut is this key press. */
export function actionForKey(press: KeyPress, actions: readonly DriveAction[], context: ActionContext): DriveAction | undefined {
  return actions.find((action) => action.shortcuts?.some((shortcut) => matchesShortcut(press, shortcut)) && action.visible(context));
}

const KEY_NAMES: Record<string, string> = { ' ': 'Space' };

/** The ARIA spelling: "Shift+N", "Control+Backspace", "F2". */
export function ariaKeyShortcuts(shortcuts: readonly Shortcut[] | undefined): string | undefined {
  if (!shortcuts?.length) return undefined;
  return shortcuts
    .map((shortcut) =>
      [
        shortcut.mod ? 'Control' : '',
        shortcut.shift ? 'Shift' : '',
        KEY_NAMES[shortcut.key] ?? (shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key),
      ]
        .filter(Boolean)
        .join('+'),
    )
    .join(' ');
}

/** The first shortcut as a menu shows it: "Shift+N", "Del", "F2", with ⌘ on a Mac. */
export function shortcutHint(shortcuts: readonly Shortcut[] | undefined, isMac: boolean): string | undefined {
  const shortcut = shortcuts?.[0];
  if (!shortcut) return undefined;
  const key = shortcut.key === 'Delete' ? 'Del' : shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key;
  return [shortcut.mod ? (isMac ? '⌘' : 'Ctrl') : '', shortcut.shift ? (isMac ? '⇧' : 'Shift') : '', key].filter(Boolean).join(isMac ? '' : '+');
}
