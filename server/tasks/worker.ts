// Runs queued tasks one at a time in this process: woken when a task is queued, and checking the
// table now and then for tasks queued by other copies or left behind by a stopped one.
import type { FastifyBaseLogger } from 'fastify';
import type { TaskType } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { NewTask, TaskRow, TasksService } from '../services/tasks.ts';

/** What a task made, for its record (the file to open); a task that makes no file answers nothing. */
type TaskResult = { fileId?: string; fileName?: string };
// biome-ignore lint/suspicious/noConfusingVoidType: handlers that make no file are plain async functions that return nothing
export type TaskHandler = (task: TaskRow, report: (progress: number) => Promise<void>) => Promise<TaskResult | void>;

const POLL_MS = 2_000;

export type TaskHandlers = Partial<Record<TaskType, TaskHandler>>;

export function taskWorker(tasks: TasksService, log: FastifyBaseLogger) {
  let handlers: TaskHandlers = {};
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function drain() {
    for (let task = await tasks.claim(); task && !stopped; task = await tasks.claim()) {
      const handler = handlers[task.type];
      try {
        if (!handler) throw new Error(`no handler for ${task.type} tasks`);
        const result = await handler(task, (progress) => tasks.progress(task!.id, progress));
        await tasks.complete(task.id, result ?? {});
      } catch (failure) {
        log.error({ err: failure, task: task.id }, 'task failed');
        // A named error (a full drive, a folder gone) comes back the same on every try: it is final.
        await tasks.fail(task, failure instanceof Error ? failure.message : String(failure), { final: failure instanceof ServiceError });
      }
    }
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((failure: unknown) => log.error({ err: failure }, 'task worker stopped on an error'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    /** What each type of task does; given once the services the handlers use are built. */
    handle(given: TaskHandlers) {
      handlers = given;
    },
    /** Queues a task and wakes the worker; answers the task's id for the caller to follow. */
    async run(task: NewTask): Promise<string> {
      const queued = await tasks.enqueue(task);
      wake();
      return queued.id;
    },
    start() {
      timer = setInterval(wake, POLL_MS);
      timer.unref();
      wake();
    },
    wake,
    /** Finishes the task under way (its lease would hand it to another copy otherwise). */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type TaskWorker = ReturnType<typeof taskWorker>;
