import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskName } from '../presenters/shares.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { insertStoredFile, localBlobsOf } from '../testing/factories.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';

describe.each(ENGINES)('shares on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  /** An owner with a folder tree: Trip/{a.jpg, Day 1/{b.jpg}}, and an unshared secret.txt. */
  async function owner() {
    const browser = new TestBrowser(server.url);
    const { body } = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Annabel' });
    const folder = async (name: string, parent_id = '') => (await browser.post('/drive/v1/files', { kind: 'drive#folder', name, parent_id })).body.file;
    const trip = await folder('Trip');
    const day = await folder('Day 1', trip.id);
    const a = await insertStoredFile(server.database.db, body.sub, { name: 'a.jpg', parentId: trip.id, mimeType: 'image/jpeg' });
    const b = await insertStoredFile(server.database.db, body.sub, { name: 'b.jpg', parentId: day.id, content: 'bbbb' }, localBlobsOf(server.config));
    const secret = await insertStoredFile(server.database.db, body.sub, { name: 'secret.txt' });
    return { browser, userId: body.sub as string, trip, day, a, b, secret };
  }
  const visitor = () => new TestBrowser(server.url);
  const view = (shareId: string, extra: Record<string, string> = {}) =>
    visitor().get(`/drive/v1/share?${new URLSearchParams({ share_id: shareId, ...extra })}`);

  it('shares a folder with a generated passcode: EMPTY, then ERROR, then OK with a token that opens it', async () => {
    const { browser, trip } = await owner();
    const created = await browser.post('/drive/v1/share', { file_ids: [trip.id], pass_code_option: 'REQUIRED', expiration_days: 7 });
    expect(created.body.pass_code).toMatch(/^[a-z0-9]{4}$/);
    expect(created.body.share_url).toBe(`${server.config.publicUrl}/s/${created.body.share_id}`);
    const id = created.body.share_id;

    const empty = (await view(id)).body;
    expect(empty).toMatchObject({ share_status: 'PASS_CODE_EMPTY', title: 'Trip', file_num: '1', files: [], user_info: { nickname: maskName('Annabel') } });
    const wrong = (await view(id, { pass_code: created.body.pass_code === 'zzzz' ? 'yyyy' : 'zzzz' })).body;
    expect(wrong.share_status).toBe('PASS_CODE_ERROR');
    expect(wrong.files).toEqual([]);

    const right = (await view(id, { pass_code: created.body.pass_code })).body;
    expect(right.share_status).toBe('OK');
    expect(right.files.map((f: { name: string }) => f.name)).toEqual(['Trip']);
    expect(right.pass_code_token).not.toBe('');
    const withToken = (await view(id, { pass_code_token: right.pass_code_token })).body;
    expect(withToken.share_status).toBe('OK');
    // A token opens only the share it was issued for.
    const other = await browser.post('/drive/v1/share', { file_ids: [trip.id], custom_pass_code: 'Other1' });
    expect((await view(other.body.share_id, { pass_code_token: right.pass_code_token })).body.share_status).toBe('PASS_CODE_EMPTY');
  });

  it('lets a visitor browse down the shared tree but never to a folder outside it', async () => {
    const { browser, trip, day, secret, userId } = await owner();
    const id = (await browser.post('/drive/v1/share', { file_ids: [trip.id] })).body.share_id;
    const inTrip = (await visitor().get(`/drive/v1/share/detail?share_id=${id}&parent_id=${trip.id}&order=NAME_ASC`)).body;
    expect(inTrip.files.map((f: { name: string }) => f.name)).toEqual(['Day 1', 'a.jpg']);
    const inDay = (await visitor().get(`/drive/v1/share/detail?share_id=${id}&parent_id=${day.id}`)).body;
    expect(inDay.files.map((f: { name: string }) => f.name)).toEqual(['b.jpg']);

    const outside = await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Private' });
    for (const parent of [outside.body.file.id, '', 'nonexistent']) {
      const answer = (await visitor().get(`/drive/v1/share/detail?share_id=${id}&parent_id=${parent}`)).body;
      expect(answer.share_status, parent).toBe('NOT_FOUND');
      expect(answer.files).toEqual([]);
    }
    const info = (await visitor().get(`/drive/v1/share/file_info?share_id=${id}&file_id=${secret.id}`)).body;
    expect(info).toMatchObject({ share_status: 'NOT_FOUND' });
    expect(info.file_info).toBeUndefined();
    void userId;
  });

  it('gives a visitor a download link for a file inside the share', async () => {
    const { browser, trip, b } = await owner();
    const id = (await browser.post('/drive/v1/share', { file_ids: [trip.id] })).body.share_id;
    const info = (await visitor().get(`/drive/v1/share/file_info?share_id=${id}&file_id=${b.id}`)).body;
    expect(info.share_status).toBe('OK');
    expect(await (await fetch(info.file_info.web_content_link)).text()).toBe('bbbb');
    const batch = (await visitor().post('/drive/v1/share:batch_file_info', { share_id: id, file_ids: [b.id] })).body;
    expect(batch.files.map((f: { name: string }) => f.name)).toEqual(['b.jpg']);
  });

  it('answers EXPIRED, DELETED (cancelled or files gone) and NOT_FOUND', async () => {
    const { browser, trip, a, userId } = await owner();
    const expiring = (await browser.post('/drive/v1/share', { file_ids: [trip.id], expiration_days: 1 })).body.share_id;
    await server.database.db
      .updateTable('share')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expiring)
      .execute();
    expect((await view(expiring)).body.share_status).toBe('EXPIRED');

    const cancelled = (await browser.post('/drive/v1/share', { file_ids: [trip.id] })).body.share_id;
    await browser.post('/drive/v1/share:batchDelete', { ids: [cancelled] });
    expect((await view(cancelled)).body).toMatchObject({ share_status: 'DELETED', title: '', files: [] });

    const emptied = (await browser.post('/drive/v1/share', { file_ids: [a.id] })).body.share_id;
    await browser.post('/drive/v1/files:batchTrash', { ids: [a.id] });
    expect((await view(emptied)).body.share_status).toBe('DELETED');

    expect((await view('doesnotexistatall00000000')).body.share_status).toBe('NOT_FOUND');
    void userId;
  });

  it('shows the shared items in the order they were shared, without one moved to the trash since', async () => {
    const { browser, trip, a, secret } = await owner();
    const shareId = (await browser.post('/drive/v1/share', { file_ids: [secret.id, trip.id, a.id] })).body.share_id;
    expect((await view(shareId)).body.files.map((f: { name: string }) => f.name)).toEqual(['secret.txt', 'Trip', 'a.jpg']);

    await browser.post('/drive/v1/files:batchTrash', { ids: [a.id] });
    const shown = (await view(shareId)).body;
    expect(shown.files.map((f: { name: string }) => f.name)).toEqual(['secret.txt', 'Trip']);
    expect(shown.file_num).toBe('2');
  });

  it('answers MAX_RESTORE_COUNT once the restore limit is reached, and the stored moderation states', async () => {
    const { browser, trip } = await owner();
    const limited = (await browser.post('/drive/v1/share', { file_ids: [trip.id], restore_limit: 2 })).body.share_id;
    expect((await view(limited)).body).toMatchObject({ share_status: 'OK', restore_count_left: '2' });
    await server.database.db.updateTable('share').set({ restore_count: 2 }).where('id', '=', limited).execute();
    expect((await view(limited)).body).toMatchObject({ share_status: 'MAX_RESTORE_COUNT', files: [] });

    for (const status of ['AUDITING', 'PROHIBITED', 'SENSITIVE_RESOURCE', 'SENSITIVE_WORD']) {
      const id = (await browser.post('/drive/v1/share', { file_ids: [trip.id] })).body.share_id;
      await server.database.db.updateTable('share').set({ status }).where('id', '=', id).execute();
      expect((await view(id)).body).toMatchObject({ share_status: status, files: [], title: '' });
    }
  });

  it("lists the owner's shares with counters, and refuses to share another person's files", async () => {
    const first = await owner();
    const id = (await first.browser.post('/drive/v1/share', { file_ids: [first.trip.id], custom_pass_code: 'abcd12' })).body.share_id;
    await view(id, { pass_code: 'abcd12' });
    await view(id, { pass_code: 'abcd12' });
    const mine = (await first.browser.get('/drive/v1/share/list')).body.data;
    expect(mine[0]).toMatchObject({
      share_id: id,
      share_status: 'OK',
      pass_code: 'abcd12',
      view_count: '2',
      file_num: '1',
      restore_count: '0',
      expiration_at: '-1',
    });

    const second = await owner();
    expect((await second.browser.post('/drive/v1/share', { file_ids: [first.secret.id] })).status).toBe(404);
    expect((await second.browser.get('/drive/v1/share/list')).body.data).toEqual([]);
    // Cancelling another person's share is refused as a missing share is, and changes nothing, even beside one's own.
    const own = (await second.browser.post('/drive/v1/share', { file_ids: [second.trip.id] })).body.share_id;
    for (const ids of [[id], ['doesnotexistatall00000000'], [own, id]]) {
      const refused = await second.browser.post('/drive/v1/share:batchDelete', { ids });
      expect([refused.status, refused.body.error], ids.join()).toEqual([404, 'not_found']);
    }
    expect((await view(id, { pass_code: 'abcd12' })).body.share_status).toBe('OK');
    expect((await view(own)).body.share_status).toBe('OK');
    expect((await second.browser.post('/drive/v1/share:batchDelete', { ids: [own] })).status).toBe(200);
    expect((await view(own)).body.share_status).toBe('DELETED');
    expect((await new TestBrowser(server.url).post('/drive/v1/share', { file_ids: [first.trip.id] })).status).toBe(401);
  });

  it('refuses passcode guessing after 10 wrong tries from one address', async () => {
    const { browser, trip } = await owner();
    const id = (await browser.post('/drive/v1/share', { file_ids: [trip.id], custom_pass_code: 'Right9' })).body.share_id;
    for (let i = 0; i < 10; i++) expect((await view(id, { pass_code: `wrong${i}` })).body.share_status).toBe('PASS_CODE_ERROR');
    const blocked = await view(id, { pass_code: 'Right9' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('too_many_requests');
  });
});
