import { type FormEvent, useEffect, useId, useState } from 'react';
import { failureMessage } from '#shared/api/error-messages.ts';
import type { DriveFile } from '#shared/api/files.ts';
import type { Inspection } from '#shared/api/offline.ts';
import { linksIn } from '#shared/api/offline-client.ts';
import { formatSize } from '#shared/format.ts';
import { driveFiles, driveOffline } from '../../api.ts';
import { useLocaleCode, useT } from '../../i18n.ts';
import { refreshDownloads } from '../../stores/downloads.ts';
import { noticeDone } from '../../stores/drive-notice.ts';
import { Dialog } from './Dialog.tsx';
import { FolderPickerDialog } from './FolderPickerDialog.tsx';

type Props = {
  /** The folder the downloads go into ('' is the root), until the user picks another. */
  parentId: string;
  initialLinks?: string;
  onClose(): void;
};

/** What is known of one pasted link: being checked, what it holds, or why it was refused. */
type LinkState = { status: 'checking' } | { status: 'inspected'; inspection: Inspection } | { status: 'failed'; failure: unknown };

/**
 * "New download": links pasted one a line are checked (name, size, type, without fetching them)
 * and handed to the server, each as a download of its own into the chosen folder. Links the
 * server refused stay in the box with the reason beside them; the others leave it.
 */
export function NewDownloadDialog({ parentId, initialLinks = '', onClose }: Props) {
  const t = useT();
  const locale = useLocaleCode();
  const fieldId = useId();
  const [text, setText] = useState(initialLinks);
  const [destination, setDestination] = useState<{ id: string; name: string | undefined }>({ id: parentId, name: undefined });
  const [picking, setPicking] = useState(false);
  const [states, setStates] = useState<ReadonlyMap<string, LinkState>>(new Map());
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const links = linksIn(text);

  // The folder the dialog was opened in is named once its name is read.
  useEffect(() => {
    if (!parentId) return;
    driveFiles.get(parentId).then(
      (folder) => setDestination((current) => (current.id === folder.id ? { id: folder.id, name: folder.name } : current)),
      () => setDestination((current) => (current.id === parentId ? { id: '', name: undefined } : current)),
    );
  }, [parentId]);

  const describe = (failure: unknown) => {
    const message = failureMessage(failure, { locale });
    return t(message.key, message.values);
  };

  function setState(link: string, state: LinkState) {
    setStates((current) => new Map(current).set(link, state));
  }

  async function check() {
    if (links.length === 0) {
      setProblem(t('offline.dialog.noLinks'));
      return;
    }
    await Promise.all(
      links.map(async (link) => {
        setState(link, { status: 'checking' });
        try {
          setState(link, { status: 'inspected', inspection: await driveOffline.inspect(link) });
        } catch (failure) {
          setState(link, { status: 'failed', failure });
        }
      }),
    );
  }

  async function start(event: FormEvent) {
    event.preventDefault();
    if (links.length === 0) {
      setProblem(t('offline.dialog.noLinks'));
      return;
    }
    setPending(true);
    const refused: string[] = [];
    let started = 0;
    for (const link of links) {
      try {
        await driveOffline.create(link, destination.id);
        started++;
      } catch (failure) {
        refused.push(link);
        setState(link, { status: 'failed', failure });
      }
    }
    setPending(false);
    if (started > 0) {
      void refreshDownloads();
      noticeDone({ key: 'offline.dialog.started', values: { count: started } });
    }
    if (refused.length === 0) onClose();
    else setText(refused.join('\n'));
  }

  return (
    <Dialog title={t('offline.dialog.title')} onClose={onClose} className="new-download">
      <form className="stacked-form" onSubmit={start} noValidate>
        <div className="field">
          <label htmlFor={fieldId}>{t('offline.dialog.links')}</label>
          <textarea
            id={fieldId}
            name="links"
            rows={5}
            spellCheck={false}
            autoComplete="off"
            value={text}
            data-autofocus
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${fieldId}-hint${problem ? ` ${fieldId}-error` : ''}`}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(undefined);
            }}
          />
          {problem && (
            <p id={`${fieldId}-error`} className="field-error">
              {problem}
            </p>
          )}
          <p id={`${fieldId}-hint`} className="field-hint">
            {t('offline.dialog.linksHint')}
          </p>
        </div>
        {links.some((link) => states.has(link)) && (
          <ul className="inspected-links" aria-live="polite">
            {links.map((link) => {
              const state = states.get(link);
              if (!state) return null;
              return (
                <li key={link} data-status={state.status}>
                  {/* The link and the names a server gives are text, never markup. */}
                  <span className="inspected-link">{link}</span>
                  {state.status === 'checking' && <span>{t('offline.dialog.checking')}</span>}
                  {state.status === 'inspected' && (
                    <span className="inspected-facts">
                      <span className="inspected-name">{state.inspection.name}</span>
                      <span>{state.inspection.size === '-1' ? t('offline.dialog.sizeUnknown') : formatSize(Number(state.inspection.size))}</span>
                    </span>
                  )}
                  {state.status === 'failed' && <span className="field-error">{describe(state.failure)}</span>}
                </li>
              );
            })}
          </ul>
        )}
        <p className="new-download-destination">
          <span>
            {t('offline.dialog.destination')}: <strong>{destination.name ?? (destination.id ? '…' : t('files.allFiles'))}</strong>
          </span>{' '}
          <button type="button" className="link-button" onClick={() => setPicking(true)}>
            {t('offline.dialog.changeDestination')}
          </button>
        </p>
        <div className="dialog-actions">
          <button type="button" className="button secondary" disabled={pending} onClick={() => void check()}>
            {t('offline.dialog.check')}
          </button>
          <button type="submit" className="button primary" disabled={pending}>
            {t('offline.dialog.start')}
          </button>
        </div>
      </form>
      {picking && (
        <FolderPickerDialog
          title={t('offline.dialog.destination')}
          chooseLabel={t('offline.dialog.destination')}
          onChoose={async (folder: DriveFile | undefined) => setDestination({ id: folder?.id ?? '', name: folder?.name })}
          onClose={() => setPicking(false)}
        />
      )}
    </Dialog>
  );
}
