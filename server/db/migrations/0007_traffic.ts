// Bytes each user has downloaded (traffic), counted as downloads finish.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const traffic: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('user')
      .addColumn('traffic_used', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('user').dropColumn('traffic_used').execute();
  },
};
