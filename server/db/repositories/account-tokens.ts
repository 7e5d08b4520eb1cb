// The single-use links of account e-mails, by the hash of their token. No rules here: the
// account-mail service decides.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AccountTokenTable, Database } from '../schema.ts';

export type AccountTokenRow = Selectable<AccountTokenTable>;
type Db = Kysely<Database> | Transaction<Database>;

export function accountTokensRepository(db: Db) {
  return {
    insert: (token: Omit<AccountTokenRow, 'used_at'>) => db.insertInto('account_token').values(token).execute(),

    /** Uses the token once: answers its row when it was unused, of `purpose` and not expired; nothing otherwise. */
    async spend(tokenHash: string, purpose: AccountTokenRow['purpose'], at: number): Promise<AccountTokenRow | undefined> {
      const spent = await db
        .updateTable('account_token')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return undefined;
      return db.selectFrom('account_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Whose link this is, used or not. */
    ownerOf: async (tokenHash: string) =>
      (await db.selectFrom('account_token').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst())?.user_id,

    /** Ends the user's other unused links of `purpose`: only the latest mail's link works. */
    retireUnused: (userId: string, purpose: AccountTokenRow['purpose'], at: number) =>
      db.updateTable('account_token').set({ used_at: at }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute(),

    /** Deletes up to `batch` links that expired before `before`, used or not; answers how many. */
    async deleteExpiredBefore(before: number, batch: number): Promise<number> {
      const expired = db.selectFrom('account_token').select('token_hash').where('expires_at', '<', before).orderBy('expires_at').limit(batch);
      const { numDeletedRows } = await db.deleteFrom('account_token').where('token_hash', 'in', expired).executeTakeFirst();
      return Number(numDeletedRows);
    },
  };
}
