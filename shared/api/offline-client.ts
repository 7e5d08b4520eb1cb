// Offline downloads (API.md Offline downloads, Tasks) as typed calls over the shared HTTP client:
// inspecting links, starting downloads and following, pausing, retrying and deleting them.

import type { ApiClient } from './client.ts';
import { type About, FILES_PATHS } from './files.ts';
import {
  type CreatedOffline,
  type CreateOfflineBody,
  type Inspection,
  type LinkHeaders,
  OFFLINE_MAX_LINKS,
  OFFLINE_PATHS,
  OFFLINE_QUOTAS,
  type OfflineSource,
} from './offline.ts';
import { TASK_PATHS, type Task, type TaskAction, type TaskList } from './tasks.ts';

/** The links in a paste: one a line, blank lines and repeats dropped, at most OFFLINE_MAX_LINKS. */
export function linksIn(text: string): string[] {
  const links = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return [...new Set(links)].slice(0, OFFLINE_MAX_LINKS);
}

/** Whether a task still has work to do (its list is followed while one has). */
export function isUnderway(task: Pick<Task, 'phase'>): boolean {
  return task.phase === 'PHASE_TYPE_PENDING' || task.phase === 'PHASE_TYPE_RUNNING';
}

/**
 * Which offline download limit the user is at (SPEC §3.1 overFreeTaskLimit), from GET /about's
 * quotas: the day's allowance, the downloads at once, or none. The two have different remedies.
 */
export function overFreeTaskLimit(quotas: About['quotas']): 'daily' | 'running' | undefined {
  const reached = (name: string) => {
    const quota = quotas[name];
    return quota !== undefined && Number(quota.usage) >= Number(quota.limit);
  };
  if (reached(OFFLINE_QUOTAS.daily)) return 'daily';
  if (reached(OFFLINE_QUOTAS.active)) return 'running';
  return undefined;
}

export function offlineApi(api: ApiClient) {
  return {
    /** What a link (`url`) or a .torrent of the drive (`file_id`) holds, without fetching it. */
    inspect: (source: OfflineSource) => api.post<Inspection>(OFFLINE_PATHS.inspect, source),
    /**
     * Starts fetching a link or a .torrent's files (only `files`, when given) into the folder
     * `parentId` ('' is the root); `headers`, a web address's visitor's cookies and referrer.
     */
    create: async (source: OfflineSource, parentId: string, headers?: LinkHeaders) => {
      const body: CreateOfflineBody = { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: source, parent_id: parentId, ...(headers ? { headers } : {}) };
      return (await api.post<CreatedOffline>(FILES_PATHS.files, body)).task;
    },
    /** The user's downloads, newest first, one page at a time. */
    list: (pageToken?: string) => api.get<TaskList>(TASK_PATHS.list, { type: 'offline', limit: 100, page_token: pageToken || undefined }),
    act: (id: string, action: TaskAction) => api.post<Task>(TASK_PATHS.act, { type: 'offline', create_type: action, id }),
    remove: (ids: readonly string[], deleteFiles: boolean) =>
      api.delete<Record<string, never>>(TASK_PATHS.list, { task_ids: ids.join(','), delete_files: deleteFiles }),
  };
}
