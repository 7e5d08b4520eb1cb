// Queries for the device sign-in's requests. No rules here: services/device-sign-in.ts decides;
// every change of state is one conditional UPDATE, so requests that race get one winner.
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, DeviceSignInTable } from '../schema.ts';

export type DeviceSignInRow = Selectable<DeviceSignInTable>;

export function deviceSignInRepository(db: Kysely<Database>) {
  return {
    /** Inserts a request; answers false when its user code is already taken (the unique index decides). */
    async insert(request: Insertable<DeviceSignInTable>): Promise<boolean> {
      const inserted = await db
        .insertInto('device_sign_in')
        .values(request)
        .onConflict((c) => c.column('user_code').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    findByDeviceCode: (deviceCodeHash: string) => db.selectFrom('device_sign_in').selectAll().where('device_code_hash', '=', deviceCodeHash).executeTakeFirst(),

    /** A request nobody has decided on yet, still open at `at`. */
    findUndecided: (userCode: string, at: number) =>
      db
        .selectFrom('device_sign_in')
        .selectAll()
        .where('user_code', '=', userCode)
        .where('decision', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst(),

    /**
     * Notes a poll made at `at`, unless the last one noted was less than the request's interval
     * before it (less `toleranceMs`); answers whether it was noted. One statement: of polls sent
     * at once, one is noted and the others were too soon.
     */
    async notePoll(id: string, at: number, toleranceMs: number): Promise<boolean> {
      const updated = await db
        .updateTable('device_sign_in')
        .set({ polled_at: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('polled_at', 'is', null), eb('polled_at', '<=', sql<number>`cast(${at + toleranceMs} as bigint) - interval_s * 1000`)]))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** The device polled too soon: it must wait `step` seconds more from now on. */
    slowDown: (id: string, step: number) =>
      db
        .updateTable('device_sign_in')
        .set((eb) => ({ interval_s: eb('interval_s', '+', step) }))
        .where('id', '=', id)
        .returning('interval_s')
        .executeTakeFirst(),

    /** The person's decision, if nobody decided before and the request is still open; answers whether it was taken. */
    async decide(userCode: string, userId: string, decision: 'approved' | 'denied', at: number): Promise<boolean> {
      const updated = await db
        .updateTable('device_sign_in')
        .set({ user_id: userId, decision, decided_at: at })
        .where('user_code', '=', userCode)
        .where('decision', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** Marks an approved request's tokens given, once; answers whether this call did. */
    async spend(id: string, at: number): Promise<boolean> {
      const updated = await db
        .updateTable('device_sign_in')
        .set({ spent_at: at })
        .where('id', '=', id)
        .where('decision', '=', 'approved')
        .where('spent_at', 'is', null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    linkSession: (id: string, sessionId: string) => db.updateTable('device_sign_in').set({ session_id: sessionId }).where('id', '=', id).execute(),

    /** Requests that expired before `before`, oldest first, at most `batch` of them. */
    async deleteExpiredBefore(before: number, batch: number): Promise<number> {
      const expired = db.selectFrom('device_sign_in').select('id').where('expires_at', '<', before).orderBy('expires_at').limit(batch);
      const { numDeletedRows } = await db.deleteFrom('device_sign_in').where('id', 'in', expired).executeTakeFirst();
      return Number(numDeletedRows);
    },
  };
}
