// Listing the drive: a folder's page by page (keyset pages, a token that only continues its own
// listing), a file, the path down to a folder, and the quota.
import { createHash } from 'node:crypto';
import type { About } from '#shared/api/files.ts';
import { DEFAULT_SORT_ORDER, sortOrderEntry, sortOrderFromStored } from '#shared/files/sort-order.ts';
import { type FileRow, filesRepository, type ListCursor, type ListQuery, SORT_COLUMNS } from '../../db/repositories/files.ts';
import type { FileKind } from '../../db/schema.ts';
import { ServiceError } from '../../errors.ts';
import { conditionsOf, filterNotUnderstood } from '../../filters.ts';
import { readPageToken, writePageToken } from '../../pagination.ts';
import { type FilesContext, fileNotFound, ROOT } from './placement.ts';

export const LIST_LIMIT_DEFAULT = 100;
export const LIST_LIMIT_MAX = 500;

export type ListRequest = {
  parentId: string;
  filters?: string | undefined;
  order?: string | undefined;
  limit?: number | undefined;
  pageToken?: string | undefined;
  q?: string | undefined;
  pinFoldersTop?: boolean | undefined;
};

export function listing({ db, standing, now }: FilesContext) {
  const repo = filesRepository(db);

  return {
    async list(userId: string, request: ListRequest): Promise<{ files: FileRow[]; nextPageToken: string }> {
      const filters = parseFilters(request.filters);
      const order = request.order === undefined ? DEFAULT_SORT_ORDER : sortOrderFromStored(request.order);
      if (order === undefined)
        throw new ServiceError('invalid_request', 'order must be NAME_ASC, NAME_DESC, 3, 5, 6, 7 or 8.', [{ field: 'order', reason: 'invalid' }]);
      const entry = sortOrderEntry(order);
      const limit = Math.min(Math.max(request.limit ?? LIST_LIMIT_DEFAULT, 1), LIST_LIMIT_MAX);
      const acrossFolders = request.parentId === '*';
      if (!acrossFolders && request.parentId !== ROOT) {
        const folder = await repo.find(userId, request.parentId);
        if (folder?.kind !== 'drive#folder') throw fileNotFound();
      }
      const query: ListQuery = {
        userId,
        parentId: acrossFolders ? undefined : request.parentId,
        trashed: filters.trashed ?? false,
        column: SORT_COLUMNS[entry.field],
        direction: entry.direction,
        foldersFirst: request.pinFoldersTop ?? true,
        limit: limit + 1,
        ...(filters.kind ? { kind: filters.kind } : {}),
        ...(filters.starred !== undefined ? { starred: filters.starred } : {}),
        ...(filters.mimePrefix ? { mimePrefix: filters.mimePrefix } : {}),
        ...(filters.modifiedAfter !== undefined ? { modifiedAfter: filters.modifiedAfter } : {}),
        ...(filters.modifiedBefore !== undefined ? { modifiedBefore: filters.modifiedBefore } : {}),
        ...(request.q?.trim() ? { nameContains: request.q.trim() } : {}),
      };
      const fingerprint = fingerprintOf({ ...query, after: undefined, limit });
      if (request.pageToken) query.after = readPageToken(request.pageToken, (parts) => listCursorOf(parts, fingerprint));
      const rows = await repo.list(query);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const nextPageToken = writePageToken(rows.length > limit && last ? [fingerprint, last.kind, last[query.column], last.id] : undefined);
      return { files: page, nextPageToken };
    },

    async get(userId: string, id: string): Promise<FileRow> {
      const row = await repo.find(userId, id);
      if (!row) throw fileNotFound();
      return row;
    },

    /** The folders from the root down to a folder, for breadcrumbs. */
    async path(userId: string, id: string): Promise<FileRow[]> {
      if (id === ROOT) return [];
      const chain = await repo.ancestry(userId, id);
      if (chain.length === 0) throw fileNotFound();
      return chain;
    },

    async about(userId: string): Promise<About> {
      const at = now();
      const [{ used }, limit, inTrash, traffic] = await Promise.all([
        repo.storage(userId),
        standing.storageLimit(db, userId, at),
        repo.trashUsage(userId),
        standing.trafficOf(db, userId, at),
      ]);
      return {
        kind: 'drive#about',
        quota: { kind: 'drive#quota', limit: String(limit), usage: String(used), usage_in_trash: String(inTrash), is_unlimited: false },
        quotas: { download: { limit: String(traffic.limit), usage: String(traffic.used) } },
      };
    },
  };
}

type Filters = { trashed?: boolean; kind?: FileKind; starred?: boolean; mimePrefix?: string; modifiedAfter?: number; modifiedBefore?: number };

/** API.md filters, as the drive listing understands them. */
export function parseFilters(raw: string | undefined): Filters {
  const bad = filterNotUnderstood;
  const filters: Filters = {};
  for (const [field, condition] of conditionsOf(raw)) {
    const eq = condition.eq;
    switch (field) {
      case 'trashed':
      case 'starred':
        if (typeof eq !== 'boolean' && eq !== 'true' && eq !== 'false') throw bad(field);
        filters[field] = eq === true || eq === 'true';
        break;
      case 'kind':
        if (eq !== 'drive#file' && eq !== 'drive#folder') throw bad(field);
        filters.kind = eq;
        break;
      case 'mime_type':
        if (typeof condition.prefix !== 'string') throw bad(field);
        filters.mimePrefix = condition.prefix;
        break;
      case 'modified_time': {
        for (const [op, value] of Object.entries(condition)) {
          const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
          if (Number.isNaN(at) || (op !== 'gt' && op !== 'lt')) throw bad(field);
          if (op === 'gt') filters.modifiedAfter = at;
          else filters.modifiedBefore = at;
        }
        break;
      }
      case 'phase':
        if (eq !== 'PHASE_TYPE_COMPLETE') throw bad(field);
        break;
      default:
        throw bad(field);
    }
  }
  return filters;
}

function fingerprintOf(query: Omit<ListQuery, 'after'> & { after?: undefined }): string {
  return createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 12);
}

function listCursorOf([print, kind, value, id]: unknown[], fingerprint: string): ListCursor | undefined {
  if (print !== fingerprint || typeof kind !== 'string' || (typeof value !== 'string' && typeof value !== 'number') || typeof id !== 'string') return undefined;
  return { kind, value, id };
}
