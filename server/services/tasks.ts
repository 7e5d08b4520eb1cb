// Tasks: long operations queued in the task table and run by a worker (server/tasks/worker.ts) in
// whichever server copy claims them first. A claim is a lease, renewed by progress reports, so a
// stopped copy's tasks resume elsewhere once it runs out.
import type { Kysely } from 'kysely';
import { type TaskRow, tasksRepository } from '../db/repositories/tasks.ts';
import type { Database, TaskType } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { newId } from '../ids.ts';

export type { TaskRow };

/** How long a claim lasts without a heartbeat; a crashed server's tasks resume after this. */
export const TASK_LEASE_MS = 30_000;
export const TASK_MAX_ATTEMPTS = 3;
/** Attempts at a claim before giving the turn back, when other workers keep taking the task read. */
const CLAIM_TRIES = 5;

export type NewTask = { userId: string; type: TaskType; name: string; params?: Record<string, unknown>; fileId?: string; fileName?: string; fileSize?: number };

export function tasksService(db: Kysely<Database>, now: () => number = Date.now) {
  const tasks = tasksRepository(db);

  return {
    async enqueue(task: NewTask): Promise<TaskRow> {
      const at = now();
      const row: TaskRow = {
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
      await tasks.insert(row);
      return row;
    },

    /** Takes the oldest task that is pending, or running with an expired lease. */
    async claim(): Promise<TaskRow | undefined> {
      for (let tries = 0; tries < CLAIM_TRIES; tries++) {
        const at = now();
        const candidate = await tasks.oldestClaimable(at);
        if (!candidate) return undefined;
        // Only the worker whose UPDATE still sees the row as it was read gets it.
        if (await tasks.claim(candidate, at + TASK_LEASE_MS, at)) return tasks.find(candidate.id);
      }
      return undefined;
    },

    /** Reports progress and renews the lease. */
    async progress(id: string, progress: number) {
      const at = now();
      await tasks.update(id, { progress: Math.min(99, Math.max(0, Math.round(progress))), lease_until: at + TASK_LEASE_MS, updated_at: at });
    },

    async complete(id: string, result: { fileId?: string; fileName?: string } = {}) {
      await tasks.update(id, {
        phase: 'PHASE_TYPE_COMPLETE',
        progress: 100,
        lease_until: null,
        updated_at: now(),
        ...(result.fileId ? { file_id: result.fileId } : {}),
        ...(result.fileName ? { file_name: result.fileName } : {}),
      });
    },

    async fail(task: TaskRow, message: string, { final = false } = {}) {
      // A task that failed for a passing reason goes back to the queue, a few times.
      const retry = !final && task.attempts < TASK_MAX_ATTEMPTS;
      await tasks.update(task.id, { phase: retry ? 'PHASE_TYPE_PENDING' : 'PHASE_TYPE_ERROR', message, lease_until: null, updated_at: now() });
    },

    async get(userId: string, id: string): Promise<TaskRow> {
      const task = await tasks.findOwned(userId, id);
      if (!task) throw new ServiceError('not_found', 'This task does not exist.');
      return task;
    },

    list: (userId: string, limit: number, type?: TaskType) => tasks.list(userId, limit, type),
  };
}

export type TasksService = ReturnType<typeof tasksService>;
