// The device sign-in's requests: a device's pair of codes, what it said of itself, and what the
// person who typed the short code decided. The long code is kept only as its hash; the short one
// is kept as typed-and-normalised, since it is worth nothing without the long one.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const deviceSignIn: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('device_sign_in')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('device_code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_code', 'text', (c) => c.notNull().unique())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      // Seconds the device must wait between polls; each poll too soon adds five.
      .addColumn('interval_s', 'integer', (c) => c.notNull())
      .addColumn('polled_at', 'bigint')
      // Who let it in or refused it, and which: 'approved' or 'denied'; null while undecided.
      .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
      .addColumn('decision', 'text', (c) => c.check(sql`decision in ('approved', 'denied')`))
      .addColumn('decided_at', 'bigint')
      // When the device got its tokens (once), and the session they opened.
      .addColumn('spent_at', 'bigint')
      .addColumn('session_id', 'text')
      // A decision always names who made it, and only a device let in gets tokens.
      .addCheckConstraint('device_sign_in_decided_by', sql`(decision is null) = (user_id is null)`)
      .addCheckConstraint('device_sign_in_spent_approved', sql`spent_at is null or decision = 'approved'`)
      .execute();
    await db.schema.createIndex('device_sign_in_by_expiry').on('device_sign_in').column('expires_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('device_sign_in').execute();
  },
};
