// Runs queued tasks in this process, a few at a time: woken when a task is queued, and checking the
// table now and then for tasks queued by other copies or left behind by a stopped one. Each running
// task's lease is renewed by a heartbeat, which is also how a task learns that its owner paused or
// deleted it, or that another copy took it over: it is then stopped through its abort signal.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiErrorName } from '#shared/api/errors.ts';
import type { Database, TaskType } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { NewTask, TaskLimits, TaskProgress, TaskResult, TaskRow, TasksService } from '../services/tasks.ts';

/** What a running task gets besides its row: a way to report, a way to remember, and its stop signal. */
export type TaskRun = {
  /** Progress 0–99 (or with bytes and speed); renews the lease. */
  report(progress: number | TaskProgress): Promise<void>;
  /** Keeps facts for the next attempt in the task's params. */
  remember(params: Record<string, unknown>): Promise<void>;
  /** Aborted when the task is paused, deleted or taken over, or the server stops. */
  signal: AbortSignal;
  /**
   * Completes the task inside the transaction of its work (see TasksService.completeIn); false
   * when the task is no longer this run's, and the work must then be rolled back.
   */
  completeIn(executor: Kysely<Database>, result: TaskResult): Promise<boolean>;
};

// biome-ignore lint/suspicious/noConfusingVoidType: handlers that make no file are plain async functions that return nothing
export type TaskHandler = (task: TaskRow, run: TaskRun) => Promise<TaskResult | void>;

export type TaskHandlers = Partial<Record<TaskType, TaskHandler>>;

/** A failure that may pass (a dropped connection, a stalled server): the task is tried again later, under this name if it lasts. */
export class PassingFailure extends Error {
  readonly error: ApiErrorName;
  constructor(error: ApiErrorName, message: string) {
    super(message);
    this.name = 'PassingFailure';
    this.error = error;
  }
}

const POLL_MS = 2_000;
/**
 * How long a stop waits for the tasks under way to end. A download stops at once, a torrent once it
 * has told its trackers goodbye (a second at most); the server's whole stop must fit in Docker's
 * 10 s grace (main.ts).
 */
const STOP_WAIT_MS = 5_000;

export function taskWorker(tasks: TasksService, log: FastifyBaseLogger, { concurrency = 4 }: { concurrency?: number } = {}) {
  let handlers: TaskHandlers = {};
  let stopped = false;
  let claiming = false;
  /** The claims under way, which a stop waits for (a task claimed as the server stops is given back). */
  let filling: Promise<void> = Promise.resolve();
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const running = new Map<string, { done: Promise<void>; stop: AbortController }>();

  function execute(task: TaskRow) {
    // A run of this task from an earlier claim (paused and resumed at once) ends before this one starts.
    const earlier = running.get(task.id)?.done;
    const stop = new AbortController();
    const entry = { stop, done: Promise.resolve() };
    entry.done = (async () => {
      await earlier;
      // A heartbeat that finds the task no longer ours stops it; one that fails keeps trying.
      const beat = async (report?: TaskProgress) => {
        if (stop.signal.aborted) return;
        if (!(await tasks.heartbeat(task, report))) stop.abort(new Error('the task was paused, deleted or taken over'));
      };
      const heartbeat = setInterval(
        () => void beat().catch((failure: unknown) => log.warn({ err: failure, task: task.id }, 'task heartbeat failed')),
        tasks.heartbeatMs,
      );
      heartbeat.unref();
      const run: TaskRun = {
        report: (progress) => beat(typeof progress === 'number' ? { progress } : progress),
        remember: async (params) => {
          if (!(await tasks.remember(task, params))) stop.abort(new Error('the task was paused, deleted or taken over'));
        },
        signal: stop.signal,
        completeIn: (executor, result) => tasks.completeIn(executor, task, result),
      };
      try {
        // Stopped while it waited for its earlier run: it does not start.
        stop.signal.throwIfAborted();
        const handler = handlers[task.type];
        if (!handler) throw new Error(`no handler for ${task.type} tasks`);
        // A task that got to its end completes, stopped or not; one no longer ours is not written.
        await tasks.complete(task, (await handler(task, run)) ?? {});
      } catch (failure) {
        if (stop.signal.aborted) {
          // Stopped by the server's stop, it goes back to the queue now; paused, deleted or
          // taken over, its row already says what comes next.
          if (stopped) await tasks.release(task);
          return;
        }
        log.error({ err: failure, task: task.id }, 'task failed');
        await tasks.fail(task, failureOf(failure));
      } finally {
        clearInterval(heartbeat);
        // A later run of the same task may have taken its place meanwhile: that one stays.
        if (running.get(task.id) === entry) running.delete(task.id);
        wake();
      }
    })().catch((failure: unknown) => log.error({ err: failure, task: task.id }, 'task could not be recorded'));
    // Counted at once, before the claim loop looks for another task: with the entry set only
    // after a first await, a worker ran one more task than its concurrency.
    running.set(task.id, entry);
  }

  async function fill() {
    while (!stopped && running.size < concurrency) {
      const task = await tasks.claim();
      if (!task) return;
      // Claimed while the server began to stop: it goes back to the queue at once, unstarted.
      if (stopped) {
        await tasks.release(task);
        return;
      }
      execute(task);
    }
  }

  function wake() {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    filling = fill()
      .catch((failure: unknown) => log.error({ err: failure }, 'task worker could not claim a task'))
      .finally(() => {
        claiming = false;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  /** Queues a task (within the user's limits, when given) and wakes the worker. */
  async function enqueue(task: NewTask, limits?: TaskLimits): Promise<TaskRow> {
    const queued = await tasks.enqueue(task, limits);
    wake();
    return queued;
  }

  return {
    /** What each type of task does; given once the services the handlers use are built. */
    handle(given: TaskHandlers) {
      handlers = given;
    },
    enqueue,
    /** Queues a task and wakes the worker; answers the task's id for the caller to follow. */
    async run(task: NewTask): Promise<string> {
      return (await enqueue(task)).id;
    },
    start() {
      timer = setInterval(wake, POLL_MS);
      timer.unref();
      wake();
    },
    wake,
    /** Stops the run of a task in this process, if there is one, and waits for its end; answers whether there was. */
    async stopRun(id: string): Promise<boolean> {
      const run = running.get(id);
      if (!run) return false;
      run.stop.abort(new Error('the task was paused or deleted'));
      await run.done;
      return true;
    },
    /**
     * Stops claiming, and stops the tasks under way: each gives its task back to the queue as soon
     * as it has stopped (a download resumes from its bytes on disk), so another server copy, or
     * this one started again, takes it over at once instead of when its lease ends. Waits at most
     * `waitMs` for them: a task that does not stop on being told (a big copy) is left to finish
     * until the process ends, and keeps its lease, since given back it could be done twice.
     */
    async stop({ waitMs = STOP_WAIT_MS }: { waitMs?: number } = {}) {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const { stop } of running.values()) stop.abort(new Error('the server is stopping'));
      const ended = Promise.all([filling, ...[...running.values()].map(({ done }) => done)]);
      let waited: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        ended.then(() => false),
        new Promise<boolean>((resolve) => {
          waited = setTimeout(() => resolve(true), waitMs);
        }),
      ]);
      clearTimeout(waited);
      if (late) log.warn({ tasks: [...running.keys()] }, 'tasks still running as the server stops: they resume once their lease ends');
    },
  };
}

export type TaskWorker = ReturnType<typeof taskWorker>;

function failureOf(failure: unknown): { error: string; message: string; final: boolean } {
  const message = failure instanceof Error ? failure.message : String(failure);
  // A named error (a full drive, a folder gone) comes back the same on every try: it is final.
  if (failure instanceof ServiceError) return { error: failure.error, message, final: true };
  if (failure instanceof PassingFailure) return { error: failure.error, message, final: false };
  return { error: '', message, final: false };
}
