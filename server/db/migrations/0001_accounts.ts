// Accounts: people, their sign-in sessions, and the one-time codes other clients exchange.
// Times are epoch milliseconds in 64-bit integers, the same on both engines.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const accounts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('user')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('session')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      // Only hashes of the current tokens are kept: a refresh token that names this session but
      // does not match is an old one replayed, and the session is revoked.
      .addColumn('access_hash', 'text', (c) => c.notNull())
      .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
      .addColumn('refresh_hash', 'text', (c) => c.notNull())
      .addColumn('refresh_expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('revoked_reason', 'text')
      .execute();
    await db.schema.createIndex('session_by_user').on('session').columns(['user_id', 'revoked_at']).execute();

    await db.schema
      .createTable('auth_code')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      // The session the code was exchanged for, revoked if the code is ever replayed.
      .addColumn('session_id', 'text')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('auth_code').execute();
    await db.schema.dropTable('session').execute();
    await db.schema.dropTable('user').execute();
  },
};
