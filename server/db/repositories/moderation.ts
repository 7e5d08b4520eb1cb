// Content taken down by a moderator (SPEC §6), the shares that hold it, and the record of each
// takedown. Content can reach a shared folder after its takedown (moved or copied there, restored
// from the trash, uploaded again), so each of those ways in flags the shares it lands in, as the
// takedown itself did.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, ModerationActionTable, TakedownTable } from '../schema.ts';
import { filesRepository } from './files.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type TakedownStatus = TakedownTable['status'];
type Holder = { id: string; user_id: string; status: TakedownStatus };

/** The statuses a takedown gives a share. */
const TAKEDOWN_STATUSES: readonly TakedownStatus[] = ['PROHIBITED', 'SENSITIVE_RESOURCE'];

/** IN lists are cut to this length, within the parameter limits of both engines. */
const IN_LIST_MAX = 500;

export function moderationRepository(db: Db) {
  const files = filesRepository(db);

  /** Which of these contents were taken down, with the takedown's status. */
  async function statusesOf(hashes: readonly (string | null)[]): Promise<Map<string, TakedownStatus>> {
    const distinct = [...new Set(hashes.filter((h): h is string => !!h))];
    const found = new Map<string, TakedownStatus>();
    for (let i = 0; i < distinct.length; i += IN_LIST_MAX) {
      const rows = await db
        .selectFrom('takedown')
        .select(['hash', 'status'])
        .where('hash', 'in', distinct.slice(i, i + IN_LIST_MAX))
        .execute();
      for (const row of rows) found.set(row.hash, row.status);
    }
    return found;
  }

  /** The shares whose items hold one of these files: the file itself, or a folder above it. */
  async function sharesHolding(holders: ReadonlyArray<{ id: string; user_id: string }>): Promise<string[]> {
    const containing = new Set<string>();
    for (const holder of holders) for (const folder of await files.ancestry(holder.user_id, holder.id)) containing.add(folder.id);
    const ids = [...containing];
    const shareIds = new Set<string>();
    for (let i = 0; i < ids.length; i += IN_LIST_MAX) {
      const rows = await db
        .selectFrom('share_item')
        .select('share_id')
        .distinct()
        .where('file_id', 'in', ids.slice(i, i + IN_LIST_MAX))
        .execute();
      for (const row of rows) shareIds.add(row.share_id);
    }
    return [...shareIds];
  }

  /**
   * Gives every share whose items hold one of these files (the file itself or a folder above it)
   * the takedown's status. Answers the ids of the shares flagged.
   */
  async function flagSharesHolding(holders: ReadonlyArray<Holder>): Promise<string[]> {
    const flagged: string[] = [];
    for (const status of new Set(holders.map((h) => h.status))) {
      const shareIds = await sharesHolding(holders.filter((h) => h.status === status));
      if (shareIds.length === 0) continue;
      await db.updateTable('share').set({ status }).where('id', 'in', shareIds).where('status', '!=', 'DELETED').execute();
      flagged.push(...shareIds);
    }
    return flagged;
  }

  return {
    statusesOf,
    sharesHolding,
    flagSharesHolding,

    /** After rows arrived in a user's folders: flags the shares they landed in if their content was taken down. */
    async flagArrivals(rows: ReadonlyArray<{ id: string; user_id: string; hash: string | null }>): Promise<void> {
      const statuses = await statusesOf(rows.map((r) => r.hash));
      if (statuses.size === 0) return;
      const holders = rows.flatMap((r) => {
        const status = r.hash ? statuses.get(r.hash) : undefined;
        return status ? [{ id: r.id, user_id: r.user_id, status }] : [];
      });
      await flagSharesHolding(holders);
    },

    /** Takes content down, or changes the status of a takedown already made. */
    recordTakedown: (takedown: Insertable<TakedownTable> & { status: TakedownStatus }) =>
      db
        .insertInto('takedown')
        .values(takedown)
        .onConflict((c) => c.column('hash').doUpdateSet({ status: takedown.status }))
        .execute(),

    /** Every copy of these contents, in anyone's drive. */
    holdersOf: (hashes: readonly string[]) => db.selectFrom('file').select(['id', 'user_id']).where('hash', 'in', hashes).execute(),

    /** Content no longer taken down: it may be shared and completed again. */
    liftTakedowns: (hashes: readonly string[]) => db.deleteFrom('takedown').where('hash', 'in', hashes).execute(),

    /** Shares closed by a takedown open again (never one cancelled or closed for another reason). */
    reopenShares: (shareIds: readonly string[]) =>
      db.updateTable('share').set({ status: 'OK' }).where('id', 'in', shareIds).where('status', 'in', TAKEDOWN_STATUSES).execute(),

    recordAction: (action: Insertable<ModerationActionTable>) => db.insertInto('moderation_action').values(action).execute(),

    findAction: (id: string) => db.selectFrom('moderation_action').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Every takedown recorded, with when and why (the transparency report counts them). */
    takedownActions: () => db.selectFrom('moderation_action').select(['created_at', 'reason']).where('action', 'like', 'takedown:%').execute(),
  };
}
