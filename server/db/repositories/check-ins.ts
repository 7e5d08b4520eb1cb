// Daily check-ins: one row per user and day; the row of the day before tells the streak, and
// nothing reads an earlier one, so the user's earlier days go when a day is recorded.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function checkInsRepository(db: Db) {
  return {
    /** The user's check-in of a day, if made. */
    on: (userId: string, day: number) =>
      db.selectFrom('check_in').select(['day', 'streak']).where('user_id', '=', userId).where('day', '=', day).executeTakeFirst(),

    /** Records the day's check-in unless one is recorded: answers whether this one was. The user's days before yesterday go. */
    async record(userId: string, day: number, streak: number, at: number): Promise<boolean> {
      const inserted = await db
        .insertInto('check_in')
        .values({ user_id: userId, day, streak, created_at: at })
        .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      await db
        .deleteFrom('check_in')
        .where('user_id', '=', userId)
        .where('day', '<', day - 1)
        .execute();
      return true;
    },
  };
}
