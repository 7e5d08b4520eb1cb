// What each type of task does when a worker runs it, and the ways features start one. Tasks are
// what outlasts a request: emptying the trash, copying or saving a big tree, reading media facts,
// fetching a link into the drive.
import { fileCategoryOf } from '#shared/files/classify.ts';
import type { FileRow } from '../db/repositories/files.ts';
import type { CopyRequest, FilesService } from '../services/files.ts';
import type { OfflineService } from '../services/offline.ts';
import type { RestoreRequest, RestoreService } from '../services/restore.ts';
import type { ThumbnailsService } from '../services/thumbnails.ts';
import type { TaskHandlers, TaskWorker } from './worker.ts';

export function taskHandlers({
  files,
  restore,
  offline,
  thumbnails,
}: {
  files: FilesService;
  restore: RestoreService;
  offline: OfflineService;
  thumbnails?: Pick<ThumbnailsService, 'makePoster'>;
}): TaskHandlers {
  return {
    trash: (task, run) => files.emptyTrash(task.user_id, run.report),
    // A video's poster frame is made here, once its facts are known: never on a listing's request.
    upload: async (task) => {
      const hash = String(JSON.parse(task.params).hash);
      await files.learnMedia(hash, task.file_size);
      await thumbnails?.makePoster(hash);
    },
    copy: async (task) => {
      const request: CopyRequest = JSON.parse(task.params);
      return firstCopy((await files.copy(task.user_id, request.ids, request.parentId)).copies);
    },
    offline: (task, run) => offline.run(task, run),
    restore: async (task, run) => {
      const saved = await restore.runRestore(JSON.parse(task.params), (tx, copies) => run.completeIn(tx, firstCopy(copies)));
      if (saved.status !== 'OK') throw new Error(`the share can no longer be saved (${saved.status})`);
      return firstCopy(saved.copies);
    },
  };
}

/** What a copy or a save made, shown with its task: the first item copied. */
function firstCopy(copies: FileRow[]) {
  return copies[0] ? { fileId: copies[0].id, fileName: copies[0].name } : {};
}

/** Audio and video get their media facts read by a task, so the upload finishes without waiting. */
export function readMediaAfterUpload(worker: TaskWorker) {
  return async (file: FileRow) => {
    const category = fileCategoryOf({ name: file.name, mimeType: file.mime_type });
    if (category !== 'VIDEO' && category !== 'AUDIO') return;
    await worker.run({
      userId: file.user_id,
      type: 'upload',
      name: 'Media info',
      fileId: file.id,
      fileName: file.name,
      fileSize: file.size,
      params: { hash: file.hash },
    });
  };
}

/** A copy of a big tree, run as a task. */
export function copyAsTask(worker: TaskWorker) {
  return (userId: string, request: CopyRequest, items: number) => worker.run({ userId, type: 'copy', name: `Copy (${items} items)`, params: { ...request } });
}

/** Emptying the trash, run as a task: the trash may hold whole trees. */
export function emptyTrashAsTask(worker: TaskWorker) {
  return (userId: string) => worker.run({ userId, type: 'trash', name: 'Empty trash' });
}

/** A save of a big shared tree into the saver's drive, run as a task. */
export function restoreAsTask(worker: TaskWorker) {
  return (request: RestoreRequest, items: number) =>
    worker.run({ userId: request.saverId, type: 'restore', name: `Save to my drive (${items} items)`, params: { ...request } });
}
