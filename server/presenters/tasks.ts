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
    message: task.message,
    file_id: task.file_id,
    file_name: task.file_name,
    file_size: String(task.file_size),
    params: JSON.parse(task.params),
    created_time: new Date(task.created_at).toISOString(),
    updated_time: new Date(task.updated_at).toISOString(),
    statuses: [],
  };
}
