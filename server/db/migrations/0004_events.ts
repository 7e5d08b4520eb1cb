// What happened to which file, newest first: the recent list (API.md GET /events).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const events: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('event')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      // Kept even after the file is gone, so the list can still say what it was.
      .addColumn('file_id', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('event_recent').on('event').columns(['user_id', 'created_at', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('event').execute();
  },
};
