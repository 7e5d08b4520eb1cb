import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useT } from '../../i18n.ts';

type Props = { title: string; onClose(): void; children: ReactNode; className?: string; actions?: ReactNode };

/**
 * A modal dialog (the native <dialog>: focus kept inside, Escape closes). While it is open the
 * page does not scroll (SPEC §4), and on closing the focus goes back where it was.
 */
export function Dialog({ title, onClose, children, className = '', actions }: Props) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const element = dialog.current;
    const openedFrom = document.activeElement as HTMLElement | null;
    element?.showModal();
    // React focuses autoFocus fields before the dialog shows; this marks the one to focus instead.
    element?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    document.body.classList.add('modal-open');
    return () => {
      element?.close();
      document.body.classList.remove('modal-open');
      if (openedFrom?.isConnected) openedFrom.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click has Escape (onCancel) as its keyboard twin
    <dialog
      ref={dialog}
      className={`dialog ${className}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the backdrop lands on the <dialog> itself; its content fills it.
      onClick={(event) => event.target === dialog.current && onClose()}
    >
      <div className="dialog-body">
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          {actions}
          <button type="button" className="icon-button" onClick={onClose}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('dialog.close')}</span>
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
