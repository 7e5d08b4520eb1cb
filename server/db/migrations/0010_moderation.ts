// Moderation: content taken down by its hash, and a record of every moderation action (the
// transparency report is built from it).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const moderation: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('takedown')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      // PROHIBITED or SENSITIVE_RESOURCE: what shares holding the content answer.
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('moderation_action')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('admin_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('share_user_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('hashes', 'text', (c) => c.notNull())
      .addColumn('share_ids', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('moderation_action').execute();
    await db.schema.dropTable('takedown').execute();
  },
};
