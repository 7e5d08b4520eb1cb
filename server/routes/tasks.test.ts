import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TREE_COPY_INLINE_MAX_ITEMS } from '../services/files.ts';
import { TASK_LEASE_MS, TASK_MAX_ATTEMPTS, TASK_RETRY_DELAY_MS, tasksService } from '../services/tasks.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { insertManyStoredFiles, insertStoredFile } from '../testing/factories.ts';
import { databaseWithUser, ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { until } from '../testing/until.ts';

describe.each(ENGINES)('tasks on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  it('empties the trash as a task with progress, freeing the quota and the blobs', async () => {
    const browser = new TestBrowser(server.url);
    const { body } = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) ids.push((await insertStoredFile(server.database.db, body.sub, { name: `f${i}.txt`, size: 10 })).id);
    const keep = await insertStoredFile(server.database.db, body.sub, { name: 'keep.txt', size: 5 });
    await browser.post('/drive/v1/files:batchTrash', { ids });

    const started = await browser.request('PATCH', '/drive/v1/files/trash:empty');
    expect(started.status).toBe(200);
    const task = await until(
      async () => (await browser.get(`/drive/v1/tasks/${started.body.task_id}`)).body,
      (t) => t.phase === 'PHASE_TYPE_COMPLETE' || t.phase === 'PHASE_TYPE_ERROR',
      'emptying the trash ends',
    );
    expect(task).toMatchObject({ kind: 'drive#task', type: 'trash', phase: 'PHASE_TYPE_COMPLETE', progress: 100 });
    expect((await browser.get('/drive/v1/files?parent_id=*&filters={"trashed":{"eq":true}}')).body.files).toEqual([]);
    expect((await browser.get('/drive/v1/about')).body.quota).toMatchObject({ usage: '5', usage_in_trash: '0' });
    expect((await browser.get('/drive/v1/files')).body.files.map((f: { id: string }) => f.id)).toEqual([keep.id]);
    expect((await browser.get('/drive/v1/tasks?type=trash')).body.tasks.map((t: { id: string }) => t.id)).toEqual([task.id]);

    const stranger = new TestBrowser(server.url);
    await stranger.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Bo' });
    expect((await stranger.get(`/drive/v1/tasks/${task.id}`)).status).toBe(404);
  });

  it(`copies a tree of more than ${TREE_COPY_INLINE_MAX_ITEMS} items as a copy task, and refuses at once what cannot fit`, async () => {
    const browser = new TestBrowser(server.url);
    const { body } = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
    const folder = async (name: string, parent_id = '') => (await browser.post('/drive/v1/files', { kind: 'drive#folder', name, parent_id })).body.file;
    const big = await folder('Big');
    const inner = await folder('Inner', big.id);
    const { size } = await insertManyStoredFiles(server.database.db, body.sub, inner.id, TREE_COPY_INLINE_MAX_ITEMS + 10);
    const target = await folder('Backup');

    const started = await browser.post('/drive/v1/files:batchCopy', { ids: [big.id], to: { parent_id: target.id } });
    expect(started.status).toBe(200);
    expect(started.body.files).toEqual([]);
    const task = await until(
      async () => (await browser.get(`/drive/v1/tasks/${started.body.task_id}`)).body,
      (t) => t.phase === 'PHASE_TYPE_COMPLETE' || t.phase === 'PHASE_TYPE_ERROR',
      'the copy ends',
    );
    expect(task).toMatchObject({ type: 'copy', phase: 'PHASE_TYPE_COMPLETE', progress: 100, file_name: 'Big' });
    const [copied] = (await browser.get(`/drive/v1/files?parent_id=${target.id}`)).body.files;
    expect(copied).toMatchObject({ id: task.file_id, name: 'Big', kind: 'drive#folder' });
    const [copiedInner] = (await browser.get(`/drive/v1/files?parent_id=${copied.id}`)).body.files;
    const count = await server.database.db
      .selectFrom('file')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', '=', copiedInner.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(TREE_COPY_INLINE_MAX_ITEMS + 10);
    expect((await browser.get('/drive/v1/about')).body.quota.usage).toBe(String(2 * size));

    // A second copy would pass the limit: refused before any task is queued, nothing written.
    await server.database.db
      .updateTable('user')
      .set({ storage_limit: 3 * size - 1 })
      .where('id', '=', body.sub)
      .execute();
    const refused = await browser.post('/drive/v1/files:batchCopy', { ids: [big.id], to: { parent_id: target.id } });
    expect([refused.status, refused.body.error]).toEqual([403, 'file_space_not_enough']);
    expect((await browser.get(`/drive/v1/files?parent_id=${target.id}`)).body.files).toHaveLength(1);
    expect((await browser.get('/drive/v1/tasks?type=copy')).body.tasks).toHaveLength(1);
  });
});

describe.each(ENGINES)('task queue on %s', (engine) => {
  it('hands a task to one claimer only, takes it back after a lost lease, and gives up after repeated failures', async () => {
    const { database, drop } = await databaseWithUser(engine);
    try {
      const at = Date.now();
      let clock = at;
      const queue = tasksService({ db: database.db, now: () => clock });
      const task = await queue.enqueue({ userId: 'u1', type: 'trash', name: 'Empty trash' });
      const [a, b] = await Promise.all([queue.claim(), queue.claim()]);
      expect([a?.id, b?.id].filter(Boolean)).toEqual([task.id]);
      expect(await queue.claim()).toBeUndefined();

      // The server running it stopped: once the lease runs out another worker takes it.
      clock += TASK_LEASE_MS + 1;
      const again = await queue.claim();
      expect(again).toMatchObject({ id: task.id, attempts: 2 });

      // The first worker's claim is gone: its heartbeat says so, and it may no longer write the task.
      expect(await queue.heartbeat(a ?? b!, { progress: 50 })).toBe(false);
      expect(await queue.heartbeat(again!, { progress: 40 })).toBe(true);

      // A failure that may pass sends it back to the queue, due after a delay.
      const passing = { error: 'url_unreachable', message: 'connection reset', final: false };
      await queue.fail(again!, passing);
      expect(await queue.claim()).toBeUndefined();
      clock += TASK_RETRY_DELAY_MS * 2 + 1;
      const third = await queue.claim();
      expect(third?.attempts).toBe(TASK_MAX_ATTEMPTS);
      await queue.fail(third!, passing);
      clock += TASK_RETRY_DELAY_MS * TASK_MAX_ATTEMPTS + 1;
      expect(await queue.claim()).toBeUndefined();
      expect(await queue.get('u1', task.id)).toMatchObject({ phase: 'PHASE_TYPE_ERROR', message: 'connection reset', error: 'url_unreachable' });
    } finally {
      await drop();
    }
  });

  it("counts a user's tasks against their limits one request at a time", async () => {
    const { database, drop } = await databaseWithUser(engine);
    try {
      const queue = tasksService({ db: database.db });
      const tries = await Promise.allSettled(
        Array.from({ length: 12 }, () => queue.enqueue({ userId: 'u1', type: 'offline', name: 'x' }, { active: 3, daily: 100 })),
      );
      expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(3);
      expect(tries.filter((t) => t.status === 'rejected').map((t) => (t as PromiseRejectedResult).reason.error)).toEqual(Array(9).fill('task_limit_reached'));
      const daily = await queue.enqueue({ userId: 'u1', type: 'offline', name: 'x' }, { active: 10, daily: 3 }).catch((failure: unknown) => failure);
      expect(daily).toMatchObject({ error: 'task_limit_reached', details: [{ reason: 'daily' }] });
    } finally {
      await drop();
    }
  });
});
