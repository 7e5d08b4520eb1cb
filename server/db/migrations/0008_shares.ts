// Share links: which items a person shares, under which conditions (passcode, expiry, restore
// limit), and how often they were viewed and saved.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const shares: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('share')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      // Shown again to the owner in "My shares", so kept as it is; it guards a link, not an account.
      .addColumn('pass_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('expires_at', 'bigint')
      .addColumn('restore_limit', 'integer')
      .addColumn('restore_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      // OK, DELETED (cancelled by the owner), AUDITING, PROHIBITED, SENSITIVE_RESOURCE, SENSITIVE_WORD.
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('OK'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('share_by_user').on('share').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('share_item')
      .addColumn('share_id', 'text', (c) => c.notNull().references('share.id').onDelete('cascade'))
      .addColumn('file_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('share_item_pk', ['share_id', 'file_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('share_item').execute();
    await db.schema.dropTable('share').execute();
  },
};
