// Saving a share into the visitor's drive (SPEC §3.7, §4 restore). The share page loads this when
// a save is asked for, so the files API is not part of what a visitor loads to see the files.
import type { RestoreBody } from '#shared/api/restore.ts';
import { folderPath } from '#shared/app-paths.ts';
import { driveFiles, driveShares } from '../api.ts';
import { rememberSavedFiles } from './share-access.ts';

/** Saves the share (or the items named in `body`); answers the drive page that shows what was saved. */
export async function saveShare(body: RestoreBody, onProgress: (progress: number) => void): Promise<string> {
  const result = await driveShares.restore(body);
  if (result.share_status !== 'OK') throw new Error(result.share_status);
  // A big tree is saved by a task: its progress is shown until it ends.
  const task = result.restore_task_id ? await driveFiles.waitForTask(result.restore_task_id, 500, onProgress) : undefined;
  const savedId = task?.file_id || result.file_id;
  rememberSavedFiles(savedId ? [savedId] : []);
  const saved = savedId ? await driveFiles.get(savedId) : undefined;
  return saved ? `${folderPath(saved.parent_id)}?${new URLSearchParams({ highlight: saved.id })}` : folderPath('');
}
