// A save into one's drive as the API answers it (API.md Shares, POST /share/restore).
import type { RestoreResult } from '#shared/api/restore.ts';
import type { Restore } from '../services/restore.ts';

export function presentRestore(restore: Restore): RestoreResult {
  return { share_status: restore.shareStatus, restore_status: restore.restoreStatus, restore_task_id: restore.taskId, file_id: restore.fileId };
}
