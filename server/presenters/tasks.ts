// Tasks as the API shows them (API.md Task).
import type { Task } from '#shared/api/tasks.ts';
import type { TaskRow } from '../db/repositories/tasks.ts';

export function presentTask(task: TaskRow): Task {
  return {
    kind: 'drive#task',
    id: task.id,
    name: task.name,
    type: task.type,
    phase: task.phase as Task['phase'],
    progress: task.progress,
    stage: task.stage,
    message: task.message,
    file_id: task.file_id,
    file_name: task.file_name,
    file_size: String(task.file_size),
    bytes_done: String(task.bytes_done),
    speed: String(task.speed),
    error: task.error,
    params: visibleParams(JSON.parse(task.params)),
    created_time: new Date(task.created_at).toISOString(),
    updated_time: new Date(task.updated_at).toISOString(),
    statuses: [],
  };
}

/** The params a client may read, as strings: what the task was asked to do, not what a worker keeps for itself. */
function visibleParams(params: Record<string, unknown>): Record<string, string> {
  const visible: Record<string, string> = {};
  const shown = { url: 'url', parentId: 'parent_id', torrentFileId: 'file_id' } as const;
  for (const [key, name] of Object.entries(shown)) if (typeof params[key] === 'string') visible[name] = params[key];
  return visible;
}
