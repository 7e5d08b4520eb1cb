import { type FormEvent, useRef, useState } from 'react';
import { messageText, NAME_PROBLEM_MESSAGES } from '#shared/api/error-messages.ts';
import { nameProblem, splitExtension } from '#shared/files/names.ts';
import { TextField } from '#shared/ui/TextField.tsx';
import { useT } from '../../i18n.ts';
import { FailureNotice } from '../FailureNotice.tsx';
import { useSubmission } from '../useSubmission.ts';
import { Dialog } from './Dialog.tsx';

type Props = {
  title: string;
  label: string;
  submitLabel: string;
  initialName: string;
  /** A folder's whole name is selected; a file's stem only, so typing keeps its extension. */
  isFolder: boolean;
  /** Sends the checked name; a failure is shown in the dialog, which stays open. */
  onSubmit(name: string): Promise<unknown>;
  onClose(): void;
};

/** Asks for a name (new folder, rename): checked against the name rules before it is sent. */
export function NameDialog({ title, label, submitLabel, initialName, isFolder, onSubmit, onClose }: Props) {
  const t = useT();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string>();
  const { pending, failure, submit } = useSubmission();
  const selected = useRef(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = nameProblem(name);
    setProblem(found && messageText(t, NAME_PROBLEM_MESSAGES[found]));
    if (found) return;
    if (await submit(() => onSubmit(name))) onClose();
  }

  return (
    <Dialog title={title} onClose={onClose} className="name-dialog">
      <form className="stacked-form" onSubmit={save} noValidate>
        <TextField
          label={label}
          name="name"
          autoComplete="off"
          spellCheck={false}
          value={name}
          onValueChange={(value) => {
            setName(value);
            setProblem(undefined);
          }}
          error={problem}
          data-autofocus
          onFocus={(event) => {
            if (selected.current) return;
            selected.current = true;
            event.currentTarget.setSelectionRange(0, splitExtension(initialName, isFolder).stem.length);
          }}
        />
        {failure !== undefined && <FailureNotice failure={failure} />}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={pending}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
