import { type ReactNode, useCallback, useRef, useState } from 'react';
import { type MenuEntry, MenuPopup } from './MenuPopup.tsx';

type Props = { label: string; children: ReactNode; entries: readonly MenuEntry[]; className?: string };

/** A button that opens its menu underneath; Enter, Space and ArrowDown open it too. */
export function MenuButton({ label, children, entries, className = 'button secondary' }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  const [at, setAt] = useState<{ x: number; y: number }>();
  const open = () => {
    const box = button.current?.getBoundingClientRect();
    if (box) setAt({ x: box.left, y: box.bottom + 4 });
  };
  const close = useCallback(() => {
    setAt(undefined);
    button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={at !== undefined}
        onClick={() => (at ? close() : open())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            open();
          }
        }}
      >
        {children}
      </button>
      {at && <MenuPopup label={label} entries={entries} at={at} onClose={close} />}
    </>
  );
}
