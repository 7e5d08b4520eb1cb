// Offline downloads as the API shows them (API.md Offline downloads).
import type { About } from '#shared/api/files.ts';
import { type CreatedOffline, type Inspection, OFFLINE_QUOTAS } from '#shared/api/offline.ts';
import { fileCategoryOf } from '#shared/files/classify.ts';
import type { Inspected } from '../services/offline.ts';
import type { TaskLimits, TaskRow } from '../services/tasks.ts';
import { presentTask } from './tasks.ts';

export function presentInspection(inspected: Inspected): Inspection {
  return {
    kind: 'drive#resource',
    source: inspected.source,
    url: inspected.url,
    name: inspected.name,
    size: inspected.size === undefined ? '-1' : String(inspected.size),
    mime_type: inspected.mimeType,
    file_category: inspected.source === 'http' ? fileCategoryOf({ name: inspected.name, mimeType: inspected.mimeType }) : 'OTHER',
    files: inspected.files.map((file) => ({ index: file.index, path: [...file.folders, file.name].join('/'), size: String(file.size) })),
    state: inspected.state,
    info_hash: inspected.infoHash,
  };
}

/** A user's offline download limits as GET /about's quotas tell them. */
export function presentOfflineQuotas({ limits, used }: { limits: TaskLimits; used: TaskLimits }): About['quotas'] {
  return {
    [OFFLINE_QUOTAS.daily]: { limit: String(limits.daily), usage: String(used.daily) },
    [OFFLINE_QUOTAS.active]: { limit: String(limits.active), usage: String(used.active) },
  };
}

export function presentCreatedOffline(task: TaskRow): CreatedOffline {
  return { upload_type: 'UPLOAD_TYPE_URL', task: presentTask(task) };
}
