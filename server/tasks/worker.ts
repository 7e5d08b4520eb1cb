// Runs queued tasks one at a time in this process: woken when a task is queued, and checking the
// table now and then for tasks queued by other copies or left behind by a stopped one.
import type { FastifyBaseLogger } from 'fastify';
import type { TaskType } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { TaskQueue, TaskRow } from './queue.ts';

export type TaskHandler = (task: TaskRow, report: (progress: number) => Promise<void>) => Promise<{ fileId?: string; fileName?: string } | void>;

const POLL_MS = 2_000;

export function taskWorker(queue: TaskQueue, handlers: Partial<Record<TaskType, TaskHandler>>, log: FastifyBaseLogger) {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function drain() {
    for (let task = await queue.claim(); task && !stopped; task = await queue.claim()) {
      const handler = handlers[task.type];
      try {
        if (!handler) throw new Error(`no handler for ${task.type} tasks`);
        const result = await handler(task, (progress) => queue.progress(task!.id, progress));
        await queue.complete(task.id, result ?? {});
      } catch (failure) {
        log.error({ err: failure, task: task.id }, 'task failed');
        // A named error (a full drive, a folder gone) comes back the same on every try: it is final.
        await queue.fail(task, failure instanceof Error ? failure.message : String(failure), { final: failure instanceof ServiceError });
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
