import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { failureMessage } from '#shared/api/error-messages.ts';
import type { DriveFile } from '#shared/api/files.ts';
import { type Inspection, OFFLINE_QUOTAS, type OfflineSource } from '#shared/api/offline.ts';
import { linksIn, overFreeTaskLimit } from '#shared/api/offline-client.ts';
import { formatSize } from '#shared/format.ts';
import { driveFiles, driveOffline } from '../../api.ts';
import { driveChanged } from '../../events.ts';
import { sendWhole } from '../../files/tus-transfer.ts';
import { useLocaleCode, useT } from '../../i18n.ts';
import { refreshDownloads } from '../../stores/downloads.ts';
import { noticeDone } from '../../stores/drive-notice.ts';
import { $quota, refreshQuota } from '../../stores/quota.ts';
import { Dialog } from './Dialog.tsx';
import { FolderPickerDialog } from './FolderPickerDialog.tsx';

type Props = {
  /** The folder the downloads go into ('' is the root), until the user picks another. */
  parentId: string;
  initialLinks?: string;
  /** A .torrent of the drive to download from ("Download contents"). */
  torrentFile?: Pick<DriveFile, 'id' | 'name'> | undefined;
  onClose(): void;
};

/** What is known of one source: being checked, what it holds, or why it was refused. */
type SourceState = { status: 'checking' } | { status: 'inspected'; inspection: Inspection } | { status: 'failed'; failure: unknown };

/** A source as the dialog lists it: a pasted link, or a .torrent of the drive. */
type Source = { key: string; label: string; source: OfflineSource };

const torrentKey = (fileId: string) => `file:${fileId}`;

/**
 * "New download": links pasted one a line, or a .torrent (chosen here, or from the drive), are
 * checked (name, size, a torrent's files, without fetching them), torrent files can be left out,
 * and each becomes a download of its own into the chosen folder. Sources the server refused stay
 * with the reason beside them; the others leave the dialog.
 */
export function NewDownloadDialog({ parentId, initialLinks = '', torrentFile, onClose }: Props) {
  const t = useT();
  const locale = useLocaleCode();
  const fieldId = useId();
  const [text, setText] = useState(initialLinks);
  const [torrent, setTorrent] = useState(torrentFile);
  const [destination, setDestination] = useState<{ id: string; name: string | undefined }>({ id: parentId, name: undefined });
  const [picking, setPicking] = useState(false);
  const [states, setStates] = useState<ReadonlyMap<string, SourceState>>(new Map());
  /** Per torrent, the indexes of the files left out. */
  const [leftOut, setLeftOut] = useState<ReadonlyMap<string, ReadonlySet<number>>>(new Map());
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const quota = useStore($quota);
  const today = quota.status === 'ready' ? quota.quotas[OFFLINE_QUOTAS.daily] : undefined;
  const atLimit = quota.status === 'ready' ? overFreeTaskLimit(quota.quotas) : undefined;

  const sources: Source[] = [
    ...linksIn(text).map((link) => ({ key: link, label: link, source: { url: link } })),
    ...(torrent ? [{ key: torrentKey(torrent.id), label: t('offline.dialog.fromFile', { name: torrent.name }), source: { file_id: torrent.id } }] : []),
  ];

  const explain = (failure: unknown) => {
    const message = failureMessage(failure, { locale });
    return t(message.key, message.values);
  };

  function setState(key: string, state: SourceState) {
    setStates((current) => new Map(current).set(key, state));
  }

  async function inspect(source: Source) {
    setState(source.key, { status: 'checking' });
    try {
      setState(source.key, { status: 'inspected', inspection: await driveOffline.inspect(source.source) });
    } catch (failure) {
      setState(source.key, { status: 'failed', failure });
    }
  }

  // The day's allowance as it is now, not as it was when the drive opened.
  useEffect(() => {
    void refreshQuota();
  }, []);

  // The folder the dialog was opened in is named once its name is read.
  useEffect(() => {
    if (!parentId) return;
    driveFiles.get(parentId).then(
      (folder) => setDestination((current) => (current.id === folder.id ? { id: folder.id, name: folder.name } : current)),
      () => setDestination((current) => (current.id === parentId ? { id: '', name: undefined } : current)),
    );
  }, [parentId]);

  // A .torrent handed to the dialog shows its files at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the file the dialog was opened with
  useEffect(() => {
    if (torrentFile) void inspect({ key: torrentKey(torrentFile.id), label: torrentFile.name, source: { file_id: torrentFile.id } });
  }, []);

  /** A .torrent from this device goes into the destination folder first; it is then downloaded from there. */
  async function chooseTorrent(file: File | undefined) {
    if (!file) return;
    setPending(true);
    try {
      const created = await driveFiles.createUpload({
        parentId: destination.id,
        name: file.name,
        size: file.size,
        mimeType: file.type || 'application/x-bittorrent',
      });
      if (created.file.phase !== 'PHASE_TYPE_COMPLETE') await sendWhole(file, created.resumable.params.url);
      driveChanged();
      const chosen = { id: created.file.id, name: created.file.name };
      setTorrent(chosen);
      await inspect({ key: torrentKey(chosen.id), label: chosen.name, source: { file_id: chosen.id } });
    } catch (failure) {
      setProblem(explain(failure));
    } finally {
      setPending(false);
    }
  }

  async function check() {
    if (sources.length === 0) {
      setProblem(t('offline.dialog.noLinks'));
      return;
    }
    await Promise.all(sources.map(inspect));
  }

  function toggle(key: string, index: number) {
    setLeftOut((current) => {
      const out = new Set(current.get(key));
      if (out.has(index)) out.delete(index);
      else out.add(index);
      return new Map(current).set(key, out);
    });
  }

  /** The source to create: a torrent's files without the ones left out, when any are. */
  function withChoice(source: Source): OfflineSource {
    const state = states.get(source.key);
    const out = leftOut.get(source.key);
    if (state?.status !== 'inspected' || !out?.size) return source.source;
    return { ...source.source, files: state.inspection.files.map((file) => file.index).filter((index) => !out.has(index)) };
  }

  async function start(event: FormEvent) {
    event.preventDefault();
    if (sources.length === 0) {
      setProblem(t('offline.dialog.noLinks'));
      return;
    }
    setPending(true);
    const refused: Source[] = [];
    let started = 0;
    for (const source of sources) {
      try {
        await driveOffline.create(withChoice(source), destination.id);
        started++;
      } catch (failure) {
        refused.push(source);
        setState(source.key, { status: 'failed', failure });
      }
    }
    setPending(false);
    void refreshQuota();
    if (started > 0) {
      void refreshDownloads();
      noticeDone({ key: 'offline.dialog.started', values: { count: started } });
    }
    if (refused.length === 0) {
      onClose();
      return;
    }
    setText(
      refused
        .filter((source) => source.source.url)
        .map((source) => source.key)
        .join('\n'),
    );
    if (!refused.some((source) => source.source.file_id)) setTorrent(undefined);
  }

  return (
    <Dialog title={t('offline.dialog.title')} onClose={onClose} className="new-download">
      <form className="stacked-form" onSubmit={start} noValidate>
        <div className="field">
          <label htmlFor={fieldId}>{t('offline.dialog.links')}</label>
          <textarea
            id={fieldId}
            name="links"
            rows={4}
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
          {today && <p className="field-hint">{t('offline.dialog.allowance', { used: Number(today.usage), limit: Number(today.limit) })}</p>}
          {atLimit && <p className="notice">{t(atLimit === 'daily' ? 'files.error.dailyLimit' : 'files.error.runningLimit')}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${fieldId}-torrent`}>{t('offline.dialog.torrent')}</label>
          <input
            id={`${fieldId}-torrent`}
            type="file"
            accept=".torrent,application/x-bittorrent"
            disabled={pending}
            onChange={(event) => void chooseTorrent(event.target.files?.[0])}
          />
        </div>
        {sources.some((source) => states.has(source.key)) && (
          <ul className="inspected-links" aria-live="polite">
            {sources.map((source) => {
              const state = states.get(source.key);
              if (!state) return null;
              return (
                <li key={source.key} data-status={state.status}>
                  {/* Links and the names servers and torrents give are text, never markup. */}
                  <span className="inspected-link">{source.label}</span>
                  {state.status === 'checking' && <span>{t('offline.dialog.checking')}</span>}
                  {state.status === 'inspected' && (
                    <span className="inspected-facts">
                      <span className="inspected-name">{state.inspection.name}</span>
                      <span>{state.inspection.size === '-1' ? t('offline.dialog.sizeUnknown') : formatSize(Number(state.inspection.size))}</span>
                    </span>
                  )}
                  {/* What checking the link did not learn in its time: the download can be started all the same. */}
                  {state.status === 'inspected' && state.inspection.state === 'looking_for_files' && (
                    <span className="field-hint">{t('offline.dialog.lookingForFiles')}</span>
                  )}
                  {state.status === 'inspected' && state.inspection.state === 'no_answer_yet' && (
                    <span className="field-hint">{t('offline.dialog.noAnswerYet')}</span>
                  )}
                  {state.status === 'inspected' && state.inspection.files.length > 0 && (
                    <fieldset className="torrent-files">
                      <legend>{t('offline.dialog.files')}</legend>
                      {state.inspection.files.map((file) => (
                        <label key={file.index} className="checkbox-field">
                          <input type="checkbox" checked={!leftOut.get(source.key)?.has(file.index)} onChange={() => toggle(source.key, file.index)} />
                          <span className="torrent-file-path">{file.path}</span>
                          <span className="torrent-file-size">{formatSize(Number(file.size))}</span>
                        </label>
                      ))}
                    </fieldset>
                  )}
                  {state.status === 'failed' && <span className="field-error">{explain(state.failure)}</span>}
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
