// The files API (API.md Files) as typed calls over the shared HTTP client, so every front end
// asks for a listing, a rename or the quota the same way and cannot drift from the server's shapes.

import type { SortOrder } from '../files/sort-order.ts';
import { type ApiClient, ApiError } from './client.ts';
import type { About, CreatedUpload, DriveFile, EventList, FileList } from './files.ts';
import { type BatchMoveBody, type CreateFolderBody, type CreateUploadBody, FILES_PATHS } from './files.ts';
import { TASK_PATHS, type Task } from './tasks.ts';

/** API.md list filters: `{"field":{"op":value}}`. */
export type FileListFilters = {
  trashed?: { eq: boolean };
  starred?: { eq: boolean };
  kind?: { eq: DriveFile['kind'] };
  /** Files whose media type starts so ('video/': the TV page's recent videos). */
  mime_type?: { prefix: string };
};

/** The parent id that lists across all folders, as the trash and the starred list do. */
export const ALL_FOLDERS = '*';
export const TRASH_FILTERS: FileListFilters = { trashed: { eq: true } };

export type FileListRequest = {
  /** '' is the root, ALL_FOLDERS lists across folders. */
  parentId: string;
  order: SortOrder;
  pinFoldersTop: boolean;
  filters?: FileListFilters | undefined;
  /** Only items whose name contains this text (the search page). */
  q?: string | undefined;
  limit?: number | undefined;
  pageToken?: string | undefined;
};

/** Sent with `{"file": …}` for a folder; an upload answers with its tus address instead. */
type CreatedFolder = { file: DriveFile };

const fileUrl = (id: string) => FILES_PATHS.file.replace(':id', encodeURIComponent(id));

export function filesApi(api: ApiClient) {
  const batch = (path: string, ids: readonly string[]) => api.post<Record<string, never>>(path, { ids });
  const task = (id: string) => api.get<Task>(TASK_PATHS.task.replace(':id', encodeURIComponent(id)));
  /** Follows a task (GET /tasks/{id}) until it has finished; a failed one throws its message. */
  async function waitForTask(taskId: string, pollMs = 300, onProgress?: (progress: number) => void): Promise<Task> {
    for (;;) {
      const state = await task(taskId);
      onProgress?.(state.progress);
      if (state.phase === 'PHASE_TYPE_COMPLETE') return state;
      if (state.phase === 'PHASE_TYPE_ERROR') throw new ApiError(500, { error: 'internal', error_code: 13, error_description: state.message });
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
  return {
    task,
    waitForTask,
    /** One keyset page; keep asking with its next_page_token until that is ''. */
    listPage({ parentId, order, pinFoldersTop, filters, q, limit, pageToken }: FileListRequest): Promise<FileList> {
      return api.get<FileList>(FILES_PATHS.files, {
        parent_id: parentId,
        order,
        pin_folders_top: pinFoldersTop,
        filters: filters ? JSON.stringify(filters) : undefined,
        q: q || undefined,
        limit,
        page_token: pageToken || undefined,
      });
    },
    /** The file with its signed web_content_link when its bytes can be fetched. */
    get: (id: string) => api.get<DriveFile>(fileUrl(id)),
    /** The folders from the root down to `id`, itself included. */
    path: async (id: string) => (await api.get<{ folders: DriveFile[] }>(`${fileUrl(id)}/path`)).folders,
    createFolder: async (parentId: string, name: string) => {
      const body: CreateFolderBody = { kind: 'drive#folder', name, parent_id: parentId };
      return (await api.post<CreatedFolder>(FILES_PATHS.files, body)).file;
    },
    createUpload: (upload: { parentId: string; name: string; size: number; mimeType: string }) => {
      const body: CreateUploadBody = {
        kind: 'drive#file',
        name: upload.name,
        parent_id: upload.parentId,
        size: String(upload.size),
        ...(upload.mimeType ? { mime_type: upload.mimeType } : {}),
      };
      return api.post<CreatedUpload>(FILES_PATHS.files, body);
    },
    rename: (id: string, name: string) => api.patch<DriveFile>(fileUrl(id), { name }),
    move: (ids: readonly string[], parentId: string) => {
      const body: BatchMoveBody = { ids: [...ids], to: { parent_id: parentId } };
      return api.post<Record<string, never>>(FILES_PATHS.batchMove, body);
    },
    /** Copies items into a folder; a big tree is copied by a task, whose end this waits for. */
    copy: async (ids: readonly string[], parentId: string, pollMs = 300): Promise<DriveFile[]> => {
      const body: BatchMoveBody = { ids: [...ids], to: { parent_id: parentId } };
      const { files, task_id: taskId } = await api.post<{ files: DriveFile[]; task_id: string }>(FILES_PATHS.batchCopy, body);
      if (taskId) await waitForTask(taskId, pollMs);
      return files;
    },
    trash: (ids: readonly string[]) => batch(FILES_PATHS.batchTrash, ids),
    untrash: (ids: readonly string[]) => batch(FILES_PATHS.batchUntrash, ids),
    deleteForever: (ids: readonly string[]) => batch(FILES_PATHS.batchDelete, ids),
    star: (ids: readonly string[]) => batch(FILES_PATHS.star, ids),
    unstar: (ids: readonly string[]) => batch(FILES_PATHS.unstar, ids),
    about: () => api.get<About>(FILES_PATHS.about),
    /** One page of the recent list, newest first; keep asking with next_page_token until it is ''. */
    events: (pageToken = '', limit?: number) => api.get<EventList>(FILES_PATHS.events, { limit, page_token: pageToken || undefined }),
    /** Empties the whole trash on the server, as a task; resolves when the task has finished. */
    async emptyTrash(pollMs = 300): Promise<Task> {
      const { task_id: taskId } = await api.patch<{ task_id: string }>(FILES_PATHS.emptyTrash, {});
      return waitForTask(taskId, pollMs);
    },
  };
}

export type FilesApi = ReturnType<typeof filesApi>;

/** The most ids one batch call takes (BatchIds in files.ts). */
export const BATCH_MAX_IDS = 1000;

/** `ids` in runs the batch calls accept. */
export function inBatches<T>(ids: readonly T[], size = BATCH_MAX_IDS): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < ids.length; start += size) batches.push(ids.slice(start, start + size));
  return batches;
}
