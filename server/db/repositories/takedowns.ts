// Content taken down by a moderator (SPEC §6), and the shares that hold it. Content can reach a
// shared folder after its takedown (moved or copied there, restored from the trash, uploaded again),
// so each of those ways in flags the shares it lands in, as the takedown itself did.
import type { Kysely, Transaction } from 'kysely';
import type { Database, TakedownTable } from '../schema.ts';
import { filesRepository } from './files.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type TakedownStatus = TakedownTable['status'];

/** IN lists are cut to this length, within the parameter limits of both engines. */
const IN_LIST_MAX = 500;

export function takedownsRepository(db: Kysely<Database>) {
  const files = filesRepository(db);

  return {
    /** Which of these contents were taken down, with the takedown's status. */
    async statusesOf(tx: Db, hashes: readonly (string | null)[]): Promise<Map<string, TakedownStatus>> {
      const distinct = [...new Set(hashes.filter((h): h is string => !!h))];
      const found = new Map<string, TakedownStatus>();
      for (let i = 0; i < distinct.length; i += IN_LIST_MAX) {
        const rows = await tx.selectFrom('takedown').select(['hash', 'status']).where('hash', 'in', distinct.slice(i, i + IN_LIST_MAX)).execute();
        for (const row of rows) found.set(row.hash, row.status);
      }
      return found;
    },

    /**
     * Gives every share whose items hold one of these files (the file itself or a folder above it)
     * the takedown's status. Answers the ids of the shares flagged.
     */
    async flagSharesHolding(tx: Db, holders: ReadonlyArray<{ id: string; user_id: string; status: TakedownStatus }>): Promise<string[]> {
      const flagged: string[] = [];
      for (const status of new Set(holders.map((h) => h.status))) {
        const containing = new Set<string>();
        for (const holder of holders.filter((h) => h.status === status)) {
          for (const folder of await files.ancestry(tx, holder.user_id, holder.id)) containing.add(folder.id);
        }
        const ids = [...containing];
        const shareIds = new Set<string>();
        for (let i = 0; i < ids.length; i += IN_LIST_MAX) {
          const rows = await tx.selectFrom('share_item').select('share_id').distinct().where('file_id', 'in', ids.slice(i, i + IN_LIST_MAX)).execute();
          for (const row of rows) shareIds.add(row.share_id);
        }
        if (shareIds.size === 0) continue;
        await tx.updateTable('share').set({ status }).where('id', 'in', [...shareIds]).where('status', '!=', 'DELETED').execute();
        flagged.push(...shareIds);
      }
      return flagged;
    },

    /** After rows arrived in a user's folders: flags the shares they landed in if their content was taken down. */
    async flagArrivals(tx: Db, rows: ReadonlyArray<{ id: string; user_id: string; hash: string | null }>): Promise<void> {
      const statuses = await this.statusesOf(tx, rows.map((r) => r.hash));
      if (statuses.size === 0) return;
      const holders = rows.flatMap((r) => {
        const status = r.hash ? statuses.get(r.hash) : undefined;
        return status ? [{ id: r.id, user_id: r.user_id, status }] : [];
      });
      await this.flagSharesHolding(tx, holders);
    },
  };
}
