// Long operations as tasks (drive#task): the table is the queue. A worker claims a pending task,
// keeps a lease on it while it runs, and a task whose lease ran out (its server died) is taken up
// again by any copy.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const tasks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('task')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phase', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('file_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('lease_until', 'bigint')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('task_queue').on('task').columns(['phase', 'created_at']).execute();
    await db.schema.createIndex('task_by_user').on('task').columns(['user_id', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('task').execute();
  },
};
