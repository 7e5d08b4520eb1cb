import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DriveFile } from '#shared/api/files.ts';
import type { Task } from '#shared/api/tasks.ts';
import { folderPath, searchPath } from '#shared/app-paths.ts';
import { driveFiles } from '../api.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { Dialog } from '../components/dialogs/Dialog.tsx';
import { NewDownloadDialog } from '../components/dialogs/NewDownloadDialog.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { PreviewDialog } from '../components/preview/PreviewDialog.tsx';
import { TaskStatus } from '../components/tasks/TaskStatus.tsx';
import { useT } from '../i18n.ts';
import { $appAction } from './embedding.ts';

/** The ids a link names, as `file_ids=a,b` or a single `file_id`. */
const idsOf = (params: Record<string, string>) =>
  (params.file_ids ?? params.file_id ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * The actions embedded mode carries out inside the app (SPEC §2.7): open_file previews a file,
 * show_task follows a task, create_task opens a new download, highlight_files shows files selected in
 * their folder, search searches.
 */
export function EmbeddedActions() {
  const action = useStore($appAction);
  const navigate = useNavigate();
  const [opened, setOpened] = useState<{ kind: 'file' | 'task'; id: string } | { kind: 'download'; links: string; parentId: string }>();

  useEffect(() => {
    if (!action) return;
    $appAction.set(undefined);
    const params = action.params;
    switch (action.actionName) {
      case 'open_file': {
        const [id] = idsOf(params);
        if (id) setOpened({ kind: 'file', id });
        break;
      }
      case 'show_task':
        if (params.task_id) setOpened({ kind: 'task', id: params.task_id });
        break;
      case 'create_task':
        // The links to fetch come with the action (url, or urls one a line); the user confirms them.
        setOpened({ kind: 'download', links: params.urls ?? params.url ?? '', parentId: params.parent_id ?? '' });
        break;
      case 'highlight_files': {
        const ids = idsOf(params);
        if (ids.length > 0) {
          void driveFiles.get(ids[0]!).then(
            (file) => navigate(`${folderPath(file.parent_id)}?${new URLSearchParams({ highlight: ids.join(',') })}`),
            (failure: unknown) => console.warn('nubo: highlight_files:', failure),
          );
        }
        break;
      }
      case 'search':
        void navigate(searchPath(params.q ?? params.text ?? ''));
        break;
      default:
        break;
    }
  }, [action, navigate]);

  if (opened?.kind === 'file') return <OpenedFile id={opened.id} onClose={() => setOpened(undefined)} />;
  if (opened?.kind === 'task') return <TaskProgress id={opened.id} onClose={() => setOpened(undefined)} />;
  if (opened?.kind === 'download') return <NewDownloadDialog parentId={opened.parentId} initialLinks={opened.links} onClose={() => setOpened(undefined)} />;
  return null;
}

function OpenedFile({ id, onClose }: { id: string; onClose(): void }) {
  const t = useT();
  const [file, setFile] = useState<DriveFile | { failed: unknown }>();
  useEffect(() => {
    driveFiles.get(id).then(setFile, (failed: unknown) => setFile({ failed }));
  }, [id]);
  if (file && 'id' in file) return <PreviewDialog file={file} siblings={[file]} onClose={onClose} />;
  return (
    <Dialog title={t('files.action.open')} onClose={onClose}>
      {file ? <FailureNotice failure={file.failed} /> : <BusyNotice text={t('drive.loading')} />}
    </Dialog>
  );
}

/** A task's name, phase and progress, followed until it ends. */
function TaskProgress({ id, onClose }: { id: string; onClose(): void }) {
  const t = useT();
  const [task, setTask] = useState<Task | { failed: unknown }>();
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () =>
      driveFiles.task(id).then(
        (next) => {
          if (!current) return;
          setTask(next);
          if (next.phase !== 'PHASE_TYPE_COMPLETE' && next.phase !== 'PHASE_TYPE_ERROR') timer = setTimeout(poll, 1000);
        },
        (failed: unknown) => current && setTask({ failed }),
      );
    void poll();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [id]);
  return (
    <Dialog title={t('task.title')} onClose={onClose}>
      {!task && <BusyNotice text={t('drive.loading')} />}
      {task && 'failed' in task && <FailureNotice failure={task.failed} />}
      {task && 'id' in task && (
        <div className="task-progress">
          <p className="task-name">{task.name}</p>
          <TaskStatus task={task} announce />
        </div>
      )}
    </Dialog>
  );
}
