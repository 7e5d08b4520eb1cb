import { useRef } from 'react';
import { messageText } from '#shared/api/error-messages.ts';
import { formatSize } from '#shared/format.ts';
import { useT } from '../../i18n.ts';
import type { UploadEntry } from '../../stores/upload-queue.ts';
import { uploadQueue } from '../../stores/uploads.ts';
import { MoreLink, remedyForMessage } from '../premium/MoreLink.tsx';

/** One upload: its name, a progress bar, what it is doing (or why it stopped) and its controls. */
export function UploadItem({ entry }: { entry: UploadEntry }) {
  const t = useT();
  const chooser = useRef<HTMLInputElement>(null);
  const percent = entry.size > 0 ? Math.floor((entry.bytesSent / entry.size) * 100) : entry.status === 'done' ? 100 : 0;
  const sent = formatSize(entry.bytesSent, 1);
  const total = formatSize(entry.size, 1);
  const forFile = <span className="visually-hidden"> {entry.name}</span>;

  const state = {
    queued: t('uploads.state.queued'),
    uploading:
      entry.bytesPerSecond === undefined
        ? t('uploads.state.sending', { sent, total })
        : t('uploads.state.sendingAt', { sent, total, speed: formatSize(entry.bytesPerSecond, 1) }),
    paused: t('uploads.state.paused', { sent, total }),
    interrupted: t('uploads.state.interrupted', { sent, total }),
    failed: t('uploads.state.failed'),
    done: t('uploads.state.done', { total }),
    'needs-file': t('uploads.state.needsFile', { name: entry.name }),
  }[entry.status];

  return (
    <li className="upload-item" data-status={entry.status}>
      <span className="upload-name" title={entry.name}>
        {entry.name}
      </span>
      <div
        className="upload-bar"
        role="progressbar"
        aria-label={t('uploads.progressOf', { name: entry.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="upload-state">{state}</p>
      {entry.problem && (
        <p className="upload-problem" role="alert">
          {messageText(t, entry.problem)} <MoreLink remedy={remedyForMessage(entry.problem)} />
        </p>
      )}
      <div className="upload-actions">
        {(entry.status === 'uploading' || entry.status === 'queued') && (
          <button type="button" className="link-button" onClick={() => void uploadQueue.pause(entry.key)}>
            {t('uploads.pause')}
            {forFile}
          </button>
        )}
        {(entry.status === 'paused' || entry.status === 'interrupted') && (
          <button type="button" className="link-button" onClick={() => uploadQueue.resume(entry.key)}>
            {t('uploads.resume')}
            {forFile}
          </button>
        )}
        {entry.status === 'needs-file' && (
          <>
            <button type="button" className="link-button" onClick={() => chooser.current?.click()}>
              {t('uploads.chooseAgain')}
              {forFile}
            </button>
            <input
              ref={chooser}
              type="file"
              hidden
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) uploadQueue.continueWith(entry.key, file, { key: 'uploads.notTheSameFile', values: { name: entry.name } });
              }}
            />
          </>
        )}
        {entry.status === 'done' || entry.status === 'failed' ? (
          <button type="button" className="link-button" onClick={() => uploadQueue.dismiss(entry.key)}>
            {t('uploads.dismiss')}
            {forFile}
          </button>
        ) : (
          <button type="button" className="link-button danger" onClick={() => void uploadQueue.cancel(entry.key)}>
            {t('uploads.cancel')}
            {forFile}
          </button>
        )}
      </div>
    </li>
  );
}
