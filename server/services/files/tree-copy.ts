// Copying whole trees: inside one's drive, or from another person's (saving a share). Copies point
// at the same blobs; big trees are checked at once and copied by a task.
import type { Kysely } from 'kysely';
import { eventsRepository } from '../../db/repositories/events.ts';
import { type FileRow, filesRepository } from '../../db/repositories/files.ts';
import { moderationRepository } from '../../db/repositories/moderation.ts';
import type { Database } from '../../db/schema.ts';
import { ServiceError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { assertRoomFor, chargeStorage, type FilesContext, liveItem, placeName, ROOT, targetFolder, unique } from './placement.ts';

/** Trees up to this many items are copied (or saved from a share) at once; bigger ones run as a task. */
export const TREE_COPY_INLINE_MAX_ITEMS = 1000;

/** What a copy task is asked to do (its params). */
export type CopyRequest = { ids: string[]; parentId: string };

export function treeCopy({ db, standing, now }: FilesContext) {
  /**
   * The rows of a tree that a copy takes, parents before children: live, finished ones; what hangs
   * under a trashed folder is not reached, so not copied.
   */
  async function copiedRows(tx: Kysely<Database>, userId: string, topId: string): Promise<FileRow[]> {
    const live = (await filesRepository(tx).subtreeRows(userId, [topId])).filter((r) => r.trashed_at === null && r.phase === 'PHASE_TYPE_COMPLETE');
    return sortParentsFirst(live, topId);
  }

  async function copyTrees(
    tx: Kysely<Database>,
    fromUserId: string,
    to: { userId: string; parentId: string },
    tops: readonly FileRow[],
    params?: Record<string, string>,
  ): Promise<FileRow[]> {
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
    await chargeStorage(tx, standing, to.userId, bytes, at);
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

  return {
    /**
     * Copies items with their whole trees into a folder. Trees of up to TREE_COPY_INLINE_MAX_ITEMS
     * items are copied at once; with `runAsTask`, bigger ones are checked here (so a mistake or a
     * full drive is answered at once) and then copied by a task, which copies them inline again.
     */
    async copy(
      userId: string,
      ids: readonly string[],
      parentId: string,
      runAsTask?: (items: number) => Promise<string>,
    ): Promise<{ copies: FileRow[]; taskId: string }> {
      if (runAsTask) {
        const { tops, items, bytes } = await db.transaction().execute(async (tx) => {
          const tops = await copyableTops(tx, userId, ids, parentId);
          return { tops, ...(await treeSize(tx, userId, tops)) };
        });
        if (items > TREE_COPY_INLINE_MAX_ITEMS && tops.length > 0) {
          await assertRoomFor(db, standing, userId, bytes, now());
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
    async copyTrees(
      tx: Kysely<Database>,
      fromUserId: string,
      to: { userId: string; parentId: string },
      tops: readonly FileRow[],
      params?: Record<string, string>,
    ) {
      return copyTrees(tx, fromUserId, to, tops, params);
    },
  };
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
