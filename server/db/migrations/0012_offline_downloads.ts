// Offline downloads run as tasks that last minutes or hours: a task now shows the bytes fetched
// and the speed beside its progress, and the named error it ended with, for the client to word.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const offlineDownloads: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('task')
      .addColumn('bytes_done', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('task')
      .addColumn('speed', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('task')
      .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // Per-user limits count a user's tasks of one type by phase and by day.
    await db.schema.createIndex('task_by_user_type').on('task').columns(['user_id', 'type', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('task_by_user_type').execute();
    for (const column of ['error', 'speed', 'bytes_done']) await db.schema.alterTable('task').dropColumn(column).execute();
  },
};
