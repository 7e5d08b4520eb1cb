// Named secrets shared by every server copy (the keys of download links and passcode tokens).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function serverSecretsRepository(db: Db) {
  return {
    /** Stores the secret unless one of that name exists already: the first copy to ask wins. */
    insertIfAbsent: (name: string, value: string, at: number) =>
      db
        .insertInto('server_secret')
        .values({ name, value, created_at: at })
        .onConflict((c) => c.column('name').doNothing())
        .execute(),
    valueOf: async (name: string) => (await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value,
  };
}
