// Queries for the task table. The claim is one conditional UPDATE, so two workers (in one process
// or in several server copies) never take the same task; a claim is known by its attempt number,
// so a worker whose lease ran out and was taken over learns it at its next heartbeat.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TaskTable, TaskType } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type TaskRow = Selectable<TaskTable>;
type TaskChange = Partial<
  Pick<
    TaskRow,
    | 'phase'
    | 'progress'
    | 'stage'
    | 'message'
    | 'error'
    | 'lease_until'
    | 'file_id'
    | 'file_name'
    | 'file_size'
    | 'bytes_done'
    | 'speed'
    | 'params'
    | 'updated_at'
    // A run handed back as its server stops gives back its attempt too.
    | 'attempts'
  >
>;

/** Phases a task does not leave unless someone retries it. */
const FINISHED_PHASES = ['PHASE_TYPE_COMPLETE', 'PHASE_TYPE_ERROR'] as const;

/** Where a page of the task list starts: after this task (newest first). */
export type TaskCursor = { createdAt: number; id: string };

export function tasksRepository(db: Db) {
  return {
    insert: (row: Insertable<TaskTable>) => db.insertInto('task').values(row).execute(),

    /**
     * The oldest task that is pending and due (a pending task's lease is when it may run again
     * after a passing failure), or running with a lease that ended before `at`.
     */
    oldestClaimable: (at: number) =>
      db
        .selectFrom('task')
        .select(['id', 'phase', 'lease_until', 'attempts'])
        .where((eb) =>
          eb.or([
            eb.and([eb('phase', '=', 'PHASE_TYPE_PENDING'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)])]),
            eb.and([eb('phase', '=', 'PHASE_TYPE_RUNNING'), eb('lease_until', '<', at)]),
          ]),
        )
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst(),

    /** Marks the task running, only if it is still as it was read; answers whether this call got it. */
    async claim(seen: Pick<TaskRow, 'id' | 'phase' | 'attempts'>, leaseUntil: number, at: number): Promise<boolean> {
      const claimed = await db
        .updateTable('task')
        .set({ phase: 'PHASE_TYPE_RUNNING', lease_until: leaseUntil, attempts: seen.attempts + 1, updated_at: at })
        .where('id', '=', seen.id)
        .where('phase', '=', seen.phase)
        .where('attempts', '=', seen.attempts)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /**
     * Changes a running task, only under the claim that is running it (the attempt that took it);
     * answers false when the task was paused, deleted or taken over meanwhile.
     */
    async updateClaimed(claimed: Pick<TaskRow, 'id' | 'attempts'>, change: TaskChange): Promise<boolean> {
      const updated = await db
        .updateTable('task')
        .set(change)
        .where('id', '=', claimed.id)
        .where('attempts', '=', claimed.attempts)
        .where('phase', '=', 'PHASE_TYPE_RUNNING')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    find: (id: string) => db.selectFrom('task').selectAll().where('id', '=', id).executeTakeFirst(),

    /** One of the user's tasks: another user's task is not found. */
    findOwned: (userId: string, id: string) => db.selectFrom('task').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    findManyOwned: (userId: string, ids: readonly string[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.selectFrom('task').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute(),

    update: (id: string, change: TaskChange) => db.updateTable('task').set(change).where('id', '=', id).execute(),

    /** How many tasks are in each phase, of every user (for the operator's metrics). */
    async countByPhase(): Promise<Array<{ phase: string; count: number }>> {
      const rows = await db
        .selectFrom('task')
        .select(['phase', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('phase')
        .execute();
      return rows.map((row) => ({ phase: row.phase, count: Number(row.count) }));
    },

    /** Moves one of the user's tasks from one of `from` to another phase; answers whether it did. */
    async changePhase(userId: string, id: string, from: readonly string[], change: TaskChange & { phase: string }): Promise<boolean> {
      const updated = await db.updateTable('task').set(change).where('user_id', '=', userId).where('id', '=', id).where('phase', 'in', from).executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    removeOwned: (userId: string, ids: readonly string[]) => db.deleteFrom('task').where('user_id', '=', userId).where('id', 'in', ids).execute(),

    /** A page of the user's tasks, newest first. */
    list(userId: string, query: { limit: number; type?: TaskType | undefined; phases?: readonly string[] | undefined; after?: TaskCursor | undefined }) {
      let select = db.selectFrom('task').selectAll().where('user_id', '=', userId);
      if (query.type) select = select.where('type', '=', query.type);
      if (query.phases) select = select.where('phase', 'in', query.phases);
      const after = query.after;
      if (after)
        select = select.where((eb) =>
          eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]),
        );
      return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
    },

    /** How many of the user's tasks of a type are in one of `phases`. */
    async count(userId: string, type: TaskType, phases: readonly string[]): Promise<number> {
      const { n } = await db
        .selectFrom('task')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('phase', 'in', phases)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** How many tasks of a type the user started on `day` (UTC days since 1970), deleted ones included. */
    async startedOn(userId: string, type: TaskType, day: number): Promise<number> {
      const row = await db
        .selectFrom('task_start')
        .select('started')
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('day', '=', day)
        .executeTakeFirst();
      return row?.started ?? 0;
    },

    /** Counts one more task started on `day`, and forgets the user's earlier days, which no limit reads. */
    async countStart(userId: string, type: TaskType, day: number): Promise<void> {
      await db
        .insertInto('task_start')
        .values({ user_id: userId, type, day, started: 1 })
        .onConflict((conflict) => conflict.columns(['user_id', 'type', 'day']).doUpdateSet((eb) => ({ started: eb('task_start.started', '+', 1) })))
        .execute();
      await db.deleteFrom('task_start').where('user_id', '=', userId).where('type', '=', type).where('day', '<', day).execute();
    },

    /** Up to `limit` tasks that finished (done or failed) and were created and last changed before `before`. */
    finishedBefore: (before: number, limit: number) =>
      db
        .selectFrom('task')
        .selectAll()
        .where('phase', 'in', FINISHED_PHASES)
        .where('created_at', '<', before)
        .where('updated_at', '<', before)
        .limit(limit)
        .execute(),

    /** Deletes these tasks if they are still finished since before `before` (a retry may have started one again); answers the ids deleted. */
    async removeFinished(ids: readonly string[], before: number): Promise<string[]> {
      if (ids.length === 0) return [];
      const removed = await db
        .deleteFrom('task')
        .where('id', 'in', ids)
        .where('phase', 'in', FINISHED_PHASES)
        .where('updated_at', '<', before)
        .returning('id')
        .execute();
      return removed.map((row) => row.id);
    },

    /** Which of these ids are tasks (of anyone, in any phase). */
    existingIds: async (ids: readonly string[]) =>
      ids.length === 0 ? [] : (await db.selectFrom('task').select('id').where('id', 'in', ids).execute()).map((row) => row.id),

    /** The ids of the tasks of a type in some phases, for sweeping what belongs to tasks that are gone or done. */
    idsOfType: async (type: TaskType, phases: readonly string[]) =>
      (await db.selectFrom('task').select('id').where('type', '=', type).where('phase', 'in', phases).execute()).map((row) => row.id),
  };
}
