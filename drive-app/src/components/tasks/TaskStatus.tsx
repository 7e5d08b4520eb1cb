import { taskFailureMessage } from '#shared/api/error-messages.ts';
import type { Task } from '#shared/api/tasks.ts';
import { formatSize } from '#shared/format.ts';
import { useT } from '../../i18n.ts';

const TASK_PHASE_LABELS = {
  PHASE_TYPE_UNKNOW: 'task.phase.pending',
  PHASE_TYPE_PENDING: 'task.phase.pending',
  PHASE_TYPE_RUNNING: 'task.phase.running',
  PHASE_TYPE_PAUSED: 'task.phase.paused',
  PHASE_TYPE_COMPLETE: 'task.phase.complete',
  PHASE_TYPE_ERROR: 'task.phase.error',
} as const;

/**
 * A task's phase (or, running, its step: storing in the drive after the download), its progress
 * bar, the bytes fetched and the speed, and why it failed, in the reader's language. `announce` makes the phase a live region: for the one task a dialog follows,
 * not for every row of a list that refreshes each second.
 */
export function TaskStatus({ task, announce = false }: { task: Task; announce?: boolean }) {
  const t = useT();
  const size = Number(task.file_size);
  const done = Number(task.bytes_done);
  const running = task.phase === 'PHASE_TYPE_RUNNING';
  const failure = task.phase === 'PHASE_TYPE_ERROR' ? taskFailureMessage(task.error) : undefined;
  return (
    <div className="task-status" data-phase={task.phase}>
      <progress max={100} value={task.progress} aria-label={t('task.progress')} />
      <span className="task-facts">
        <span {...(announce ? { role: 'status' } : {})}>
          {t(running && task.stage === 'STORING' ? 'task.stage.storing' : TASK_PHASE_LABELS[task.phase], { progress: task.progress })}
        </span>
        {task.type === 'offline' && done > 0 && task.phase !== 'PHASE_TYPE_COMPLETE' && task.stage === '' && (
          <span>
            {size > 0
              ? t('offline.list.progress', { done: formatSize(done), total: formatSize(size) })
              : t('offline.list.progressUnknown', { done: formatSize(done) })}
          </span>
        )}
        {task.phase === 'PHASE_TYPE_COMPLETE' && size > 0 && <span>{formatSize(size)}</span>}
        {running && Number(task.speed) > 0 && <span>{t('offline.list.speed', { speed: formatSize(Number(task.speed)) })}</span>}
      </span>
      {failure && <p className="notice task-failure">{t(failure.key, failure.values)}</p>}
    </div>
  );
}
