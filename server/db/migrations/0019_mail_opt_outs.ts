// E-mails a user asked not to get, by scene (news, offers…): the mailer leaves them out.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const mailOptOuts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('mail_opt_out')
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('scene', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('mail_opt_out_key', ['user_id', 'scene'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('mail_opt_out').execute();
  },
};
