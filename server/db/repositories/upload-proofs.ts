// Queries for instant-upload proofs: the range of stored content a pending upload was asked to
// hash, kept until one attempt takes it.
import type { Kysely, Transaction } from 'kysely';
import type { Database, UploadProofTable } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function uploadProofsRepository(db: Db) {
  return {
    offer: (row: UploadProofTable) => db.insertInto('upload_proof').values(row).execute(),

    /**
     * Takes the upload's offer away and answers it, to one caller only: of requests at once, the one
     * whose delete removed the row gets it, the others nothing.
     */
    async take(fileId: string): Promise<UploadProofTable | undefined> {
      const row = await db.selectFrom('upload_proof').selectAll().where('file_id', '=', fileId).executeTakeFirst();
      if (!row) return undefined;
      const { numDeletedRows } = await db.deleteFrom('upload_proof').where('file_id', '=', fileId).executeTakeFirst();
      return numDeletedRows > 0n ? { ...row, offset: Number(row.offset), length: Number(row.length) } : undefined;
    },
  };
}
