// E-mail about the account: when its address was confirmed, and the single-use links the mails
// carry (address confirmation, password reset), kept only as hashes.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const accountMail: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('user').addColumn('email_verified_at', 'bigint').execute();
    await db.schema
      .createTable('account_token')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('account_token_user').on('account_token').columns(['user_id', 'purpose']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('account_token').execute();
    await db.schema.alterTable('user').dropColumn('email_verified_at').execute();
  },
};
