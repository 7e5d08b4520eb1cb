// Tasks: long operations queued in the task table and run by a worker (server/tasks/worker.ts) in
// whichever server copy claims them first. A claim is a lease, renewed by the worker's heartbeat,
// so a stopped copy's tasks resume elsewhere once it runs out; a person can pause, resume, retry
// and delete their tasks, and a worker running one learns of it at its next heartbeat.
import type { Kysely } from 'kysely';
import type { TaskAction, TaskStage } from '#shared/api/tasks.ts';
import { dayOf } from '../calendar.ts';
import { accountsRepository } from '../db/repositories/accounts.ts';
import { type TaskCursor, type TaskRow, tasksRepository } from '../db/repositories/tasks.ts';
import type { Database, TaskType } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { conditionsOf, filterNotUnderstood } from '../filters.ts';
import { newId } from '../ids.ts';
import { readPageToken, writePageToken } from '../pagination.ts';
import { deleteInBatches } from './hourly.ts';

export type { TaskRow };

/** What a finished task made, shown with it (the file it saved, say). */
export type TaskResult = { fileId?: string; fileName?: string; fileSize?: number };

/** How long a claim lasts without a heartbeat, unless configured; a crashed server's tasks resume after this. */
export const TASK_LEASE_MS = 30_000;
export const TASK_MAX_ATTEMPTS = 3;
/** How long a task that failed for a passing reason waits before its next attempt, per attempt made. */
export const TASK_RETRY_DELAY_MS = 2_000;
/** Time beyond a heartbeat for a paused task's run to notice and stop. */
const HOLD_MARGIN_MS = 1_000;
/** Attempts at a claim before giving the turn back, when other workers keep taking the task read. */
const CLAIM_TRIES = 5;
/** Phases in which a task still has work to do (counted against a limit on running tasks). */
const ACTIVE_PHASES = ['PHASE_TYPE_PENDING', 'PHASE_TYPE_RUNNING', 'PHASE_TYPE_PAUSED'] as const;

export type NewTask = { userId: string; type: TaskType; name: string; params?: Record<string, unknown>; fileId?: string; fileName?: string; fileSize?: number };

/** Limits on one user's tasks of the new task's type: unfinished ones, and ones created in the current UTC day. */
export type TaskLimits = { active: number; daily: number };

/** How much of its limits a user has used (read one query after the other: inside a transaction they share one connection). */
async function usageOf(tasks: ReturnType<typeof tasksRepository>, userId: string, type: TaskType, at: number): Promise<TaskLimits> {
  return { daily: await tasks.startedOn(userId, type, dayOf(at)), active: await tasks.count(userId, type, ACTIVE_PHASES) };
}

/**
 * The params key of what a task may hold only while it has work to do (a visitor's cookies for a
 * link): erased when the task completes or finally fails, and gone with the row when it is deleted.
 */
export const TASK_SECRETS = 'secrets';

/** The change that erases a task's secrets, if it holds any; the claim's params, otherwise as they were. */
function secretsErased(claimed: Pick<TaskRow, 'params'>): { params?: string } {
  const params = JSON.parse(claimed.params) as Record<string, unknown>;
  if (!(TASK_SECRETS in params)) return {};
  delete params[TASK_SECRETS];
  return { params: JSON.stringify(params) };
}

/** What a running task reports besides its progress. */
export type TaskProgress = { progress: number; bytesDone?: number; speed?: number; fileSize?: number; stage?: TaskStage };

export function tasksService(deps: {
  db: Kysely<Database>;
  now?: () => number;
  /** Drops what a deleted or failed task leaves behind (an offline download's partial bytes). */
  discardWork?: (task: TaskRow) => Promise<void>;
  /**
   * The runs of this process (the task worker, built after this service): a paused or deleted
   * task running here stops at once instead of at its next heartbeat, and a resumed one starts.
   */
  runs?: { stopRun(id: string): Promise<boolean>; wake(): void };
  /** Moves the files a deleted task made to the trash, when asked to. */
  trashFiles?: (userId: string, ids: string[]) => Promise<void>;
  leaseMs?: number;
}) {
  const { db } = deps;
  const leaseMs = deps.leaseMs ?? TASK_LEASE_MS;
  /** How often a running task beats to keep its lease: a few times a lease. */
  const heartbeatMs = Math.max(100, Math.floor(leaseMs / 6));
  const now = deps.now ?? Date.now;
  const tasks = tasksRepository(db);

  async function completeIn(executor: Kysely<Database>, claimed: TaskRow, result: TaskResult = {}): Promise<boolean> {
    return tasksRepository(executor).updateClaimed(claimed, {
      ...secretsErased(claimed),
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      stage: '',
      speed: 0,
      lease_until: null,
      updated_at: now(),
      ...(result.fileId ? { file_id: result.fileId } : {}),
      ...(result.fileName ? { file_name: result.fileName } : {}),
      ...(result.fileSize !== undefined ? { file_size: result.fileSize, bytes_done: result.fileSize } : {}),
    });
  }

  function rowOf(task: NewTask, at: number): TaskRow {
    return {
      id: newId(),
      user_id: task.userId,
      type: task.type,
      name: task.name,
      phase: 'PHASE_TYPE_PENDING',
      progress: 0,
      stage: '',
      message: '',
      error: '',
      file_id: task.fileId ?? '',
      file_name: task.fileName ?? '',
      file_size: task.fileSize ?? 0,
      bytes_done: 0,
      speed: 0,
      params: JSON.stringify(task.params ?? {}),
      lease_until: null,
      attempts: 0,
      created_at: at,
      updated_at: at,
    };
  }

  return {
    /** Queues a task; with limits, refuses it (task_limit_reached) when the user is at one, checked one request at a time. */
    async enqueue(task: NewTask, limits?: TaskLimits): Promise<TaskRow> {
      const at = now();
      const row = rowOf(task, at);
      if (!limits) {
        await tasks.insert(row);
        return row;
      }
      await db.transaction().execute(async (tx) => {
        await accountsRepository(tx).lock(task.userId);
        const queued = tasksRepository(tx);
        const used = await usageOf(queued, task.userId, task.type, at);
        if (used.daily >= limits.daily) throw limitReached('daily', limits.daily);
        if (used.active >= limits.active) throw limitReached('running', limits.active);
        await queued.insert(row);
        await queued.countStart(task.userId, task.type, dayOf(at));
      });
      return row;
    },

    /** How much of its limits a user has used for tasks of a type: started today (UTC), and waiting, running or paused. */
    usage: (userId: string, type: TaskType): Promise<TaskLimits> => usageOf(tasks, userId, type, now()),

    /** Takes the oldest task that is due, or running with an expired lease. */
    async claim(): Promise<TaskRow | undefined> {
      for (let tries = 0; tries < CLAIM_TRIES; tries++) {
        const at = now();
        const candidate = await tasks.oldestClaimable(at);
        if (!candidate) return undefined;
        // Only the worker whose UPDATE still sees the row as it was read gets it.
        if (await tasks.claim(candidate, at + leaseMs, at)) return tasks.find(candidate.id);
      }
      return undefined;
    },

    /**
     * Renews the lease of a claimed task, with its progress when given; answers false when the
     * task is no longer this claim's to run (paused, deleted, or taken over after a lost lease).
     */
    async heartbeat(claimed: TaskRow, report?: TaskProgress): Promise<boolean> {
      const at = now();
      return tasks.updateClaimed(claimed, {
        lease_until: at + leaseMs,
        updated_at: at,
        ...(report
          ? {
              // 100 means done, and only complete() says so.
              progress: Math.min(99, Math.max(0, Math.round(report.progress))),
              ...(report.bytesDone !== undefined ? { bytes_done: report.bytesDone } : {}),
              ...(report.speed !== undefined ? { speed: Math.round(report.speed) } : {}),
              ...(report.fileSize !== undefined ? { file_size: report.fileSize } : {}),
              ...(report.stage !== undefined ? { stage: report.stage } : {}),
            }
          : {}),
      });
    },

    /** Keeps what a task learned for its next attempt (an offline download's validator, say). */
    async remember(claimed: TaskRow, params: Record<string, unknown>): Promise<boolean> {
      return tasks.updateClaimed(claimed, { params: JSON.stringify(params), updated_at: now() });
    },

    async complete(claimed: TaskRow, result: TaskResult = {}) {
      await completeIn(db, claimed, result);
    },

    /**
     * Completes a claimed task inside the transaction that did its work, so the work and its end
     * are written together: a crash between the two would otherwise run the work again on
     * restart. Answers false when the task is no longer this claim's (the caller rolls back).
     */
    completeIn,

    /**
     * Gives a claimed task back to the queue at once, its progress kept (its server is stopping,
     * and its run has ended): claimable now, by any server copy. A stop is not one of the task's
     * attempts: a download stopped by a few restarts in a row still gets all its tries.
     */
    async release(claimed: TaskRow) {
      await tasks.updateClaimed(claimed, {
        phase: 'PHASE_TYPE_PENDING',
        stage: '',
        speed: 0,
        lease_until: null,
        attempts: Math.max(0, claimed.attempts - 1),
        updated_at: now(),
      });
    },

    /**
     * Records a failure. One that may pass (a dropped connection) sends the task back to the queue
     * after a delay, a few times; a named one that would come back the same, or the last try, ends it.
     */
    async fail(claimed: TaskRow, failure: { error: string; message: string; final: boolean }) {
      const retry = !failure.final && claimed.attempts < TASK_MAX_ATTEMPTS;
      // A task that ends here will not continue: what it left on disk goes (a retry starts afresh).
      if (!retry) await deps.discardWork?.(claimed);
      const at = now();
      await tasks.updateClaimed(claimed, {
        ...(retry ? {} : secretsErased(claimed)),
        phase: retry ? 'PHASE_TYPE_PENDING' : 'PHASE_TYPE_ERROR',
        message: failure.message,
        error: failure.error,
        stage: '',
        speed: 0,
        lease_until: retry ? at + TASK_RETRY_DELAY_MS * claimed.attempts : null,
        updated_at: at,
      });
    },

    async get(userId: string, id: string): Promise<TaskRow> {
      const task = await tasks.findOwned(userId, id);
      if (!task) throw new ServiceError('not_found', 'This task does not exist.');
      return task;
    },

    /** A page of the user's tasks, newest first, of one type and in some phases when asked. */
    async list(userId: string, query: { limit: number; type?: TaskType | undefined; filters?: string | undefined; pageToken?: string | undefined }) {
      const after = query.pageToken ? readPageToken(query.pageToken, taskCursorOf) : undefined;
      const rows = await tasks.list(userId, { limit: query.limit + 1, type: query.type, phases: phasesOf(query.filters), after });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { tasks: page, nextPageToken: rows.length > query.limit && last ? writePageToken([last.created_at, last.id]) : '' };
    },

    /** Retry (a failed task), pause (a waiting or running one) or resume (a paused one). */
    async act(userId: string, request: { type: TaskType; action: TaskAction; id: string }): Promise<TaskRow> {
      const task = await tasks.findOwned(userId, request.id);
      if (!task || task.type !== request.type) throw new ServiceError('not_found', 'This task does not exist.');
      const at = now();
      const moved =
        request.action === 'RETRY'
          ? await tasks.changePhase(userId, task.id, ['PHASE_TYPE_ERROR'], {
              phase: 'PHASE_TYPE_PENDING',
              error: '',
              message: '',
              lease_until: null,
              updated_at: at,
            })
          : request.action === 'PAUSE'
            ? await tasks.changePhase(userId, task.id, ['PHASE_TYPE_PENDING', 'PHASE_TYPE_RUNNING'], {
                phase: 'PHASE_TYPE_PAUSED',
                speed: 0,
                // The process running it stops at its next heartbeat; until then a resumed run must not start
                // beside it (both would write the same bytes), so the task stays held that long.
                lease_until: at + heartbeatMs + HOLD_MARGIN_MS,
                updated_at: at,
              })
            : await tasks.changePhase(userId, task.id, ['PHASE_TYPE_PAUSED'], { phase: 'PHASE_TYPE_PENDING', updated_at: at });
      if (!moved)
        throw new ServiceError(
          'invalid_request',
          `This task cannot be ${request.action === 'RETRY' ? 'retried' : request.action === 'PAUSE' ? 'paused' : 'resumed'} now.`,
          [{ field: 'create_type', reason: task.phase }],
        );
      // Stopped here and now, the paused task has no run left to wait for: nothing holds it.
      if (request.action === 'PAUSE' && (await deps.runs?.stopRun(task.id)))
        await tasks.changePhase(userId, task.id, ['PHASE_TYPE_PAUSED'], { phase: 'PHASE_TYPE_PAUSED', lease_until: null });
      if (request.action !== 'PAUSE') deps.runs?.wake();
      return (await tasks.findOwned(userId, task.id))!;
    },

    /** Deletes the user's tasks (a running one stops: at once here, at its next heartbeat elsewhere), and their files when asked. */
    async remove(userId: string, ids: string[], { deleteFiles = false } = {}) {
      const found = await tasks.findManyOwned(userId, [...new Set(ids)]);
      if (found.length === 0) return;
      await tasks.removeOwned(
        userId,
        found.map((task) => task.id),
      );
      // A run here stops before its bytes are dropped, so nothing writes into a folder that is gone.
      for (const task of found) await deps.runs?.stopRun(task.id);
      for (const task of found) await deps.discardWork?.(task);
      if (!deleteFiles || !deps.trashFiles) return;
      for (const task of found) {
        if (task.phase !== 'PHASE_TYPE_COMPLETE' || !task.file_id) continue;
        // A file already trashed or deleted by its owner is not this call's failure.
        await deps.trashFiles(userId, [task.file_id]).catch((failure: unknown) => {
          if (!(failure instanceof ServiceError)) throw failure;
        });
      }
    },

    idsOfType: (type: TaskType, phases: readonly string[]) => tasks.idsOfType(type, phases),

    /** Which of these ids are still tasks, for sweeping what belongs to tasks that are gone. */
    existingIds: (ids: readonly string[]) => tasks.existingIds(ids),

    /**
     * Deletes the tasks that finished (done or failed) before `before`, with what they left behind
     * (a seeding torrent leaves its swarm); the files they made stay in the drive. Answers how many.
     */
    async pruneFinished(before: number): Promise<number> {
      return deleteInBatches(async (batch) => {
        const finished = await tasks.finishedBefore(before, batch);
        const removed = new Set(
          await tasks.removeFinished(
            finished.map((task) => task.id),
            before,
          ),
        );
        for (const task of finished) if (removed.has(task.id)) await deps.discardWork?.(task);
        return removed.size;
      });
    },

    heartbeatMs,
  };
}

export type TasksService = ReturnType<typeof tasksService>;

function limitReached(reason: 'daily' | 'running', limit: number) {
  return new ServiceError(
    'task_limit_reached',
    reason === 'daily'
      ? `You can start ${limit} of these a day. Try again tomorrow.`
      : `You can have ${limit} of these under way at once. Wait for one to finish.`,
    [{ field: 'tasks', reason, limit }],
  );
}

function taskCursorOf([createdAt, id]: unknown[]): TaskCursor | undefined {
  return typeof createdAt === 'number' && typeof id === 'string' ? { createdAt, id } : undefined;
}

const TASK_PHASE_NAMES = new Set(['PHASE_TYPE_PENDING', 'PHASE_TYPE_RUNNING', 'PHASE_TYPE_ERROR', 'PHASE_TYPE_COMPLETE', 'PHASE_TYPE_PAUSED']);

/** The phases the `filters` ask for (`{"phase":{"in":"A,B"}}` or `{"phase":{"eq":"A"}}`), none meaning all. */
function phasesOf(filters: string | undefined): string[] | undefined {
  let phases: string[] | undefined;
  for (const [field, condition] of conditionsOf(filters)) {
    if (field !== 'phase') throw filterNotUnderstood(field);
    const listed = typeof condition.in === 'string' ? condition.in.split(',') : typeof condition.eq === 'string' ? [condition.eq] : undefined;
    if (!listed?.every((phase) => TASK_PHASE_NAMES.has(phase))) throw filterNotUnderstood(field);
    phases = listed;
  }
  return phases;
}
