// E-mails a user asked not to get, by scene.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function mailRepository(db: Db) {
  return {
    /** Records the opt-out; doing it again changes nothing. */
    optOut: (userId: string, scene: string, at: number) =>
      db
        .insertInto('mail_opt_out')
        .values({ user_id: userId, scene, created_at: at })
        .onConflict((c) => c.columns(['user_id', 'scene']).doNothing())
        .execute(),

    optedOut: async (userId: string, scene: string) =>
      (await db.selectFrom('mail_opt_out').select('scene').where('user_id', '=', userId).where('scene', '=', scene).executeTakeFirst()) !== undefined,
  };
}
