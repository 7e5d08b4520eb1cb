// Secrets every copy of the server must share (e.g. the key that signs download links), kept in
// the database so that N copies behind a load balancer agree without extra configuration.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const serverSecrets: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('server_secret')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('server_secret').execute();
  },
};
