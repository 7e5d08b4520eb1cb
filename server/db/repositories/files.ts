// Queries for files and folders. Every query is scoped to one user: a file id alone never reaches
// a row, so another person's id answers like an id that does not exist (the one exception, the
// file a signed link names, says so).
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, FileTable } from '../schema.ts';

export type FileRow = Selectable<FileTable>;

/** How many levels a walk up the folder tree follows at most. */
const ANCESTRY_MAX_DEPTH = 1000;
type Db = Kysely<Database> | Transaction<Database>;

export const SORT_COLUMNS = { name: 'name', modified_time: 'modified_at', size: 'size', type: 'file_extension' } as const;
export type SortColumn = (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS];

/** Where a listing resumes: the last row's kind, sort value and id (keyset paging). */
export type ListCursor = { kind: string; value: string | number; id: string };

export type ListQuery = {
  userId: string;
  /** undefined: across all folders (API.md `parent_id=*`). */
  parentId: string | undefined;
  trashed: boolean;
  column: SortColumn;
  direction: 'asc' | 'desc';
  foldersFirst: boolean;
  limit: number;
  after?: ListCursor;
  kind?: string;
  starred?: boolean;
  mimePrefix?: string;
  modifiedAfter?: number;
  modifiedBefore?: number;
  nameContains?: string;
};

export function filesRepository(db: Db) {
  return {
    find: (userId: string, id: string) => db.selectFrom('file').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),
    findMany: (userId: string, ids: readonly string[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.selectFrom('file').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute(),

    /** Names used by live items of a folder that start like `name`: enough to pick a free one. */
    async takenNames(userId: string, parentId: string, stem: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('file')
        .select('name')
        .where('user_id', '=', userId)
        .where('parent_id', '=', parentId)
        .where('trashed_at', 'is', null)
        .where(sql<boolean>`substr(name, 1, ${stem.length}) = ${stem}`)
        .execute();
      return new Set(rows.map((r) => r.name));
    },

    insert: (
      row: Omit<FileRow, 'file_extension' | 'size' | 'mime_type' | 'params'> & Partial<Pick<FileRow, 'file_extension' | 'size' | 'mime_type' | 'params'>>,
    ) => db.insertInto('file').values(row).execute(),

    update: (userId: string, id: string, changes: Partial<Omit<FileRow, 'id' | 'user_id'>>) =>
      db.updateTable('file').set(changes).where('user_id', '=', userId).where('id', '=', id).execute(),

    /**
     * The ids of a folder and everything under it, at any depth. With `keepOtherTrash`, an item
     * trashed on its own (it has its own entry in the trash) and what is under it are left out.
     */
    async subtreeIds(userId: string, rootId: string, keepOtherTrash = false): Promise<string[]> {
      const rows = await db
        .withRecursive('tree(id)', (q) =>
          q
            .selectFrom('file')
            .select('id')
            .where('user_id', '=', userId)
            .where('id', '=', rootId)
            .unionAll((u) => {
              // CROSS JOIN keeps SQLite walking from each folder reached to its children (see subtreeRows).
              const children = u
                .selectFrom('tree')
                .crossJoin('file')
                .whereRef('file.parent_id', '=', 'tree.id')
                .select('file.id')
                .where('file.user_id', '=', userId);
              return keepOtherTrash
                ? children.where((eb) => eb.or([eb('file.trash_root_id', 'is', null), eb('file.trash_root_id', '!=', eb.ref('file.id'))]))
                : children;
            }),
        )
        .selectFrom('tree')
        .select('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Every row of the trees under `rootIds` (each item and everything under it), read in one
     * recursive query; a row in two of them (one tree inside another) comes once. One tree needs no
     * such check: its rows are gathered as they are found (UNION ALL), without a set of those seen.
     */
    subtreeRows: (userId: string, rootIds: readonly string[]): Promise<FileRow[]> => {
      if (rootIds.length === 0) return Promise.resolve([]);
      const gather = rootIds.length === 1 ? 'unionAll' : 'union';
      return db
        .withRecursive('tree(id)', (q) =>
          q
            .selectFrom('file')
            .select('id')
            .where('user_id', '=', userId)
            .where('id', 'in', rootIds)
            // From each folder reached to its children, one index lookup per folder: SQLite does not
            // reorder a CROSS JOIN, and without it plans a scan of the user's files per level.
            [gather]((u) =>
              u.selectFrom('tree').crossJoin('file').whereRef('file.parent_id', '=', 'tree.id').select('file.id').where('file.user_id', '=', userId),
            ),
        )
        .selectFrom('tree')
        .innerJoin('file', 'file.id', 'tree.id')
        .selectAll('file')
        .execute();
    },

    /**
     * The folders from the root down to `id` (included), following parent links: one recursive
     * query, however deep the folder lies (up to 1,000 levels, as deep as a walk is followed).
     */
    ancestry: (userId: string, id: string): Promise<FileRow[]> =>
      db
        .withRecursive('up(id, parent_id, depth)', (q) =>
          q
            .selectFrom('file')
            .select(['id', 'parent_id', sql<number>`0`.as('depth')])
            .where('user_id', '=', userId)
            .where('id', '=', id)
            // CROSS JOIN keeps SQLite going from each row reached to its parent by the primary key.
            .unionAll((u) =>
              u
                .selectFrom('up')
                .crossJoin('file')
                .whereRef('file.id', '=', 'up.parent_id')
                .where('file.user_id', '=', userId)
                .where('up.depth', '<', ANCESTRY_MAX_DEPTH - 1)
                .select(['file.id', 'file.parent_id', sql<number>`up.depth + 1`.as('depth')]),
            ),
        )
        .selectFrom('up')
        .innerJoin('file', 'file.id', 'up.id')
        .selectAll('file')
        .orderBy('up.depth', 'desc')
        .execute(),

    /**
     * These files and the folders above them, each walked up until one of `tops` (included) or the
     * root, in one recursive query: every row is read once however many of the files share a
     * folder (UNION drops a row met again), so asking for the same file twice costs nothing more.
     * What tells whether files lie inside a share, whose items are the tops.
     */
    chainsUpTo: (userId: string, ids: readonly string[], tops: readonly string[]): Promise<FileRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .withRecursive('up(id, parent_id)', (q) =>
              q
                .selectFrom('file')
                .select(['id', 'parent_id'])
                .where('user_id', '=', userId)
                .where('id', 'in', ids)
                .union((u) => {
                  const parents = u.selectFrom('up').crossJoin('file').whereRef('file.id', '=', 'up.parent_id').where('file.user_id', '=', userId);
                  return (tops.length === 0 ? parents : parents.where('up.id', 'not in', tops)).select(['file.id', 'file.parent_id']);
                }),
            )
            .selectFrom('up')
            .innerJoin('file', 'file.id', 'up.id')
            .selectAll('file')
            .execute(),

    /**
     * How many items the trees under these roots hold together (each root and everything under
     * it, a tree inside another counted with each), in one recursive query.
     */
    async subtreeCount(userId: string, rootIds: readonly string[]): Promise<number> {
      if (rootIds.length === 0) return 0;
      const row = await db
        .withRecursive('tree(root, id)', (q) =>
          q
            .selectFrom('file')
            .select(['id as root', 'id'])
            .where('user_id', '=', userId)
            .where('id', 'in', rootIds)
            .unionAll((u) =>
              u
                .selectFrom('tree')
                .crossJoin('file')
                .whereRef('file.parent_id', '=', 'tree.id')
                .select(['tree.root', 'file.id'])
                .where('file.user_id', '=', userId),
            ),
        )
        .selectFrom('tree')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * One page of a listing. With folders first, the folders and then the files are each read as
     * one index range `(sort value, id) beyond the cursor`: a row-value comparison both engines
     * answer from the index, so a page deep in a big folder costs what the first page costs.
     */
    async list(query: ListQuery): Promise<FileRow[]> {
      const column = query.column;
      const cmp = query.direction === 'asc' ? '>' : '<';
      let base = db.selectFrom('file').selectAll().where('user_id', '=', query.userId);
      if (query.parentId !== undefined) base = base.where('parent_id', '=', query.parentId);
      base = query.trashed ? base.where('trashed_at', 'is not', null).whereRef('trash_root_id', '=', 'id') : base.where('trashed_at', 'is', null);
      if (query.kind) base = base.where('kind', '=', query.kind as FileRow['kind']);
      if (query.starred !== undefined) base = base.where('starred_at', query.starred ? 'is not' : 'is', null);
      if (query.mimePrefix) base = base.where(sql<boolean>`substr(mime_type, 1, ${query.mimePrefix.length}) = ${query.mimePrefix}`);
      if (query.modifiedAfter !== undefined) base = base.where('modified_at', '>', query.modifiedAfter);
      if (query.modifiedBefore !== undefined) base = base.where('modified_at', '<', query.modifiedBefore);
      if (query.nameContains) base = base.where(sql<boolean>`lower(name) like ${`%${escapeLike(query.nameContains.toLowerCase())}%`} escape '\\'`);

      const range = (kind: FileRow['kind'] | undefined, after: ListCursor | undefined, limit: number) => {
        let q = kind ? base.where('kind', '=', kind) : base;
        if (after) q = q.where((eb) => eb(eb.refTuple(column, 'id'), cmp, eb.tuple(after.value as never, after.id)));
        return q.orderBy(column, query.direction).orderBy('id', query.direction).limit(limit).execute();
      };
      if (!query.foldersFirst) return range(undefined, query.after, query.limit);
      const rows: FileRow[] = [];
      const after = query.after;
      if (!after || after.kind === 'drive#folder') rows.push(...(await range('drive#folder', after, query.limit)));
      if (rows.length < query.limit) rows.push(...(await range('drive#file', after?.kind === 'drive#file' ? after : undefined, query.limit - rows.length)));
      return rows;
    },

    /** Inserts many rows, one statement per 500, within the parameter limits of both engines. */
    async insertMany(rows: readonly FileRow[]) {
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('file')
          .values(rows.slice(i, i + 500))
          .execute();
    },

    /** A live folder of this name at the root. */
    folderAtRoot: (userId: string, name: string) =>
      db
        .selectFrom('file')
        .selectAll()
        .where('user_id', '=', userId)
        .where('parent_id', '=', '')
        .where('name', '=', name)
        .where('kind', '=', 'drive#folder')
        .where('trashed_at', 'is', null)
        .executeTakeFirst(),

    /** Puts these items (a tree's ids, not yet in the trash) in the trash under `trashRootId`. */
    trash: (userId: string, ids: readonly string[], trashRootId: string, at: number) =>
      db
        .updateTable('file')
        .set({ trashed_at: at, trash_root_id: trashRootId })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .where('trashed_at', 'is', null)
        .execute(),

    /** Takes what went into the trash with `trashRootId` back out, the root itself aside. */
    untrashUnder: (userId: string, trashRootId: string) =>
      db
        .updateTable('file')
        .set({ trashed_at: null, trash_root_id: null })
        .where('user_id', '=', userId)
        .where('trash_root_id', '=', trashRootId)
        .where('id', '!=', trashRootId)
        .execute(),

    /** A file being uploaded, by its id alone: the upload's id is its own permission (tus). */
    findPending: (id: string) => db.selectFrom('file').selectAll().where('id', '=', id).where('phase', '=', 'PHASE_TYPE_PENDING').executeTakeFirst(),

    /**
     * Removes a pending file (a cancelled, failed or expired upload); a complete one stays. Answers
     * its owner and declared size when this call removed it, so that exactly one caller gives its
     * reservation back. Read, then deleted, as blobsRepository.delete does, rather than `returning`.
     */
    async deletePending(id: string): Promise<{ user_id: string; size: number } | undefined> {
      const row = await db.selectFrom('file').select(['user_id', 'size']).where('id', '=', id).where('phase', '=', 'PHASE_TYPE_PENDING').executeTakeFirst();
      if (!row) return undefined;
      const { numDeletedRows } = await db.deleteFrom('file').where('id', '=', id).where('phase', '=', 'PHASE_TYPE_PENDING').executeTakeFirst();
      return numDeletedRows > 0n ? { user_id: row.user_id, size: Number(row.size) } : undefined;
    },

    /** Makes a pending file complete with `changes`; false when it was no longer pending (another request finished it). */
    async completePending(userId: string, id: string, changes: Partial<FileRow>): Promise<boolean> {
      const result = await db
        .updateTable('file')
        .set(changes)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('phase', '=', 'PHASE_TYPE_PENDING')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Pending files created before `before`: uploads past their expiry. */
    stalePending: async (before: number) =>
      (await db.selectFrom('file').select('id').where('phase', '=', 'PHASE_TYPE_PENDING').where('created_at', '<', before).execute()).map((r) => r.id),

    /** Some of the user's items, any of them: an account's drive is deleted batch by batch. */
    someIds: async (userId: string, limit: number) =>
      (await db.selectFrom('file').select('id').where('user_id', '=', userId).limit(limit).execute()).map((row) => row.id),

    deleteMany: (userId: string, ids: readonly string[]) => db.deleteFrom('file').where('user_id', '=', userId).where('id', 'in', ids).execute(),

    /** Whether any file, anyone's, still points at this content. */
    holdsContent: async (hash: string) => !!(await db.selectFrom('file').select('id').where('hash', '=', hash).limit(1).executeTakeFirst()),

    /** How many entries the user's trash has (items trashed on their own). */
    trashCount: async (userId: string) =>
      Number(
        (
          await db
            .selectFrom('file')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('trashed_at', 'is not', null)
            .whereRef('trash_root_id', '=', 'id')
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** The ids of up to `limit` entries of the user's trash. */
    trashEntries: async (userId: string, limit: number) =>
      (
        await db
          .selectFrom('file')
          .select('id')
          .where('user_id', '=', userId)
          .where('trashed_at', 'is not', null)
          .whereRef('trash_root_id', '=', 'id')
          .limit(limit)
          .execute()
      ).map((r) => r.id),

    setStarred: (userId: string, ids: readonly string[], starredAt: number | null) =>
      db.updateTable('file').set({ starred_at: starredAt }).where('user_id', '=', userId).where('id', 'in', ids).execute(),

    /**
     * Counts `bytes` more in a user's storage if what they use and hold reserved stays within
     * `limit`, turning `reserved` bytes of their reservations into use (a finished upload): false
     * when it would not fit. One statement, so two requests at once cannot both pass the limit.
     */
    async chargeStorage(userId: string, bytes: number, limit: number, reserved = 0): Promise<boolean> {
      const result = await db
        .updateTable('user')
        .set((eb) => ({ storage_used: eb('storage_used', '+', bytes), storage_reserved: eb('storage_reserved', '-', reserved) }))
        .where('id', '=', userId)
        .where((eb) => eb(eb(eb('storage_used', '+', eb('storage_reserved', '-', reserved)), '+', bytes), '<=', limit))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Holds `bytes` for an upload if what the user uses and holds stays within `limit`: false when it would not. */
    async reserveStorage(userId: string, bytes: number, limit: number): Promise<boolean> {
      const result = await db
        .updateTable('user')
        .set((eb) => ({ storage_reserved: eb('storage_reserved', '+', bytes) }))
        .where('id', '=', userId)
        .where((eb) => eb(eb(eb('storage_used', '+', eb.ref('storage_reserved')), '+', bytes), '<=', limit))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives back what an upload that ended without finishing held. */
    releaseReservation: (userId: string, bytes: number) =>
      db
        .updateTable('user')
        .set((eb) => ({ storage_reserved: eb('storage_reserved', '-', bytes) }))
        .where('id', '=', userId)
        .execute(),

    /** Counts `bytes` less in a user's storage (finished files deleted for good). */
    releaseStorage: (userId: string, bytes: number) =>
      db
        .updateTable('user')
        .set((eb) => ({ storage_used: eb('storage_used', '-', bytes) }))
        .where('id', '=', userId)
        .execute(),

    /**
     * A file named by a signed link, whoever owns it: the link's signature is the permission, so
     * this is the one look-up not scoped to a user.
     */
    linked: (id: string) => db.selectFrom('file').select(['name', 'hash', 'size', 'mime_type', 'phase', 'trashed_at']).where('id', '=', id).executeTakeFirst(),

    /** Bytes of every finished file the user holds, trash included, and the bytes their unfinished uploads hold. */
    async storage(userId: string): Promise<{ used: number; reserved: number }> {
      const row = await db.selectFrom('user').select(['storage_used', 'storage_reserved']).where('id', '=', userId).executeTakeFirstOrThrow();
      return { used: Number(row.storage_used), reserved: Number(row.storage_reserved) };
    },
    trashUsage: (userId: string) =>
      db
        .selectFrom('file')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('bytes'))
        .where('user_id', '=', userId)
        .where('trashed_at', 'is not', null)
        .where('kind', '=', 'drive#file')
        .where('phase', '=', 'PHASE_TYPE_COMPLETE')
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.bytes)),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
