// Storage is counted by the database's own rules: a user's used bytes and the bytes their unfinished
// uploads reserve can never go below zero, and uploads reserve their declared length when they are
// created, so many uploads begun at once cannot together pass the limit that each passed alone.
// Usage is counted afresh from the finished files, which mends any count a past defect left wrong
// (deleting an upload that was never sent gave its declared size back, down to below zero).
// The instant-upload proof a pending upload was offered is a row of its own, taken (deleted) by the
// one attempt that answers it.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const storageReservations: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('user').dropColumn('storage_used').execute();
    await db.schema
      .alterTable('user')
      .addColumn('storage_used', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`storage_used >= 0`))
      .execute();
    await db.schema
      .alterTable('user')
      .addColumn('storage_reserved', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`storage_reserved >= 0`))
      .execute();
    const bytesOf = (phase: string) =>
      sql`(select coalesce(sum(f.size), 0) from file f where f.user_id = ${sql.ref('user.id')} and f.kind = 'drive#file' and f.phase = ${phase})`;
    await db
      .updateTable('user')
      .set({ storage_used: bytesOf('PHASE_TYPE_COMPLETE'), storage_reserved: bytesOf('PHASE_TYPE_PENDING') })
      .execute();
    await db.schema
      .createTable('upload_proof')
      .addColumn('file_id', 'text', (c) => c.primaryKey().references('file.id').onDelete('cascade'))
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('offset', 'bigint', (c) => c.notNull())
      .addColumn('length', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('upload_proof').execute();
    await db.schema.alterTable('user').dropColumn('storage_reserved').execute();
  },
};
