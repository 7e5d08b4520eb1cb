// Uploads under way into the local blob store keep what tus needs of them (the declared length,
// the metadata, when they began) here rather than in an info file beside their bytes: creating an
// upload then touches no disk at all, and its bytes' file is made by its first PATCH. How far an
// upload got is still read from the file, which a server killed mid-PATCH leaves as it was.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const localUploads: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('local_upload')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('local_upload').execute();
  },
};
