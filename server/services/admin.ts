// The operator console's rules: who may use it (the admin role, kept in the database, granted to
// the addresses of ADMIN_EMAILS once their holders confirm them by mail, or by a command run on the
// server), finding accounts, changing an account's quota, status and role, and
// signing it out everywhere. Every change is written to the audit log, in the same transaction.
// Nubo always keeps one active admin: the last one can be neither demoted nor disabled.
import type { Kysely } from 'kysely';
import type { GrantTerms } from '#shared/api/premium.ts';
import { DAY_MS, monthOf } from '../calendar.ts';
import { accountsRepository, type UserRow } from '../db/repositories/accounts.ts';
import { type AdminAuditRow, adminRepository, type UserPosition } from '../db/repositories/admin.ts';
import { type EntitlementRow, premiumRepository } from '../db/repositories/premium.ts';
import { tasksRepository } from '../db/repositories/tasks.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { orderedId } from '../ids.ts';
import { giveGrant } from './premium/ledger.ts';

/** The days the overview's charts show. */
export const OVERVIEW_DAYS = 30;
/** Grants an account's page lists, newest first. */
const GRANTS_SHOWN = 100;

/** What an admin asks to change on an account; absent fields stay. */
export type AccountChange = { storageLimit?: number | null; status?: 'ACTIVE' | 'DISABLED'; role?: 'user' | 'admin' };

/**
 * An account an operator is about to change, its row held to the end of the transaction (two
 * admins demoting each other cannot both pass the check). `endsItsAdminRole`: the change leaves it
 * no active admin; refused when it is the last one.
 */
export async function holdAccountForChange(tx: Kysely<Database>, id: string, endsItsAdminRole: boolean): Promise<UserRow> {
  const accounts = accountsRepository(tx);
  await accounts.lock(id);
  const user = await accounts.findUserById(id);
  if (!user || user.status === 'DELETED') throw new ServiceError('not_found', 'There is no account with this id.');
  if (endsItsAdminRole && user.role === 'admin' && user.status === 'ACTIVE' && (await adminRepository(tx).activeAdmins()) <= 1) {
    throw new ServiceError('permission_denied', 'This is the last active administrator: make another one first.', [{ reason: 'last_admin' }]);
  }
  return user;
}

export function adminService(deps: { db: Kysely<Database>; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function accountOf(id: string): Promise<UserRow> {
    const user = await accountsRepository(db).findUserById(id);
    if (!user) throw new ServiceError('not_found', 'There is no account with this id.');
    return user;
  }

  return {
    findUsers: (query: { q: string; after: UserPosition | undefined; limit: number }) => adminRepository(db).listUsers(query),

    async user(id: string) {
      const user = await accountOf(id);
      const at = now();
      const [sessions, traffic, grants] = await Promise.all([
        accountsRepository(db).liveSessionsOf(id, at),
        premiumRepository(db).downloaded(id, monthOf(at)),
        premiumRepository(db).recentGrants(id, GRANTS_SHOWN),
      ]);
      return { user, sessions, traffic, grants };
    },

    /** Gives an account premium, storage or traffic for a time, as the operator's grant, in the audit log. */
    async grant(admin: UserRow, id: string, terms: GrantTerms): Promise<EntitlementRow> {
      await accountOf(id);
      const at = now();
      return db.transaction().execute(async (tx) => {
        const ref = orderedId(at);
        const given = await giveGrant(tx, id, terms, { source: 'operator', sourceRef: ref }, at);
        await adminRepository(tx).record({ id: ref, admin_id: admin.id, action: 'user.grant', target_id: id, details: JSON.stringify(terms), created_at: at });
        return given!;
      });
    },

    async changeAccount(admin: UserRow, id: string, change: AccountChange): Promise<UserRow> {
      return db.transaction().execute(async (tx) => {
        const accounts = accountsRepository(tx);
        const audit = adminRepository(tx);
        const user = await holdAccountForChange(tx, id, change.role === 'user' || change.status === 'DISABLED');
        const at = now();
        const entries: Array<Omit<AdminAuditRow, 'id' | 'admin_id' | 'target_id' | 'created_at'>> = [];
        if (change.storageLimit !== undefined && change.storageLimit !== user.storage_limit) {
          await accounts.updateUser(id, { storage_limit: change.storageLimit, updated_at: at });
          entries.push({ action: 'user.quota', details: JSON.stringify({ from: user.storage_limit, to: change.storageLimit }) });
        }
        if (change.status !== undefined && change.status !== user.status) {
          // Enabling (or disabling) an account being deleted stops its deletion.
          await accounts.updateUser(id, { status: change.status, deletion_due_at: null, updated_at: at });
          // A disabled account is signed out at once, everywhere.
          if (change.status === 'DISABLED') await accounts.revokeSessionsOf(id, at, 'account_disabled');
          entries.push({ action: 'user.status', details: JSON.stringify({ from: user.status, to: change.status }) });
        }
        if (change.role !== undefined && change.role !== user.role) {
          await accounts.updateUser(id, { role: change.role, updated_at: at });
          entries.push({ action: 'user.role', details: JSON.stringify({ from: user.role, to: change.role }) });
        }
        for (const entry of entries) await audit.record({ id: orderedId(at), admin_id: admin.id, target_id: id, created_at: at, ...entry });
        return (await accounts.findUserById(id))!;
      });
    },

    /**
     * The operator role by a command run on the server (`npm run nubo -- admin grant <email>`):
     * whoever can run it holds the server already, so it needs no mail. The audit log names no admin.
     */
    async grantRoleByCommand(email: string): Promise<UserRow> {
      return db.transaction().execute(async (tx) => {
        const accounts = accountsRepository(tx);
        const user = await accounts.findUserByEmail(email.trim().toLowerCase());
        if (!user) throw new ServiceError('not_found', `No account has the address ${email}: sign up with it first.`);
        if (user.role === 'admin') return user;
        const at = now();
        await accounts.updateUser(user.id, { role: 'admin', updated_at: at });
        await adminRepository(tx).record({
          id: orderedId(at),
          admin_id: '',
          action: 'user.role',
          target_id: user.id,
          details: JSON.stringify({ from: user.role, to: 'admin', by: 'server command' }),
          created_at: at,
        });
        return (await accounts.findUserById(user.id))!;
      });
    },

    /** Writes an action on something other than an account (activation codes) to the audit log. */
    record: (admin: UserRow, action: string, targetId: string, details: Record<string, unknown>) => {
      const at = now();
      return adminRepository(db).record({
        id: orderedId(at),
        admin_id: admin.id,
        action,
        target_id: targetId,
        details: JSON.stringify(details),
        created_at: at,
      });
    },

    async signOutEverywhere(admin: UserRow, id: string) {
      await accountOf(id);
      const at = now();
      await db.transaction().execute(async (tx) => {
        await accountsRepository(tx).revokeSessionsOf(id, at, 'signed_out_by_admin');
        await adminRepository(tx).record({ id: orderedId(at), admin_id: admin.id, action: 'user.sign_out', target_id: id, details: '{}', created_at: at });
      });
    },

    audit: (query: { before: string | undefined; limit: number }) => adminRepository(db).listAudit(query),

    /** The server at a glance: its totals, tasks by phase, and the last OVERVIEW_DAYS of sign-ups and uploads. */
    async overview() {
      const today = Math.floor(now() / DAY_MS);
      const since = (today - OVERVIEW_DAYS + 1) * DAY_MS;
      const admin = adminRepository(db);
      const [totals, tasks, signUps, uploads] = await Promise.all([
        admin.totals(),
        tasksRepository(db).countByPhase(),
        admin.signUpsPerDay(since),
        admin.uploadsPerDay(since),
      ]);
      /** Every day of the period, in order, with its count or 0. */
      const perDay = (rows: Array<{ day: number | string; n: number | string }>) => {
        const counts = new Map(rows.map((row) => [Number(row.day), Number(row.n)]));
        return Array.from({ length: OVERVIEW_DAYS }, (_, i) => {
          const day = today - OVERVIEW_DAYS + 1 + i;
          return { day: new Date(day * DAY_MS).toISOString().slice(0, 10), count: counts.get(day) ?? 0 };
        });
      };
      return { ...totals, tasks, signUps: perDay(signUps), uploads: perDay(uploads) };
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
