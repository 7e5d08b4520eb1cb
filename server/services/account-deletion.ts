// Deleting an account from the console: the account stops at once (signed out everywhere, sign-in
// refused, its shares closed as for a disabled account) and is kept for a grace period, during
// which enabling it gives everything back; then its files, shares and address go for good. The
// account row stays, emptied (status DELETED), so the audit log and the premium ledger still name it.
import type { Kysely } from 'kysely';
import { DAY_MS } from '../calendar.ts';
import { accountsRepository, type UserRow } from '../db/repositories/accounts.ts';
import { adminRepository } from '../db/repositories/admin.ts';
import { filesRepository } from '../db/repositories/files.ts';
import { sharesRepository } from '../db/repositories/shares.ts';
import type { Database } from '../db/schema.ts';
import { orderedId } from '../ids.ts';
import { holdAccountForChange } from './admin.ts';
import type { FilesService } from './files.ts';

/** Items deleted at once while emptying a deleted account's drive. */
const BATCH = 100;

export function accountDeletionService(deps: { db: Kysely<Database>; files: Pick<FilesService, 'deleteForever'>; graceDays: number; now?: () => number }) {
  const { db, files, graceDays } = deps;
  const now = deps.now ?? Date.now;

  return {
    /** Deletes an account after the grace period; answers when it goes. The last active admin cannot be deleted. */
    async schedule(admin: UserRow, id: string): Promise<number> {
      const at = now();
      const due = at + graceDays * DAY_MS;
      await db.transaction().execute(async (tx) => {
        const accounts = accountsRepository(tx);
        await holdAccountForChange(tx, id, true);
        await accounts.updateUser(id, { status: 'DELETING', deletion_due_at: due, updated_at: at });
        await accounts.revokeSessionsOf(id, at, 'account_deleted');
        await adminRepository(tx).record({
          id: orderedId(at),
          admin_id: admin.id,
          action: 'user.delete',
          target_id: id,
          details: JSON.stringify({ due: new Date(due).toISOString() }),
          created_at: at,
        });
      });
      return due;
    },

    /** Deletes for good every account whose grace period ended by `at`; answers how many. */
    async purgeDue(at = now()): Promise<number> {
      const due = await accountsRepository(db).dueForDeletion(at);
      for (const id of due) {
        for (let batch = await filesRepository(db).someIds(id, BATCH); batch.length > 0; batch = await filesRepository(db).someIds(id, BATCH)) {
          await files.deleteForever(id, batch);
        }
        await db.transaction().execute(async (tx) => {
          await sharesRepository(tx).cancelAllOf(id);
          await accountsRepository(tx).revokeSessionsOf(id, at, 'account_deleted');
          // The address is free for a new account; nothing of the person stays but the id.
          await accountsRepository(tx).updateUser(id, {
            status: 'DELETED',
            email: `deleted-${id}@deleted.invalid`,
            name: '',
            phone_number: '',
            password_hash: null,
            storage_limit: null,
            deletion_due_at: null,
            updated_at: at,
          });
        });
      }
      return due.length;
    },
  };
}

export type AccountDeletionService = ReturnType<typeof accountDeletionService>;
