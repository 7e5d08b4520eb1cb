// A share stops taking passcodes for a while once too many wrong ones were tried on it from all
// addresses together: when it last stopped, and until when, are kept on the share, so that every
// server copy refuses passcodes for it and its owner sees it in their list of shares.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const sharePasscodeLocks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('share').addColumn('pass_code_locked_at', 'bigint').execute();
    await db.schema.alterTable('share').addColumn('pass_code_locked_until', 'bigint').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('share').dropColumn('pass_code_locked_until').execute();
    await db.schema.alterTable('share').dropColumn('pass_code_locked_at').execute();
  },
};
