// The drive's files and folders: listing with keyset pages, folders, rename, move, copy,
// trash and its undo, delete for ever, stars and the quota. Every operation is one transaction
// and names every file through the user's own id.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fileExtension } from '#shared/files/classify.ts';
import { freeName, nameProblem, splitExtension } from '#shared/files/names.ts';
import { DEFAULT_SORT_ORDER, sortOrderEntry, sortOrderFromStored } from '#shared/files/sort-order.ts';
import type { About } from '#shared/api/files.ts';
import type { Database, FileKind } from '../db/schema.ts';

import { SORT_COLUMNS, filesRepository, type FileRow, type ListCursor, type ListQuery } from '../db/repositories/files.ts';
import { ServiceError } from '../errors.ts';
import { readPageToken, writePageToken } from '../pagination.ts';
import { eventsRepository } from '../db/repositories/events.ts';
import { moderationRepository } from '../db/repositories/moderation.ts';
import { mediaRepository } from '../db/repositories/media.ts';
import { blobsRepository } from '../db/repositories/blobs.ts';
import type { BlobStore, StoredBlob } from '../storage/blob-store.ts';
import { readMediaFacts } from '../storage/media-info.ts';
import { newId } from '../ids.ts';

export const ROOT = '';
export const LIST_LIMIT_DEFAULT = 100;
export const LIST_LIMIT_MAX = 500;
/** Trees up to this many items are copied (or saved from a share) at once; bigger ones run as a task. */
export const TREE_COPY_INLINE_MAX_ITEMS = 1000;

export type ListRequest = {
  parentId: string;
  filters?: string | undefined;
  order?: string | undefined;
  limit?: number | undefined;
  pageToken?: string | undefined;
  q?: string | undefined;
  pinFoldersTop?: boolean | undefined;
};

/** What a copy task is asked to do (its params). */
export type CopyRequest = { ids: string[]; parentId: string };

export function filesService(deps: { db: Kysely<Database>; blobs?: BlobStore; now?: () => number }) {
  const db = deps.db;
  const repo = filesRepository(db);
  const now = deps.now ?? Date.now;

  async function liveItem(tx: Kysely<Database>, userId: string, id: string): Promise<FileRow> {
    const row = await filesRepository(tx).find(userId, id);
    if (!row) throw fileNotFound();
    if (row.trashed_at !== null) throw new ServiceError('file_in_recycle_bin', `"${row.name}" is in the trash. Restore it first.`);
    return row;
  }

  /** The folder things go into: the root, or a live folder of this user. */
  async function targetFolder(tx: Kysely<Database>, userId: string, parentId: string): Promise<FileRow | undefined> {
    if (parentId === ROOT) return undefined;
    const folder = await liveItem(tx, userId, parentId);
    if (folder.kind !== 'drive#folder') throw new ServiceError('invalid_request', 'Items can only be put into a folder.', [{ field: 'parent_id', reason: 'not_a_folder' }]);
    return folder;
  }

  /**
   * The rows of a tree that a copy takes, parents before children: live, finished ones; what hangs
   * under a trashed folder is not reached, so not copied.
   */
  async function copiedRows(tx: Kysely<Database>, userId: string, topId: string): Promise<FileRow[]> {
    const live = (await filesRepository(tx).subtreeRows(userId, topId)).filter((r) => r.trashed_at === null && r.phase === 'PHASE_TYPE_COMPLETE');
    return sortParentsFirst(live, topId);
  }

  async function copyTrees(tx: Kysely<Database>, fromUserId: string, to: { userId: string; parentId: string }, tops: readonly FileRow[], params?: Record<string, string>): Promise<FileRow[]> {
    const at = now();
    const copies: FileRow[] = [];
    const rows: FileRow[] = [];
    let bytes = 0;
    for (const top of tops) {
      const live = await copiedRows(tx, fromUserId, top.id);
      const newIds = new Map(live.map((r) => [r.id, newId()]));
      for (const row of live) {
        const isTop = row.id === top.id;
        const copy: FileRow = {
          ...row,
          id: newIds.get(row.id)!,
          user_id: to.userId,
          parent_id: isTop ? to.parentId : newIds.get(row.parent_id)!,
          name: isTop ? await placeName(tx, to.userId, to.parentId, row.name, row.kind) : row.name,
          created_at: at,
          modified_at: at,
          starred_at: null,
          trashed_at: null,
          trash_root_id: null,
          params: params ? JSON.stringify(params) : row.params,
        };
        rows.push(copy);
        if (copy.kind === 'drive#file') bytes += copy.size;
        if (isTop) copies.push(copy);
      }
    }
    // Copies point at the same blobs, but count against the quota like any file.
    if (bytes > 0 && !(await filesRepository(tx).addStorage(to.userId, bytes))) throw spaceNotEnough();
    await filesRepository(tx).insertMany(rows);
    await moderationRepository(tx).flagArrivals(rows);
    return copies;
  }

  /** The live items to copy into `parentId`, refusing a folder copied into itself or below. */
  async function copyableTops(tx: Kysely<Database>, userId: string, ids: readonly string[], parentId: string): Promise<FileRow[]> {
    await targetFolder(tx, userId, parentId);
    const chain = parentId === ROOT ? [] : await filesRepository(tx).ancestry(userId, parentId);
    const tops: FileRow[] = [];
    for (const id of unique(ids)) {
      const top = await liveItem(tx, userId, id);
      if (chain.some((folder) => folder.id === top.id)) {
        throw new ServiceError('file_move_or_copy_to_cur', `"${top.name}" cannot be copied into itself or a folder inside it.`);
      }
      tops.push(top);
    }
    return tops;
  }

  /** How many items and file bytes copying these trees makes (what copyTrees would write). */
  async function treeSize(tx: Kysely<Database>, userId: string, tops: readonly FileRow[]): Promise<{ items: number; bytes: number }> {
    let items = 0;
    let bytes = 0;
    for (const top of tops) {
      for (const row of await copiedRows(tx, userId, top.id)) {
        items += 1;
        if (row.kind === 'drive#file') bytes += row.size;
      }
    }
    return { items, bytes };
  }

  async function placeName(tx: Kysely<Database>, userId: string, parentId: string, name: string, kind: FileKind): Promise<string> {
    const { stem } = splitExtension(name, kind === 'drive#folder');
    const base = stem.replace(/ \(\d+\)$/, '');
    return freeName(name, await filesRepository(tx).takenNames(userId, parentId, base), kind === 'drive#folder');
  }

  return {
    async list(userId: string, request: ListRequest): Promise<{ files: FileRow[]; nextPageToken: string }> {
      const filters = parseFilters(request.filters);
      const order = request.order === undefined ? DEFAULT_SORT_ORDER : sortOrderFromStored(request.order);
      if (order === undefined) throw new ServiceError('invalid_request', 'order must be NAME_ASC, NAME_DESC, 3, 5, 6, 7 or 8.', [{ field: 'order', reason: 'invalid' }]);
      const entry = sortOrderEntry(order);
      const limit = Math.min(Math.max(request.limit ?? LIST_LIMIT_DEFAULT, 1), LIST_LIMIT_MAX);
      const acrossFolders = request.parentId === '*';
      if (!acrossFolders && request.parentId !== ROOT) {
        const folder = await repo.find(userId, request.parentId);
        if (!folder || folder.kind !== 'drive#folder') throw fileNotFound();
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

    async createFolder(userId: string, parentId: string, name: string): Promise<FileRow> {
      assertName(name);
      return db.transaction().execute(async (tx) => {
        await targetFolder(tx, userId, parentId);
        const row = newFileRow({ userId, parentId, kind: 'drive#folder', name: await placeName(tx, userId, parentId, name, 'drive#folder'), at: now() });
        await filesRepository(tx).insert(row);
        await eventsRepository(tx).record('TYPE_CREATE_FOLDER', [row], row.created_at);
        return row;
      });
    },

    async rename(userId: string, id: string, name: string): Promise<FileRow> {
      assertName(name);
      return db.transaction().execute(async (tx) => {
        const row = await liveItem(tx, userId, id);
        if (row.name === name) throw new ServiceError('file_rename_to_same_name', 'That is already its name.');
        const taken = await filesRepository(tx).takenNames(userId, row.parent_id, name);
        if (taken.has(name)) throw new ServiceError('file_duplicated_name', `There is already an item named "${name}" here. Choose another name.`);
        const changes = { name, modified_at: now(), file_extension: row.kind === 'drive#folder' ? '' : fileExtension(name) };
        await filesRepository(tx).update(userId, id, changes);
        await eventsRepository(tx).record('TYPE_RENAME', [{ ...row, ...changes }], changes.modified_at);
        return { ...row, ...changes };
      });
    },

    async move(userId: string, ids: readonly string[], parentId: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await targetFolder(tx, userId, parentId);
        const chain = parentId === ROOT ? [] : await filesRepository(tx).ancestry(userId, parentId);
        for (const id of unique(ids)) {
          const row = await liveItem(tx, userId, id);
          if (chain.some((folder) => folder.id === row.id)) {
            throw new ServiceError('file_move_or_copy_to_cur', `"${row.name}" cannot go into itself or a folder inside it.`);
          }
          if (row.parent_id === parentId) continue;
          const name = await placeName(tx, userId, parentId, row.name, row.kind);
          await filesRepository(tx).update(userId, id, { parent_id: parentId, name, modified_at: now() });
          await eventsRepository(tx).record('TYPE_MOVE', [{ ...row, name }], now());
          await moderationRepository(tx).flagArrivals(row.kind === 'drive#folder' ? await filesRepository(tx).subtreeRows(userId, id) : [row]);
        }
      });
    },

    /**
     * Copies items with their whole trees into a folder. Trees of up to TREE_COPY_INLINE_MAX_ITEMS
     * items are copied at once; with `runAsTask`, bigger ones are checked here (so a mistake or a
     * full drive is answered at once) and then copied by a task, which copies them inline again.
     */
    async copy(userId: string, ids: readonly string[], parentId: string, runAsTask?: (items: number) => Promise<string>): Promise<{ copies: FileRow[]; taskId: string }> {
      if (runAsTask) {
        const { tops, items, bytes } = await db.transaction().execute(async (tx) => {
          const tops = await copyableTops(tx, userId, ids, parentId);
          return { tops, ...(await treeSize(tx, userId, tops)) };
        });
        if (items > TREE_COPY_INLINE_MAX_ITEMS && tops.length > 0) {
          const storage = await repo.storage(userId);
          if (storage.storage_used + bytes > storage.storage_limit) throw spaceNotEnough();
          return { copies: [], taskId: await runAsTask(items) };
        }
      }
      const copies = await db.transaction().execute(async (tx) => {
        const copies = await copyTrees(tx, userId, { userId, parentId }, await copyableTops(tx, userId, ids, parentId));
        await eventsRepository(tx).record('TYPE_COPY', copies, now());
        return copies;
      });
      return { copies, taskId: '' };
    },

    /**
     * Copies whole trees, possibly from another person's drive (saving a share), inside the
     * caller's transaction: all rows or none, pointing at the same blobs, counted against the
     * receiver's quota. Answers the copies of the top items.
     */
    async copyTrees(tx: Kysely<Database>, fromUserId: string, to: { userId: string; parentId: string }, tops: readonly FileRow[], params?: Record<string, string>) {
      return copyTrees(tx, fromUserId, to, tops, params);
    },

    /** The folder things go into for a user (root or a live folder), checked inside a transaction. */
    targetFolder,

    /** A user's folder of a given name at the root, made when missing. */
    async folderAtRoot(tx: Kysely<Database>, userId: string, name: string): Promise<FileRow> {
      const existing = await filesRepository(tx).folderAtRoot(userId, name);
      if (existing) return existing;
      const row = newFileRow({ userId, parentId: ROOT, kind: 'drive#folder', name: await placeName(tx, userId, ROOT, name, 'drive#folder'), at: now() });
      await filesRepository(tx).insert(row);
      return row;
    },

    async trash(userId: string, ids: readonly string[]): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const at = now();
        for (const id of unique(ids)) {
          const row = await filesRepository(tx).find(userId, id);
          if (!row) throw fileNotFound();
          if (row.trashed_at !== null) continue;
          const subtree = await filesRepository(tx).subtreeIds(userId, id);
          await filesRepository(tx).trash(userId, subtree, id, at);
          await eventsRepository(tx).record('TYPE_TRASH', [row], at);
        }
      });
    },

    async untrash(userId: string, ids: readonly string[]): Promise<void> {
      await db.transaction().execute(async (tx) => {
        for (const id of unique(ids)) {
          const row = await filesRepository(tx).find(userId, id);
          if (!row) throw fileNotFound();
          if (row.trash_root_id !== row.id) continue;
          // Back where it was, or to the root when that folder is gone or itself in the trash.
          const parent = row.parent_id === ROOT ? undefined : await filesRepository(tx).find(userId, row.parent_id);
          const parentId = parent && parent.trashed_at === null ? parent.id : ROOT;
          await filesRepository(tx).untrashUnder(userId, id);
          const name = await placeName(tx, userId, parentId, row.name, row.kind);
          await filesRepository(tx).update(userId, id, { trashed_at: null, trash_root_id: null, parent_id: parentId, name });
          await eventsRepository(tx).record('TYPE_UNTRASH', [{ ...row, name }], now());
        }
      });
    },

    /** Deletes for ever; the content no file refers to any more leaves the blob store too. */
    async deleteForever(userId: string, ids: readonly string[]): Promise<void> {
      const orphaned = await db.transaction().execute(async (tx) => {
        const doomed = new Map<string, FileRow>();
        const tops: FileRow[] = [];
        for (const id of unique(ids)) {
          const top = await filesRepository(tx).find(userId, id);
          if (!top) throw fileNotFound();
          tops.push(top);
          for (const row of await filesRepository(tx).findMany(userId, await filesRepository(tx).subtreeIds(userId, id, true))) doomed.set(row.id, row);
        }
        const rows = [...doomed.values()];
        if (rows.length === 0) return [];
        await eventsRepository(tx).record('TYPE_DELETE', tops, now());
        await filesRepository(tx).deleteMany(userId, [...doomed.keys()]);
        const bytes = rows.reduce((sum, r) => sum + (r.kind === 'drive#file' ? r.size : 0), 0);
        if (bytes > 0) await filesRepository(tx).addStorage(userId, -bytes);
        const hashes = [...new Set(rows.map((r) => r.hash).filter((h): h is string => !!h))];
        const orphaned: StoredBlob[] = [];
        for (const hash of hashes) {
          if (await filesRepository(tx).holdsContent(hash)) continue;
          orphaned.push(...(await blobsRepository(tx).delete(hash)));
        }
        return orphaned;
      });
      // After the commit: the rows that named these blobs are gone for good.
      for (const blob of orphaned) await deps.blobs?.remove(blob);
    },

    /** Empties the trash in batches, reporting progress (run as a task). */
    async emptyTrash(userId: string, report: (progress: number) => Promise<void>): Promise<void> {
      const total = await repo.trashCount(userId);
      let done = 0;
      for (;;) {
        const batch = await repo.trashEntries(userId, 100);
        if (batch.length === 0) return;
        await this.deleteForever(userId, batch);
        done += batch.length;
        await report(total === 0 ? 100 : (done / total) * 100);
      }
    },

    async star(userId: string, ids: readonly string[], starred: boolean): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const rows = await filesRepository(tx).findMany(userId, unique(ids));
        if (rows.length !== unique(ids).length) throw fileNotFound();
        await filesRepository(tx).setStarred(userId, unique(ids), starred ? now() : null);
      });
    },

    /** The recent list: what happened to which file, newest first, with the file as it is now. */
    async recent(userId: string, limit: number, pageToken: string | undefined) {
      const after = pageToken ? readPageToken(pageToken, eventPositionOf) : undefined;
      const events = await eventsRepository(db).recent(userId, limit + 1, after);
      const page = events.slice(0, limit);
      const files = await repo.findMany(userId, [...new Set(page.map((e) => e.file_id))]);
      const live = new Map(files.filter((f) => f.trashed_at === null).map((f) => [f.id, f]));
      const last = page.at(-1);
      return {
        events: page.map((event) => ({ event, file: live.get(event.file_id) })),
        nextPageToken: writePageToken(events.length > limit && last ? [last.created_at, last.id] : undefined),
      };
    },

    /** What is known of an audio or video content, once its media info task has run. */
    mediaOf: (hash: string) => mediaRepository(db).find(hash),

    /** Reads and keeps the media facts of a content (run as a task after an upload). */
    async learnMedia(hash: string, size: number): Promise<void> {
      if (!deps.blobs || (await this.mediaOf(hash))) return;
      const facts = await readMediaFacts(deps.blobs, hash, size);
      if (!facts) return;
      await mediaRepository(db).keep({ hash, duration: facts.duration, width: facts.width, height: facts.height, video_codec: facts.videoCodec, audio_codec: facts.audioCodec, created_at: now() });
    },

    async about(userId: string): Promise<About> {
      const [storage, inTrash] = await Promise.all([repo.storage(userId), repo.trashUsage(userId)]);
      return {
        kind: 'drive#about',
        quota: { kind: 'drive#quota', limit: String(storage.storage_limit), usage: String(storage.storage_used), usage_in_trash: String(inTrash), is_unlimited: false },
        quotas: { download: { limit: '-1', usage: String(storage.traffic_used) } },
      };
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;

/** A row for a new item: a complete folder, or a file whose bytes are still to come. */
export function newFileRow(item: { userId: string; parentId: string; kind: FileKind; name: string; at: number; size?: number; mimeType?: string }): FileRow {
  const isFolder = item.kind === 'drive#folder';
  return {
    id: newId(),
    user_id: item.userId,
    parent_id: item.parentId,
    kind: item.kind,
    name: item.name,
    file_extension: isFolder ? '' : fileExtension(item.name),
    size: item.size ?? 0,
    mime_type: item.mimeType ?? '',
    hash: null,
    phase: isFolder ? 'PHASE_TYPE_COMPLETE' : 'PHASE_TYPE_PENDING',
    created_at: item.at,
    modified_at: item.at,
    starred_at: null,
    trashed_at: null,
    trash_root_id: null,
    params: '{}',
  };
}

type Filters = { trashed?: boolean; kind?: FileKind; starred?: boolean; mimePrefix?: string; modifiedAfter?: number; modifiedBefore?: number };

/** API.md filters: a JSON object `{"field":{"op":value}}`. */
export function parseFilters(raw: string | undefined): Filters {
  if (!raw) return {};
  const bad = (field: string) => new ServiceError('invalid_request', `The filter on "${field}" is not understood.`, [{ field: 'filters', reason: field }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw bad('json');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw bad('json');
  const filters: Filters = {};
  for (const [field, condition] of Object.entries(parsed as Record<string, Record<string, unknown>>)) {
    if (typeof condition !== 'object' || condition === null) throw bad(field);
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

/** A listing's position: only in the listing it came from (the same fingerprint). */
function listCursorOf([print, kind, value, id]: unknown[], fingerprint: string): ListCursor | undefined {
  if (print !== fingerprint || typeof kind !== 'string' || (typeof value !== 'string' && typeof value !== 'number') || typeof id !== 'string') return undefined;
  return { kind, value, id };
}

function eventPositionOf([at, id]: unknown[]): { at: number; id: string } | undefined {
  return Number.isSafeInteger(at) && typeof id === 'string' ? { at: at as number, id } : undefined;
}

function assertName(name: string) {
  const problem = nameProblem(name);
  if (!problem) return;
  if (problem === 'empty') throw new ServiceError('file_name_empty', 'Enter a name.');
  throw new ServiceError('invalid_request', NAME_PROBLEM_TEXT[problem], [{ field: 'name', reason: problem }]);
}

const NAME_PROBLEM_TEXT = {
  dot: 'A name cannot be "." or "..".',
  slash: 'A name cannot contain "/".',
  control: 'A name cannot contain control characters such as line breaks.',
  too_long: 'A name can be at most 255 bytes long.',
} as const;

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

function sortParentsFirst(rows: FileRow[], topId: string): FileRow[] {
  const byParent = new Map<string, FileRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parent_id);
    if (siblings) siblings.push(row);
    else byParent.set(row.parent_id, [row]);
  }
  // Breadth first, the list itself serving as the queue (no shift(): trees have 10,000s of rows).
  const ordered = rows.filter((r) => r.id === topId);
  for (let next = 0; next < ordered.length; next++) {
    for (const child of byParent.get(ordered[next]!.id) ?? []) ordered.push(child);
  }
  return ordered;
}

function fileNotFound() {
  return new ServiceError('file_not_found', 'This file does not exist or has been deleted.');
}

function spaceNotEnough() {
  return new ServiceError('file_space_not_enough', 'There is not enough storage space left. Free some space or get more storage.');
}
