// Queries for the task table. The claim is one conditional UPDATE, so two workers (in one process
// or in several server copies) never take the same task; the tasks service decides the rest.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TaskTable, TaskType } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type TaskRow = Selectable<TaskTable>;
type TaskChange = Partial<Pick<TaskRow, 'phase' | 'progress' | 'message' | 'lease_until' | 'file_id' | 'file_name' | 'updated_at'>>;

export function tasksRepository(db: Db) {
  return {
    insert: (row: Insertable<TaskTable>) => db.insertInto('task').values(row).execute(),

    /** The oldest task that is pending, or running with a lease that ended before `at`. */
    oldestClaimable: (at: number) =>
      db
        .selectFrom('task')
        .select(['id', 'phase', 'lease_until', 'attempts'])
        .where((eb) => eb.or([eb('phase', '=', 'PHASE_TYPE_PENDING'), eb.and([eb('phase', '=', 'PHASE_TYPE_RUNNING'), eb('lease_until', '<', at)])]))
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

    find: (id: string) => db.selectFrom('task').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),

    /** One of the user's tasks: another user's task is not found. */
    findOwned: (userId: string, id: string) => db.selectFrom('task').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    update: (id: string, change: TaskChange) => db.updateTable('task').set(change).where('id', '=', id).execute(),

    /** The user's tasks, newest first. */
    list(userId: string, limit: number, type?: TaskType) {
      let query = db.selectFrom('task').selectAll().where('user_id', '=', userId);
      if (type) query = query.where('type', '=', type);
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
