// Purchases and the payment provider's events already handled.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PurchaseStatus, PurchaseTable } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type PurchaseRow = Selectable<PurchaseTable>;

export function purchasesRepository(db: Db) {
  return {
    add: (purchase: Insertable<PurchaseTable>) => db.insertInto('purchase').values(purchase).execute(),

    /** A user's own purchase. */
    find: (userId: string, id: string) => db.selectFrom('purchase').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    /** A purchase by its id alone: for the provider's events, whose signature is the permission. */
    byId: (id: string) => db.selectFrom('purchase').selectAll().where('id', '=', id).executeTakeFirst(),

    setProviderRef: (id: string, ref: string, at: number) =>
      db.updateTable('purchase').set({ provider_ref: ref, updated_at: at }).where('id', '=', id).execute(),

    /** Moves a purchase on from one of `from` to `to`: true for the one change that did it. */
    async settle(id: string, from: readonly PurchaseStatus[], to: PurchaseStatus, at: number): Promise<boolean> {
      const result = await db.updateTable('purchase').set({ status: to, updated_at: at }).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records a provider event as handled: false when it was already. */
    async recordEvent(id: string, at: number): Promise<boolean> {
      const inserted = await db
        .insertInto('payment_event')
        .values({ id, received_at: at })
        .onConflict((c) => c.column('id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Deletes up to `batch` of the provider events received before `before`; answers how many. */
    async deleteEventsReceivedBefore(before: number, batch: number): Promise<number> {
      const old = db.selectFrom('payment_event').select('id').where('received_at', '<', before).orderBy('received_at').limit(batch);
      const { numDeletedRows } = await db.deleteFrom('payment_event').where('id', 'in', old).executeTakeFirst();
      return Number(numDeletedRows);
    },
  };
}
