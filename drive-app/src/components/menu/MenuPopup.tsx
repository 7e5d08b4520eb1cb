import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ActionIcon, type IconName } from '../ActionIcon.tsx';

export type MenuEntry = {
  id: string;
  label: string;
  /** Drawn before the label, hidden from screen readers. */
  icon?: IconName | undefined;
  /** The shortcut as shown, e.g. "F2"; announced through `keyShortcuts`. */
  hint?: string | undefined;
  keyShortcuts?: string | undefined;
  role?: 'menuitem' | 'menuitemradio' | 'menuitemcheckbox';
  checked?: boolean;
  dangerous?: boolean | undefined;
  onSelect(): void;
};

type Props = { label: string; entries: readonly MenuEntry[]; at: { x: number; y: number }; onClose(): void };

/**
 * A menu at a point of the page (a right click, under a button), kept inside the window. Arrow
 * keys move between its items, Escape or a click elsewhere closes it; whoever opened it gets
 * the focus back through onClose.
 */
export function MenuPopup({ label, entries, at, onClose }: Props) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(at);

  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    setPosition({ x: Math.max(4, Math.min(at.x, innerWidth - width - 4)), y: Math.max(4, Math.min(at.y, innerHeight - height - 4)) });
    element.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
  }, [at]);

  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    // The page moving under the menu would leave it pointing at the wrong item.
    const close = () => onClose();
    document.addEventListener('pointerdown', closeOutside, true);
    window.addEventListener('resize', close);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('pointerdown', closeOutside, true);
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [onClose]);

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next !== undefined) {
      event.preventDefault();
      items[(next + items.length) % items.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    }
  }

  return createPortal(
    <div ref={menu} role="menu" aria-label={label} className="menu-popup" style={{ left: position.x, top: position.y }} onKeyDown={moveFocus}>
      {entries.map((entry) => (
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-checked is set only when the role is menuitemcheckbox or menuitemradio
        <button
          key={entry.id}
          type="button"
          role={entry.role ?? 'menuitem'}
          aria-checked={entry.role && entry.role !== 'menuitem' ? Boolean(entry.checked) : undefined}
          aria-keyshortcuts={entry.keyShortcuts}
          tabIndex={-1}
          className={entry.dangerous ? 'menu-item danger' : 'menu-item'}
          onClick={() => {
            onClose();
            entry.onSelect();
          }}
        >
          <span className="menu-icon" aria-hidden="true">
            {entry.role && entry.role !== 'menuitem' ? (entry.checked ? '✓' : '') : entry.icon && <ActionIcon name={entry.icon} size={16} />}
          </span>
          <span className="menu-label">{entry.label}</span>
          {entry.hint && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a kbd is not focusable; aria-keyshortcuts announces the shortcut
            <kbd className="menu-hint" aria-hidden="true">
              {entry.hint}
            </kbd>
          )}
        </button>
      ))}
    </div>,
    document.body,
  );
}
