// Daily check-ins: one row per user and UTC day, with the streak it made (days in a row).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const checkIns: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('check_in')
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      /** Days since 1970-01-01, UTC. */
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('streak', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('check_in_key', ['user_id', 'day'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('check_in').execute();
  },
};
