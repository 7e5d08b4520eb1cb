// Queries for uploads under way into the local blob store: what tus knows of each upload but its
// bytes, which are a file of their own (storage/upload-store.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Database, LocalUploadTable } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function localUploadsRepository(db: Db) {
  return {
    insert: (row: LocalUploadTable) => db.insertInto('local_upload').values(row).execute(),
    find: (id: string) => db.selectFrom('local_upload').selectAll().where('id', '=', id).executeTakeFirst(),
    delete: (id: string) => db.deleteFrom('local_upload').where('id', '=', id).execute(),
    /** Which of these ids are uploads under way. */
    existingIds: async (ids: readonly string[]) =>
      ids.length === 0 ? [] : (await db.selectFrom('local_upload').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
    /** Uploads created before `before`, finished or not (a finished one is gone from here). */
    createdBefore: async (before: number) => (await db.selectFrom('local_upload').select('id').where('created_at', '<', before).execute()).map((r) => r.id),
  };
}
