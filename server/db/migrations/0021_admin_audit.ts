// The operator console's audit log: every change an admin makes, by whom, to what, and when.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const adminAudit: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('admin_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('admin_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('admin_audit').execute();
  },
};
