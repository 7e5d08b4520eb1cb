// Which takedown a report led to, so a moderator who restores the report's content lifts exactly
// what that takedown took down, even after the share's files changed.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const reportTakedowns: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('share_report').addColumn('takedown_id', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('share_report').dropColumn('takedown_id').execute();
  },
};
