// What Nubo keeps only for a while is deleted by the hourly housekeeping in small batches, each
// found through an index on its age: without these, every batch would read the whole table.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const retention: Migration = {
  async up(db: Kysely<any>) {
    // The Recent list's events by age, with whose they are: the oldest go first, and the people
    // who did something lately are found without reading the events themselves.
    await db.schema.createIndex('event_by_age').on('event').columns(['created_at', 'user_id']).execute();
    await db.schema.createIndex('session_by_renewal').on('session').column('refresh_expires_at').execute();
    await db.schema.createIndex('account_token_by_expiry').on('account_token').column('expires_at').execute();
    await db.schema.createIndex('payment_event_by_age').on('payment_event').column('received_at').execute();
    await db.schema.createIndex('traffic_month_by_month').on('traffic_month').column('month').execute();
  },
  async down(db: Kysely<any>) {
    for (const name of ['traffic_month_by_month', 'payment_event_by_age', 'account_token_by_expiry', 'session_by_renewal', 'event_by_age'])
      await db.schema.dropIndex(name).execute();
  },
};
