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

  const rowOf = (id: string) => setup.database.db.selectFrom('task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('gives back at once a task it claimed as it was stopping, without starting it', async () => {
    let goOn!: () => void;
    const claimGoesOn = new Promise<void>((resolve) => (goOn = resolve));
    let claiming!: () => void;
    const claimStarted = new Promise<void>((resolve) => (claiming = resolve));
    let answered!: () => void;
    const claimAnswered = new Promise<void>((resolve) => (answered = resolve));
    // The claim of the next task is on its way to the database when the stop comes.
    const slowClaims: TasksService = {
      ...tasks,
      claim: async () => {
        claiming();
        await claimGoesOn;
        const claimed = await tasks.claim();
        answered();
        return claimed;
      },
    };
    const worker = taskWorker(slowClaims, Fastify({ logger: false }).log);
    let started = false;
    worker.handle({
      copy: async () => {
        started = true;
      },
    });
    const task = await tasks.enqueue({ userId: 'u1', type: 'copy', name: 'claimed as the server stops' });
    worker.start();
    await claimStarted;
    const stopped = worker.stop();
    goOn();
    await stopped;
    await claimAnswered;
    // Time for a run to start, were it to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(false);
    expect(await rowOf(task.id)).toMatchObject({ phase: 'PHASE_TYPE_PENDING', lease_until: null, attempts: 0 });
  });

  it('waits no longer than it is given for a task that does not stop when told, which keeps its lease', async () => {
    const worker = taskWorker(tasks, Fastify({ logger: false }).log);
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    // A big copy: it goes on to its end whatever it is told.
    worker.handle({ copy: () => finished });
    const task = await tasks.enqueue({ userId: 'u1', type: 'copy', name: 'a copy that does not stop' });
    worker.start();
    await until(
      () => rowOf(task.id),
      (row) => row.phase === 'PHASE_TYPE_RUNNING',
      'the copy runs',
    );
    const at = performance.now();
    await worker.stop({ waitMs: 200 });
    expect(performance.now() - at).toBeLessThan(2_000);
    // Given back while it still runs, it could be done twice: it is taken over once its lease ends.
    const row = await rowOf(task.id);
    expect(row.phase).toBe('PHASE_TYPE_RUNNING');
    expect(row.lease_until).toBeGreaterThan(Date.now());
    // Left to go on, it completes as any task does.
    finish();
    await until(
      () => rowOf(task.id),
      (done) => done.phase === 'PHASE_TYPE_COMPLETE',
      'the copy completes',
    );
  });
});
