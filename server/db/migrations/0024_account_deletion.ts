// An account an operator deleted is kept for a grace period (its status DELETING) before its
// files and its address go for good: when that period ends.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const accountDeletion: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('user').addColumn('deletion_due_at', 'bigint').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('user').dropColumn('deletion_due_at').execute();
  },
};
