// Queries for stored contents: one row per SHA-256, with the object key when an object store
// holds it. Files point at these rows; a content leaves when no file points at it any more.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BlobTable, Database } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type BlobRow = Selectable<BlobTable>;

export function blobsRepository(db: Db) {
  return {
    /** Records a content; when it is already recorded, the first row stays. */
    keep: (row: BlobRow) =>
      db
        .insertInto('blob')
        .values(row)
        .onConflict((c) => c.column('hash').doNothing())
        .execute(),

    /** The object key of a content, undefined when no row names it (null: a local blob). */
    storageKey: async (hash: string) => (await db.selectFrom('blob').select('storage_key').where('hash', '=', hash).executeTakeFirst())?.storage_key,

    /** The stored content's size in bytes, undefined when no row names it. */
    size: async (hash: string) => {
      const row = await db.selectFrom('blob').select('size').where('hash', '=', hash).executeTakeFirst();
      return row ? Number(row.size) : undefined;
    },

    /** Which of these contents are stored. */
    recordedAmong: async (hashes: readonly string[]) =>
      hashes.length === 0 ? [] : (await db.selectFrom('blob').select('hash').where('hash', 'in', hashes).execute()).map((row) => row.hash),

    isRecorded: async (hash: string) => !!(await db.selectFrom('blob').select('hash').where('hash', '=', hash).executeTakeFirst()),

    /**
     * Deletes the content's row; answers it as it was when this call deleted it, none otherwise.
     * Read, then deleted, rather than `returning`: SQLite keeps a returned row in a temporary table
     * of its own for every delete, and this runs for every file deleted for good. The row is answered
     * only when this delete removed it: on PostgreSQL another transaction may delete it between the
     * two, and only one of them may then remove the content's bytes.
     */
    async delete(hash: string) {
      const rows = await db.selectFrom('blob').select(['hash', 'storage_key']).where('hash', '=', hash).execute();
      if (rows.length === 0) return rows;
      const { numDeletedRows } = await db.deleteFrom('blob').where('hash', '=', hash).executeTakeFirst();
      return numDeletedRows > 0n ? rows : [];
    },

    /** Deletes the row of a content that no file points at. */
    deleteIfUnused: (hash: string) =>
      db
        .deleteFrom('blob')
        .where('hash', '=', hash)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('file').select('id').where('hash', '=', hash))))
        .execute(),
  };
}
