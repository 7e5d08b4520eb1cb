// The trash: items go in with everything under them and come back where they were; deleting for
// ever frees the quota (what a finished file used, what an unfinished upload held) and, once no
// file points at a content, the blob.

import { blobsRepository } from '../../db/repositories/blobs.ts';
import { eventsRepository } from '../../db/repositories/events.ts';
import { type FileRow, filesRepository } from '../../db/repositories/files.ts';
import { dropStreams } from '../../media/streaming.ts';
import type { StoredBlob } from '../../storage/blob-store.ts';
import { dropThumbnails } from '../../storage/thumbnails.ts';
import { type FilesContext, fileNotFound, placeName, ROOT, unique } from './placement.ts';

export function trash({ db, blobs, uploads, now }: FilesContext) {
  const repo = filesRepository(db);

  /** Deletes for ever; the content no file refers to any more leaves the blob store too. */
  async function deleteForever(userId: string, ids: readonly string[]): Promise<void> {
    const { orphaned, unfinished } = await db.transaction().execute(async (tx) => {
      const doomed = new Map<string, FileRow>();
      const tops: FileRow[] = [];
      for (const id of unique(ids)) {
        const top = await filesRepository(tx).find(userId, id);
        if (!top) throw fileNotFound();
        tops.push(top);
        // A file has nothing under it: the walk down the tree is for folders.
        const rows = top.kind === 'drive#folder' ? await filesRepository(tx).findMany(userId, await filesRepository(tx).subtreeIds(userId, id, true)) : [top];
        for (const row of rows) doomed.set(row.id, row);
      }
      const rows = [...doomed.values()];
      if (rows.length === 0) return { orphaned: [], unfinished: [] };
      await eventsRepository(tx).record('TYPE_DELETE', tops, now());
      await filesRepository(tx).deleteMany(userId, [...doomed.keys()]);
      // A finished file gives back the bytes it used; an unfinished upload only what it held reserved.
      const bytesOf = (phase: FileRow['phase']) => rows.reduce((sum, r) => sum + (r.kind === 'drive#file' && r.phase === phase ? r.size : 0), 0);
      const used = bytesOf('PHASE_TYPE_COMPLETE');
      const reserved = bytesOf('PHASE_TYPE_PENDING');
      if (used > 0) await filesRepository(tx).releaseStorage(userId, used);
      if (reserved > 0) await filesRepository(tx).releaseReservation(userId, reserved);
      const hashes = [...new Set(rows.map((r) => r.hash).filter((h): h is string => !!h))];
      const orphaned: StoredBlob[] = [];
      for (const hash of hashes) {
        if (await filesRepository(tx).holdsContent(hash)) continue;
        orphaned.push(...(await blobsRepository(tx).delete(hash)));
      }
      return { orphaned, unfinished: rows.filter((r) => r.phase === 'PHASE_TYPE_PENDING').map((r) => r.id) };
    });
    // After the commit: the rows that named these blobs are gone for good, and an unfinished
    // upload's bytes go with its file, which no longer holds room for them.
    for (const blob of orphaned) {
      await blobs?.remove(blob);
      // Thumbnails and streams are kept only as long as their content.
      if (blobs) await dropThumbnails(blobs.derivedDir, blob.hash);
      if (blobs) await dropStreams(blobs.derivedDir, blob.hash);
    }
    for (const id of unfinished) {
      uploads?.forget(id);
      await uploads?.remove(id).catch(() => {});
    }
  }

  return {
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

    deleteForever,

    /** Empties the trash in batches, reporting progress (run as a task). */
    async emptyTrash(userId: string, report: (progress: number) => Promise<void>): Promise<void> {
      const total = await repo.trashCount(userId);
      let done = 0;
      for (;;) {
        const batch = await repo.trashEntries(userId, 100);
        if (batch.length === 0) return;
        await deleteForever(userId, batch);
        done += batch.length;
        await report(total === 0 ? 100 : (done / total) * 100);
      }
    },
  };
}
