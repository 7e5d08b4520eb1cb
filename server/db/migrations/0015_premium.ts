// Premium: one ledger of dated grants (premium periods, storage, traffic packs), each with where it
// came from; activation codes, stored by their hash; and the bytes each user downloads per month.
// A user's storage limit is derived from their tier and grants, so the fixed limit every account
// got becomes an operator's own figure for one account (null: the plan's).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const premium: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('user').dropColumn('storage_limit').execute();
    await db.schema.alterTable('user').addColumn('storage_limit', 'bigint').execute();
    // Downloads are counted per month now (traffic_month); the lifetime count goes.
    await db.schema.alterTable('user').dropColumn('traffic_used').execute();
    await db.schema
      .createTable('entitlement')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      // What within the source gave it (an order, a code, a campaign, a day): one grant each.
      .addColumn('source_ref', 'text', (c) => c.notNull())
      .addColumn('plan_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('entitlement_once', ['user_id', 'source', 'source_ref'])
      .execute();
    await db.schema.createIndex('entitlement_live').on('entitlement').columns(['user_id', 'ends_at']).execute();
    await db.schema
      .createTable('activation_code')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('plan_id', 'text', (c) => c.notNull())
      // The grant's terms as they were when the code was minted: a plan changed later does not change it.
      .addColumn('terms', 'text', (c) => c.notNull())
      .addColumn('batch', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('redeemed_by', 'text', (c) => c.references('user.id').onDelete('set null'))
      .addColumn('redeemed_at', 'bigint')
      .execute();
    await db.schema
      .createTable('traffic_month')
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      /** Year × 100 + month, UTC: 202611. */
      .addColumn('month', 'integer', (c) => c.notNull())
      .addColumn('download_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('traffic_month_key', ['user_id', 'month'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('traffic_month').execute();
    await db.schema.dropTable('activation_code').execute();
    await db.schema.dropTable('entitlement').execute();
    await db.schema
      .alterTable('user')
      .addColumn('traffic_used', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('user').dropColumn('storage_limit').execute();
    await db.schema
      .alterTable('user')
      .addColumn('storage_limit', 'bigint', (c) => c.notNull().defaultTo(10 * 1024 ** 3))
      .execute();
  },
};
