// Purchases of plans through a payment provider, and the provider's events already handled (each
// event changes things once, however often it is delivered).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const purchases: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('purchase')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('plan_id', 'text', (c) => c.notNull())
      // The grant's terms and the price when the order was made: a plan changed later does not change it.
      .addColumn('terms', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      // pending, paid, failed
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_ref', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('purchase_by_user').on('purchase').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createTable('payment_event')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('payment_event').execute();
    await db.schema.dropTable('purchase').execute();
  },
};
