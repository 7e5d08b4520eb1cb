import type { ReactNode } from 'react';
import { useT } from '../../i18n.ts';
import { FailureNotice } from '../FailureNotice.tsx';
import { useSubmission } from '../useSubmission.ts';
import { Dialog } from './Dialog.tsx';

type Props = { title: string; children: ReactNode; confirmLabel: string; onConfirm(): Promise<unknown>; onClose(): void };

/** Asks before something that cannot be undone; the safe choice has the focus. */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onClose }: Props) {
  const t = useT();
  const { pending, failure, submit } = useSubmission();
  return (
    <Dialog title={title} onClose={onClose} className="confirm-dialog">
      {children}
      {failure !== undefined && <FailureNotice failure={failure} />}
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onClose} data-autofocus>
          {t('dialog.cancel')}
        </button>
        <button
          type="button"
          className="button danger"
          disabled={pending}
          onClick={async () => {
            if (await submit(onConfirm)) onClose();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
