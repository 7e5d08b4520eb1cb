// The premium ledger (every grant, dated, with its source), activation codes by their hash, and
// the bytes each user downloads per month. Nothing here decides: services/premium reads the ledger.
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { ActivationCodeTable, Database, EntitlementTable } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type EntitlementRow = Selectable<EntitlementTable>;

export function premiumRepository(db: Db) {
  return {
    /**
     * The user's grants that have not ended by `at` (premium periods to come among them), earliest
     * first. Sorted here: a user has a handful, and the database's sorter costs more to set up than
     * that (~10 µs on SQLite, with no row), on every request that checks a quota.
     */
    liveGrants: async (userId: string, at: number) =>
      (await db.selectFrom('entitlement').selectAll().where('user_id', '=', userId).where('ends_at', '>', at).execute()).sort(
        (a, b) => a.starts_at - b.starts_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      ),

    /** The user's most recent grants, ended or not, newest first. */
    recentGrants: (userId: string, limit: number) =>
      db.selectFrom('entitlement').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),

    /** When the user's last premium period ends, if one has not ended by `at`. */
    premiumEnd: async (userId: string, at: number): Promise<number | undefined> => {
      const row = await db
        .selectFrom('entitlement')
        .select((eb) => eb.fn.max('ends_at').as('ends_at'))
        .where('user_id', '=', userId)
        .where('kind', '=', 'premium')
        .where('ends_at', '>', at)
        .executeTakeFirst();
      return row?.ends_at == null ? undefined : Number(row.ends_at);
    },

    /**
     * Records a grant unless the same source already gave this user one (`source_ref`): answers
     * whether it was recorded.
     */
    async addGrant(grant: Insertable<EntitlementTable>): Promise<boolean> {
      const inserted = await db
        .insertInto('entitlement')
        .values(grant)
        .onConflict((conflict) => conflict.columns(['user_id', 'source', 'source_ref']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** A grant of this user from this source, if one was given. */
    grantFrom: (userId: string, source: EntitlementRow['source'], sourceRef: string) =>
      db
        .selectFrom('entitlement')
        .selectAll()
        .where('user_id', '=', userId)
        .where('source', '=', source)
        .where('source_ref', '=', sourceRef)
        .executeTakeFirst(),

    /** An operator's own storage limit for the account, if it has one. */
    storageOverride: async (userId: string): Promise<number | undefined> => {
      const row = await db.selectFrom('user').select('storage_limit').where('id', '=', userId).executeTakeFirst();
      return row?.storage_limit == null ? undefined : Number(row.storage_limit);
    },

    addCodes: (codes: readonly Insertable<ActivationCodeTable>[]) =>
      db
        .insertInto('activation_code')
        .values([...codes])
        .execute(),

    /** Minted codes by batch, newest first: how many, how many redeemed, and until when they work. */
    codeBatches: async () => {
      const rows = await db
        .selectFrom('activation_code')
        .select((eb) => [
          'batch',
          'plan_id',
          eb.fn.min('created_at').as('created_at'),
          eb.fn.max('expires_at').as('expires_at'),
          eb.fn.countAll<number | string>().as('codes'),
          eb.fn.count<number | string>('redeemed_at').as('redeemed'),
        ])
        .groupBy(['batch', 'plan_id'])
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => ({
        ...row,
        created_at: Number(row.created_at),
        expires_at: Number(row.expires_at),
        codes: Number(row.codes),
        redeemed: Number(row.redeemed),
      }));
    },

    /** Ends the batch's codes not redeemed yet, now; answers how many. */
    async expireBatch(batch: string, at: number): Promise<number> {
      const result = await db
        .updateTable('activation_code')
        .set({ expires_at: at })
        .where('batch', '=', batch)
        .where('redeemed_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    codeByHash: (codeHash: string) => db.selectFrom('activation_code').selectAll().where('code_hash', '=', codeHash).executeTakeFirst(),

    /** Marks a code redeemed by this user if no one has redeemed it and it has not expired: true for the one who got it. */
    async claimCode(id: string, userId: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('activation_code')
        .set({ redeemed_by: userId, redeemed_at: at })
        .where('id', '=', id)
        .where('redeemed_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Adds downloaded bytes to the user's count for a month. */
    addDownloaded: (userId: string, month: number, bytes: number) =>
      db
        .insertInto('traffic_month')
        .values({ user_id: userId, month, download_bytes: bytes })
        .onConflict((conflict) => conflict.columns(['user_id', 'month']).doUpdateSet({ download_bytes: sql`traffic_month.download_bytes + ${bytes}` }))
        .execute(),

    downloaded: async (userId: string, month: number): Promise<number> => {
      const row = await db.selectFrom('traffic_month').select('download_bytes').where('user_id', '=', userId).where('month', '=', month).executeTakeFirst();
      return Number(row?.download_bytes ?? 0);
    },

    /** Deletes up to `batch` of the counts of months before `month`; answers how many. */
    async deleteTrafficBefore(month: number, batch: number): Promise<number> {
      const old = db.selectFrom('traffic_month').select(['user_id', 'month']).where('month', '<', month).orderBy('month').limit(batch);
      const { numDeletedRows } = await db
        .deleteFrom('traffic_month')
        .where((eb) => eb(eb.refTuple('user_id', 'month'), 'in', old.$asTuple('user_id', 'month')))
        .executeTakeFirst();
      return Number(numDeletedRows);
    },
  };
}
