// Queries for people, sessions and authorization codes. No rules here: the accounts service
// decides; this file only reads and writes rows.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AuthCodeTable, Database, SessionTable, UserTable } from '../schema.ts';

export type UserRow = Selectable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type AuthCodeRow = Selectable<AuthCodeTable>;
type Db = Kysely<Database> | Transaction<Database>;

export function accountsRepository(db: Db) {
  return {
    /**
     * Holds the user's row until the transaction ends, so that checks of a user's counts and the
     * writes that follow (a limit on tasks) run one at a time: a no-op UPDATE locks the row on
     * PostgreSQL and takes the write lock on SQLite alike.
     */
    lock: (userId: string) =>
      db
        .updateTable('user')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', userId)
        .execute(),

    findUserByEmail: (email: string) => db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst(),
    /** Accounts being deleted whose grace period ended by `at`. */
    dueForDeletion: async (at: number) =>
      (await db.selectFrom('user').select('id').where('status', '=', 'DELETING').where('deletion_due_at', '<=', at).execute()).map((row) => row.id),

    findUserById: (id: string) => db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Inserts a user; answers false when the e-mail is taken (the unique index decides, race-free). */
    async insertUser(user: Pick<UserRow, 'id' | 'email' | 'name' | 'password_hash' | 'created_at' | 'updated_at'>): Promise<boolean> {
      const inserted = await db
        .insertInto('user')
        .values(user)
        .onConflict((c) => c.column('email').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    updateUser: (
      id: string,
      changes: Partial<
        Pick<UserRow, 'name' | 'email' | 'phone_number' | 'password_hash' | 'updated_at' | 'storage_limit' | 'status' | 'role' | 'deletion_due_at'>
      >,
    ) => db.updateTable('user').set(changes).where('id', '=', id).execute(),
    /** The admin role for the accounts of these addresses whose holders confirmed them by mail: a listed address alone proves nothing. */
    grantAdminRolesToConfirmed: (emails: readonly string[]) =>
      db.updateTable('user').set({ role: 'admin' }).where('email', 'in', emails).where('email_verified_at', 'is not', null).execute(),

    insertSession: (session: Omit<SessionRow, 'revoked_at' | 'revoked_reason'>) => db.insertInto('session').values(session).execute(),
    findSession: (id: string) => db.selectFrom('session').selectAll().where('id', '=', id).executeTakeFirst(),
    liveSessionsOf: (userId: string, now: number) =>
      db
        .selectFrom('session')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('refresh_expires_at', '>', now)
        .orderBy('last_seen_at', 'desc')
        .execute(),

    /** Swaps in new token hashes only if the refresh hash is still the one presented (no double use). */
    async rotateSession(
      id: string,
      expectedRefreshHash: string,
      next: Pick<SessionRow, 'access_hash' | 'access_expires_at' | 'refresh_hash' | 'refresh_expires_at' | 'last_seen_at'>,
    ) {
      const result = await db
        .updateTable('session')
        .set(next)
        .where('id', '=', id)
        .where('refresh_hash', '=', expectedRefreshHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    touchSession: (id: string, at: number) => db.updateTable('session').set({ last_seen_at: at }).where('id', '=', id).execute(),
    revokeSession: (id: string, userId: string, at: number, reason: string) =>
      db
        .updateTable('session')
        .set({ revoked_at: at, revoked_reason: reason })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
        .then((r) => Number(r.numUpdatedRows) === 1),
    revokeSessionsOf: (userId: string, at: number, reason: string, exceptId?: string) => {
      let query = db.updateTable('session').set({ revoked_at: at, revoked_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return query.execute();
    },

    markEmailVerified: (userId: string, at: number) => db.updateTable('user').set({ email_verified_at: at }).where('id', '=', userId).execute(),

    /** Whether the user was ever signed in from this device (as sessions describe it). */
    knowsDevice: async (userId: string, device: string) =>
      (await db.selectFrom('session').select('id').where('user_id', '=', userId).where('device', '=', device).limit(1).executeTakeFirst()) !== undefined,

    insertAuthCode: (code: Omit<AuthCodeRow, 'used_at' | 'session_id'>) => db.insertInto('auth_code').values(code).execute(),
    findAuthCode: (codeHash: string) => db.selectFrom('auth_code').selectAll().where('code_hash', '=', codeHash).executeTakeFirst(),
    /** Marks a code used; answers false when it already was (a replay). */
    async spendAuthCode(codeHash: string, at: number) {
      const result = await db.updateTable('auth_code').set({ used_at: at }).where('code_hash', '=', codeHash).where('used_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    linkAuthCodeSession: (codeHash: string, sessionId: string) =>
      db.updateTable('auth_code').set({ session_id: sessionId }).where('code_hash', '=', codeHash).execute(),
    deleteExpiredAuthCodes: (before: number) => db.deleteFrom('auth_code').where('expires_at', '<', before).execute(),

    /** Deletes up to `batch` sessions that could last be renewed before `before` (revoked or not); answers how many. */
    async deleteSessionsRenewableBefore(before: number, batch: number): Promise<number> {
      const ended = db.selectFrom('session').select('id').where('refresh_expires_at', '<', before).orderBy('refresh_expires_at').limit(batch);
      const { numDeletedRows } = await db.deleteFrom('session').where('id', 'in', ended).executeTakeFirst();
      return Number(numDeletedRows);
    },
  };
}
