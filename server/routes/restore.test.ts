import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TREE_COPY_INLINE_MAX_ITEMS } from '../services/files.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { insertManyStoredFiles, insertStoredFile } from '../testing/factories.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';

describe.each(ENGINES)("saving a share into one's drive on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  async function person(name = 'Ann') {
    const browser = new TestBrowser(server.url);
    const { body } = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name });
    return { browser, userId: body.sub as string };
  }

  /** Trip/{a.jpg (100 B), Day 1/{b.jpg (50 B)}} shared by a new owner. */
  async function sharedTrip(shareOptions: Record<string, unknown> = {}) {
    const owner = await person('Owner');
    const folder = async (name: string, parent_id = '') => (await owner.browser.post('/drive/v1/files', { kind: 'drive#folder', name, parent_id })).body.file;
    const trip = await folder('Trip');
    const day = await folder('Day 1', trip.id);
    const a = await insertStoredFile(server.database.db, owner.userId, { name: 'a.jpg', parentId: trip.id, size: 100 });
    const b = await insertStoredFile(server.database.db, owner.userId, { name: 'b.jpg', parentId: day.id, size: 50 });
    const share = (await owner.browser.post('/drive/v1/share', { file_ids: [trip.id], ...shareOptions })).body;
    return { owner, trip, day, a, b, share };
  }

  const restore = (browser: TestBrowser, body: Record<string, unknown>) => browser.post('/drive/v1/share/restore', body);
  const names = async (browser: TestBrowser, parentId: string) =>
    (await browser.get(`/drive/v1/files?parent_id=${parentId}&order=NAME_ASC`)).body.files as Array<{
      id: string;
      name: string;
      hash: string;
      params: Record<string, string>;
    }>;

  it('saves a whole tree into a "Saved shares" folder, pointing at the same content', async () => {
    const { share, a, b } = await sharedTrip();
    const saver = await person();
    const saved = await restore(saver.browser, { share_id: share.share_id });
    expect(saved.body).toMatchObject({ share_status: 'OK', restore_status: 'RESTORE_COMPLETE', restore_task_id: '' });

    const [folder] = await names(saver.browser, '');
    expect(folder?.name).toBe('Saved shares');
    const [trip] = await names(saver.browser, folder!.id);
    expect(trip).toMatchObject({ id: saved.body.file_id, name: 'Trip', params: { original_share_id: share.share_id } });
    const inTrip = await names(saver.browser, trip!.id);
    expect(inTrip.map((f) => f.name)).toEqual(['Day 1', 'a.jpg']);
    expect(inTrip[1]?.hash).toBe(a.hash);
    expect((await names(saver.browser, inTrip[0]!.id)).map((f) => [f.name, f.hash])).toEqual([['b.jpg', b.hash]]);
    expect((await saver.browser.get('/drive/v1/about')).body.quota.usage).toBe('150');
    expect((await saver.browser.get('/drive/v1/events?limit=1')).body.events[0]).toMatchObject({ type: 'TYPE_RESTORE', file_name: 'Trip' });
  });

  it("saves chosen items into a chosen folder, and refuses a folder that is not the saver's", async () => {
    const { share, b, owner } = await sharedTrip();
    const saver = await person();
    const inbox = (await saver.browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Inbox' })).body.file;
    const saved = await restore(saver.browser, { share_id: share.share_id, file_ids: [b.id], parent_id: inbox.id });
    expect(saved.body.restore_status).toBe('RESTORE_COMPLETE');
    expect((await names(saver.browser, inbox.id)).map((f) => f.name)).toEqual(['b.jpg']);
    const ownersFolder = (await owner.browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Mine' })).body.file;
    expect((await restore(saver.browser, { share_id: share.share_id, parent_id: ownersFolder.id })).status).toBe(404);
  });

  it("answers file_restore_own for one's own share, and needs a signed-in saver", async () => {
    const { share, owner } = await sharedTrip();
    expect((await restore(owner.browser, { share_id: share.share_id })).body.error).toBe('file_restore_own');
    expect((await restore(new TestBrowser(server.url), { share_id: share.share_id })).status).toBe(401);
  });

  it('needs the passcode token of a protected share', async () => {
    const { share } = await sharedTrip({ custom_pass_code: 'open42' });
    const saver = await person();
    expect((await restore(saver.browser, { share_id: share.share_id })).body).toMatchObject({
      share_status: 'PASS_CODE_EMPTY',
      restore_status: 'RESTORE_UNKNOWN',
    });
    const token = (await saver.browser.get(`/drive/v1/share?share_id=${share.share_id}&pass_code=open42`)).body.pass_code_token;
    expect((await restore(saver.browser, { share_id: share.share_id, pass_code_token: token })).body.restore_status).toBe('RESTORE_COMPLETE');
  });

  it('lets only as many saves through as the restore limit allows, even at once', async () => {
    const { share } = await sharedTrip({ restore_limit: 1 });
    const savers = [await person(), await person(), await person()];
    const results = await Promise.all(savers.map((s) => restore(s.browser, { share_id: share.share_id })));
    const statuses = results.map((r) => r.body.restore_status ?? r.body.share_status).sort();
    expect(statuses.filter((s) => s === 'RESTORE_COMPLETE')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'RESTORE_COMPLETE' || s === 'RESTORE_UNKNOWN')).toHaveLength(3);
    expect(results.filter((r) => r.body.share_status === 'MAX_RESTORE_COUNT')).toHaveLength(2);
    expect((await savers[0]!.browser.get(`/drive/v1/share?share_id=${share.share_id}`)).body.share_status).toBe('MAX_RESTORE_COUNT');
  });

  it('refuses with file_space_not_enough when the saver lacks space, writing nothing', async () => {
    const { share } = await sharedTrip();
    const saver = await person();
    await server.database.db.updateTable('user').set({ storage_limit: 120 }).where('id', '=', saver.userId).execute();
    const answer = await restore(saver.browser, { share_id: share.share_id });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('file_space_not_enough');
    expect(await names(saver.browser, '')).toEqual([]);
    expect((await saver.browser.get(`/drive/v1/share?share_id=${share.share_id}`)).body.restore_count_left).toBe('-1');
  });

  it(`saves a tree of more than ${TREE_COPY_INLINE_MAX_ITEMS} items as a restore task, complete in the end`, async () => {
    const owner = await person('Owner');
    const big = (await owner.browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Big' })).body.file;
    await insertManyStoredFiles(server.database.db, owner.userId, big.id, TREE_COPY_INLINE_MAX_ITEMS + 6);
    const share = (await owner.browser.post('/drive/v1/share', { file_ids: [big.id] })).body;
    const saver = await person();
    const started = (await restore(saver.browser, { share_id: share.share_id })).body;
    expect(started).toMatchObject({ share_status: 'OK', restore_status: 'RESTORE_START' });
    let task = (await saver.browser.get(`/drive/v1/tasks/${started.restore_task_id}`)).body;
    for (let i = 0; i < 200 && task.phase !== 'PHASE_TYPE_COMPLETE' && task.phase !== 'PHASE_TYPE_ERROR'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      task = (await saver.browser.get(`/drive/v1/tasks/${started.restore_task_id}`)).body;
    }
    expect(task).toMatchObject({ type: 'restore', phase: 'PHASE_TYPE_COMPLETE', progress: 100 });
    const count = await server.database.db
      .selectFrom('file')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', saver.userId)
      .where('kind', '=', 'drive#file')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(TREE_COPY_INLINE_MAX_ITEMS + 6);
  });
});
