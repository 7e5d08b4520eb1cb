// A task can have a second step after its main work: an offline download fetched to the server's
// disk is then uploaded to the object store, which on S3 takes a while of its own. The task says
// which step it is in, so a client shows "storing" with its own progress instead of a stuck 100 %.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const taskStage: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('task')
      .addColumn('stage', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('task').dropColumn('stage').execute();
  },
};
