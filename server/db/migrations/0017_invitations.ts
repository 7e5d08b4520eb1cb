// Invitations: each user's invite code, and who joined through whose code (one inviter per
// invitee), from which address, and whether it was rewarded.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const invitations: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('invite_code')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('invitation')
      .addColumn('invitee_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('inviter_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('invitee_ip', 'text', (c) => c.notNull())
      // 1 when it earned the inviter a reward; 0 past the inviter's cap, or from where the inviter is (or was just now).
      .addColumn('rewarded', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('invitation_by_inviter').on('invitation').columns(['inviter_id', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('invitation').execute();
    await db.schema.dropTable('invite_code').execute();
  },
};
