// Queries for share links and their items. No rules here: the shares and restore services decide
// what a share's status is; this file only reads and writes rows.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ShareTable } from '../schema.ts';
import type { FileRow } from './files.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ShareRow = Selectable<ShareTable>;

/** How many of one's shares the owner's list shows. */
const OWNER_LIST_MAX = 500;

export function sharesRepository(db: Db) {
  return {
    find: (id: string) => db.selectFrom('share').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The share with its owner's account status, in one query: what a visit checks first. */
    findWithOwner: (id: string) =>
      db
        .selectFrom('share')
        .innerJoin('user', 'user.id', 'share.user_id')
        .selectAll('share')
        .select(['user.status as owner_status', 'user.name as owner_name', 'user.picture as owner_picture'])
        .where('share.id', '=', id)
        .executeTakeFirst(),

    /** The shared items' file ids, in the order they were shared. */
    itemIds: async (shareId: string) =>
      (await db.selectFrom('share_item').select('file_id').where('share_id', '=', shareId).orderBy('position').execute()).map((r) => r.file_id),

    /**
     * The shared items still in the sharer's drive (complete, not in the trash), in the order they
     * were shared: one walk of the items' index with a lookup of each file, what a visit reads.
     */
    liveItems: (share: Pick<ShareRow, 'id' | 'user_id'>): Promise<FileRow[]> =>
      db
        .selectFrom('share_item')
        .innerJoin('file', 'file.id', 'share_item.file_id')
        .selectAll('file')
        .where('share_item.share_id', '=', share.id)
        .where('file.user_id', '=', share.user_id)
        .where('file.trashed_at', 'is', null)
        .where('file.phase', '=', 'PHASE_TYPE_COMPLETE')
        .orderBy('share_item.position')
        .execute(),

    /** A new share and its items; call inside a transaction so both land or neither. */
    async insert(share: Insertable<ShareTable>, fileIds: readonly string[]) {
      await db.insertInto('share').values(share).execute();
      if (fileIds.length === 0) return;
      await db
        .insertInto('share_item')
        .values(fileIds.map((fileId, position) => ({ share_id: share.id, file_id: fileId, position })))
        .execute();
    },

    /** The owner's shares that were not cancelled, newest first. */
    listOf: (userId: string) =>
      db
        .selectFrom('share')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '!=', 'DELETED')
        .orderBy('created_at', 'desc')
        .limit(OWNER_LIST_MAX)
        .execute(),

    /** Which of these ids are shares of this user (cancelled ones included). */
    ownedOf: async (userId: string, ids: readonly string[]) =>
      (await db.selectFrom('share').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute()).map((row) => row.id),

    /** Cancels every share of the user (the account is going). */
    cancelAllOf: (userId: string) => db.updateTable('share').set({ status: 'DELETED' }).where('user_id', '=', userId).execute(),

    cancel: (userId: string, ids: readonly string[]) =>
      db.updateTable('share').set({ status: 'DELETED' }).where('user_id', '=', userId).where('id', 'in', ids).execute(),

    /** The share takes no passcodes from `at` until `until` (too many wrong ones were tried). */
    stopPassCodes: (id: string, at: number, until: number) =>
      db.updateTable('share').set({ pass_code_locked_at: at, pass_code_locked_until: until }).where('id', '=', id).execute(),

    addViews: (id: string, views: number) =>
      db
        .updateTable('share')
        .set((eb) => ({ view_count: eb('view_count', '+', views) }))
        .where('id', '=', id)
        .execute(),

    /** Counts one save; answers false when the share is no longer open or its restore limit is reached. */
    async countRestore(id: string): Promise<boolean> {
      // One conditional update: concurrent saves cannot pass the limit.
      const counted = await db
        .updateTable('share')
        .set((eb) => ({ restore_count: eb('restore_count', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'OK')
        .where((eb) => eb.or([eb('restore_limit', 'is', null), eb('restore_count', '<', eb.ref('restore_limit'))]))
        .executeTakeFirst();
      return Number(counted.numUpdatedRows) === 1;
    },
  };
}
