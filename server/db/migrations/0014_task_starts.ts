// A user's tasks started in a day, per type: the daily limit on offline downloads counts what was
// started, and a task deleted since still counts (otherwise deleting one would give its place back).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const taskStarts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('task_start')
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      /** Days since 1970-01-01, UTC. */
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('started', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('task_start_key', ['user_id', 'type', 'day'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('task_start').execute();
  },
};
