// Changing the drive's folders and items in place: new folders, renames, moves and stars, each one
// transaction that records its event.

import type { Kysely } from 'kysely';
import { fileExtension } from '#shared/files/classify.ts';
import { eventsRepository } from '../../db/repositories/events.ts';
import { type FileRow, filesRepository } from '../../db/repositories/files.ts';
import { moderationRepository } from '../../db/repositories/moderation.ts';
import type { Database } from '../../db/schema.ts';
import { ServiceError } from '../../errors.ts';
import { assertName, type FilesContext, fileNotFound, liveItem, newFileRow, placeName, ROOT, targetFolder, unique } from './placement.ts';

export function folders({ db, now }: FilesContext) {
  return {
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
          await moderationRepository(tx).flagArrivals(row.kind === 'drive#folder' ? await filesRepository(tx).subtreeRows(userId, [id]) : [row]);
        }
      });
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

    async star(userId: string, ids: readonly string[], starred: boolean): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const rows = await filesRepository(tx).findMany(userId, unique(ids));
        if (rows.length !== unique(ids).length) throw fileNotFound();
        await filesRepository(tx).setStarred(userId, unique(ids), starred ? now() : null);
      });
    },
  };
}
