// Queries for uploads into an object store under way: the multipart upload behind each tus
// upload, its parts and its hash state, so any server copy can take the next chunk.
import type { Kysely, Transaction } from 'kysely';
import type { Database, ObjectUploadTable } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Progress = Pick<ObjectUploadTable, 'offset' | 'parts' | 'held_bytes' | 'hash_state'>;

export function objectUploadsRepository(db: Db) {
  return {
    insert: (row: ObjectUploadTable) => db.insertInto('object_upload').values(row).execute(),
    find: (id: string) => db.selectFrom('object_upload').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Records how far an upload got; written only once its bytes are safe in the store. */
    saveProgress: (id: string, progress: Progress) => db.updateTable('object_upload').set(progress).where('id', '=', id).execute(),
    delete: (id: string) => db.deleteFrom('object_upload').where('id', '=', id).execute(),
    /** Unfinished uploads created before `before`. */
    unfinishedBefore: async (before: number) =>
      (
        await db
          .selectFrom('object_upload')
          .select('id')
          .where('created_at', '<', before)
          .where((eb) => eb('offset', '<', eb.ref('size')))
          .execute()
      ).map((r) => r.id),
  };
}
