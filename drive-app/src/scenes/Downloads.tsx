import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import type { Task, TaskAction } from '#shared/api/tasks.ts';
import { driveFiles, driveOffline } from '../api.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { ConfirmDialog } from '../components/dialogs/ConfirmDialog.tsx';
import { NewDownloadDialog } from '../components/dialogs/NewDownloadDialog.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { FilesEmpty } from '../components/files/FilesEmpty.tsx';
import { PreviewDialog } from '../components/preview/PreviewDialog.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { TaskStatus } from '../components/tasks/TaskStatus.tsx';
import { useSubmission } from '../components/useSubmission.ts';
import { driveChanged } from '../events.ts';
import { useT } from '../i18n.ts';
import { $downloads, refreshDownloads } from '../stores/downloads.ts';

/** /drive/downloads: the links the server fetches into the drive, followed live; start, pause, resume, retry, delete, open. */
export function Downloads() {
  return <RequireUser>{() => <DownloadsPage />}</RequireUser>;
}

/** What each phase lets the user do to a download. */
const ACTIONS_BY_PHASE: Partial<Record<Task['phase'], readonly TaskAction[]>> = {
  PHASE_TYPE_PENDING: ['PAUSE'],
  PHASE_TYPE_RUNNING: ['PAUSE'],
  PHASE_TYPE_PAUSED: ['RESUME'],
  PHASE_TYPE_ERROR: ['RETRY'],
};

const ACTION_LABELS = { PAUSE: 'offline.action.pause', RESUME: 'offline.action.resume', RETRY: 'offline.action.retry' } as const;

function DownloadsPage() {
  const t = useT();
  const downloads = useStore($downloads);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Task>();
  const [opened, setOpened] = useState<DriveFile>();
  const { pending, failure, submit } = useSubmission();

  const act = (task: Task, action: TaskAction) => submit(() => driveOffline.act(task.id, action)).then(() => refreshDownloads());
  const open = (task: Task) => submit(async () => setOpened(await driveFiles.get(task.file_id)));

  return (
    <section className="downloads" aria-labelledby="downloads-title">
      <h1 id="downloads-title">{t('offline.title')}</h1>
      <div className="downloads-actions">
        <button type="button" className="button primary" onClick={() => setCreating(true)}>
          {t('offline.new')}
        </button>
      </div>
      {failure !== undefined && <FailureNotice failure={failure} />}
      {downloads.status === 'loading' && <BusyNotice text={t('drive.loading')} />}
      {downloads.status === 'failed' && <FailureNotice failure={downloads.failure} onRetry={() => void refreshDownloads()} />}
      {downloads.status === 'ready' && downloads.tasks.length === 0 && <FilesEmpty title={t('offline.title')} hint={t('offline.list.empty')} />}
      {downloads.status === 'ready' && downloads.tasks.length > 0 && (
        <ul className="downloads-list" aria-label={t('offline.list.label')}>
          {downloads.tasks.map((task) => (
            <li key={task.id} className="download" data-phase={task.phase}>
              <div className="download-main">
                {/* Names and links come from other servers: text, never markup. */}
                <span className="download-name">{task.file_name || task.name}</span>
                {task.params.url && <span className="download-url">{task.params.url}</span>}
                <TaskStatus task={task} />
              </div>
              <div className="download-buttons">
                {task.phase === 'PHASE_TYPE_COMPLETE' && task.file_id && (
                  <button type="button" className="button secondary" disabled={pending} onClick={() => void open(task)}>
                    {t('offline.action.open')}
                  </button>
                )}
                {(ACTIONS_BY_PHASE[task.phase] ?? []).map((action) => (
                  <button key={action} type="button" className="button secondary" disabled={pending} onClick={() => void act(task, action)}>
                    {t(ACTION_LABELS[action])}
                  </button>
                ))}
                <button type="button" className="button secondary" disabled={pending} onClick={() => setDeleting(task)}>
                  {t('offline.action.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {creating && <NewDownloadDialog parentId="" onClose={() => setCreating(false)} />}
      {deleting && <DeleteDownload task={deleting} onClose={() => setDeleting(undefined)} />}
      {opened && <PreviewDialog file={opened} siblings={[opened]} onClose={() => setOpened(undefined)} />}
    </section>
  );
}

function DeleteDownload({ task, onClose }: { task: Task; onClose(): void }) {
  const t = useT();
  const [alsoFiles, setAlsoFiles] = useState(false);
  const madeFile = task.phase === 'PHASE_TYPE_COMPLETE' && task.file_id !== '';
  return (
    <ConfirmDialog
      title={t('offline.delete.title')}
      confirmLabel={t('offline.action.delete')}
      onConfirm={async () => {
        await driveOffline.remove([task.id], madeFile && alsoFiles);
        await refreshDownloads();
        if (madeFile && alsoFiles) driveChanged();
      }}
      onClose={onClose}
    >
      <p>{t('offline.delete.body')}</p>
      {madeFile && (
        <label className="checkbox-field">
          <input type="checkbox" checked={alsoFiles} onChange={(event) => setAlsoFiles(event.target.checked)} />
          {t('offline.delete.alsoFiles')}
        </label>
      )}
    </ConfirmDialog>
  );
}
