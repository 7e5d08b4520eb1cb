// Queries of the operator console: accounts across all users, and the audit log. No rules here:
// the admin service decides.
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { AdminAuditTable, Database } from '../schema.ts';
import type { UserRow } from './accounts.ts';

export type AdminAuditRow = Selectable<AdminAuditTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Where a listing of accounts goes on: after this account, newest first. */
export type UserPosition = { createdAt: number; id: string };

export function adminRepository(db: Db) {
  return {
    /** Accounts whose e-mail or name holds `q` (any case), or whose id is `q`; newest first. */
    async listUsers({ q, after, limit }: { q: string; after: UserPosition | undefined; limit: number }): Promise<UserRow[]> {
      let query = db.selectFrom('user').selectAll();
      if (q) {
        const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([eb('id', '=', q), eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`)]),
        );
      }
      if (after)
        query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    async activeAdmins(): Promise<number> {
      const row = await db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('role', '=', 'admin')
        .where('status', '=', 'ACTIVE')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The server's totals: accounts, what they hold, what is stored once, and shares. */
    async totals() {
      const [users, blobs, shares] = await Promise.all([
        db
          .selectFrom('user')
          .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.coalesce(eb.fn.sum<number | string>('storage_used'), sql<number>`0`).as('bytes')])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('blob')
          .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.coalesce(eb.fn.sum<number | string>('size'), sql<number>`0`).as('bytes')])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('share')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { users: Number(users.n), storageUsed: Number(users.bytes), blobs: Number(blobs.n), storageStored: Number(blobs.bytes), shares: Number(shares.n) };
    },

    /** Sign-ups (accounts created) per UTC day number since `since`. */
    signUpsPerDay: (since: number) =>
      db
        .selectFrom('user')
        .select([sql<number | string>`created_at / 86400000`.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('created_at', '>=', since)
        .groupBy(sql`created_at / 86400000`)
        .execute(),

    /** Uploads completed per UTC day number since `since`. */
    uploadsPerDay: (since: number) =>
      db
        .selectFrom('event')
        .select([sql<number | string>`created_at / 86400000`.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('type', '=', 'TYPE_UPLOAD')
        .where('created_at', '>=', since)
        .groupBy(sql`created_at / 86400000`)
        .execute(),

    record: (entry: AdminAuditRow) => db.insertInto('admin_audit').values(entry).execute(),

    /** The audit log, newest first, with each admin's e-mail. */
    listAudit: ({ before, limit }: { before: string | undefined; limit: number }) => {
      let query = db
        .selectFrom('admin_audit')
        .leftJoin('user', 'user.id', 'admin_audit.admin_id')
        .selectAll('admin_audit')
        .select((eb) => eb.fn.coalesce('user.email', sql<string>`''`).as('admin_email'));
      if (before) query = query.where('admin_audit.id', '<', before);
      return query.orderBy('admin_audit.id', 'desc').limit(limit).execute();
    },
  };
}
