// The task queue over the task table. Claiming is one conditional UPDATE, so two workers (in one
// process or in several server copies) never run the same task at once.
import type { Kysely, Selectable } from 'kysely';
import type { Database, TaskTable, TaskType } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { newId } from '../ids.ts';

export type TaskRow = Selectable<TaskTable>;

/** How long a claim lasts without a heartbeat; a crashed server's tasks resume after this. */
export const TASK_LEASE_MS = 30_000;
export const TASK_MAX_ATTEMPTS = 3;

export function taskQueue(db: Kysely<Database>, now: () => number = Date.now) {
  return {
    async enqueue(task: { userId: string; type: TaskType; name: string; params?: Record<string, unknown>; fileId?: string; fileName?: string; fileSize?: number }): Promise<TaskRow> {
      const at = now();
      const row = {
        id: newId(),
        user_id: task.userId,
        type: task.type,
        name: task.name,
        phase: 'PHASE_TYPE_PENDING',
        progress: 0,
        message: '',
        file_id: task.fileId ?? '',
        file_name: task.fileName ?? '',
        file_size: task.fileSize ?? 0,
        params: JSON.stringify(task.params ?? {}),
        lease_until: null,
        attempts: 0,
        created_at: at,
        updated_at: at,
      };
      await db.insertInto('task').values(row).execute();
      return row;
    },

    /** Takes the oldest task that is pending, or running with an expired lease. */
    async claim(): Promise<TaskRow | undefined> {
      for (let tries = 0; tries < 5; tries++) {
        const at = now();
        const candidate = await db
          .selectFrom('task')
          .select(['id', 'phase', 'lease_until', 'attempts'])
          .where((eb) => eb.or([eb('phase', '=', 'PHASE_TYPE_PENDING'), eb.and([eb('phase', '=', 'PHASE_TYPE_RUNNING'), eb('lease_until', '<', at)])]))
          .orderBy('created_at')
          .limit(1)
          .executeTakeFirst();
        if (!candidate) return undefined;
        // Only the worker whose UPDATE still sees the row as it was read gets it.
        const claimed = await db
          .updateTable('task')
          .set({ phase: 'PHASE_TYPE_RUNNING', lease_until: at + TASK_LEASE_MS, attempts: candidate.attempts + 1, updated_at: at })
          .where('id', '=', candidate.id)
          .where('phase', '=', candidate.phase)
          .where('attempts', '=', candidate.attempts)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 1) return db.selectFrom('task').selectAll().where('id', '=', candidate.id).executeTakeFirstOrThrow();
      }
      return undefined;
    },

    /** Reports progress and renews the lease. */
    async progress(id: string, progress: number) {
      const at = now();
      await db.updateTable('task').set({ progress: Math.min(99, Math.max(0, Math.round(progress))), lease_until: at + TASK_LEASE_MS, updated_at: at }).where('id', '=', id).execute();
    },

    async complete(id: string, result: { fileId?: string; fileName?: string } = {}) {
      await db
        .updateTable('task')
        .set({ phase: 'PHASE_TYPE_COMPLETE', progress: 100, lease_until: null, updated_at: now(), ...(result.fileId ? { file_id: result.fileId } : {}), ...(result.fileName ? { file_name: result.fileName } : {}) })
        .where('id', '=', id)
        .execute();
    },

    async fail(task: TaskRow, message: string, { final = false } = {}) {
      // A task that failed for a passing reason goes back to the queue, a few times.
      const retry = !final && task.attempts < TASK_MAX_ATTEMPTS;
      await db
        .updateTable('task')
        .set({ phase: retry ? 'PHASE_TYPE_PENDING' : 'PHASE_TYPE_ERROR', message, lease_until: null, updated_at: now() })
        .where('id', '=', task.id)
        .execute();
    },

    async get(userId: string, id: string): Promise<TaskRow> {
      const task = await db.selectFrom('task').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      if (!task) throw new ServiceError('not_found', 'This task does not exist.');
      return task;
    },

    list: (userId: string, limit: number, type?: TaskType) => {
      let query = db.selectFrom('task').selectAll().where('user_id', '=', userId);
      if (type) query = query.where('type', '=', type);
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export type TaskQueue = ReturnType<typeof taskQueue>;
