import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TasksService, tasksService } from '../services/tasks.ts';
import { databaseWithUser, ENGINES } from '../testing/harness.ts';
import { until } from '../testing/until.ts';
import { taskWorker } from './worker.ts';

describe.each(ENGINES)('the task worker on %s', (engine) => {
  let setup: Awaited<ReturnType<typeof databaseWithUser>>;
  let tasks: TasksService;
  beforeAll(async () => {
    setup = await databaseWithUser(engine);
    tasks = tasksService({ db: setup.database.db });
  });
  afterAll(async () => setup?.drop());

  it('never runs more tasks at once than its concurrency, however many are queued', async () => {
    const worker = taskWorker(tasks, Fastify({ logger: false }).log, { concurrency: 2 });
    let running = 0;
    let mostAtOnce = 0;
    let finished = 0;
    worker.handle({
      copy: async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, 30));
        running -= 1;
        finished += 1;
      },
    });
    for (let i = 0; i < 8; i++) await worker.enqueue({ userId: 'u1', type: 'copy', name: `copy ${i}` });
    worker.start();
    try {
      await until(
        async () => finished,
        (count) => count === 8,
        'all eight tasks run',
      );
      expect(mostAtOnce).toBe(2);
    } finally {
      await worker.stop();
    }
  });
});
