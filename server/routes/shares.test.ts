import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskName } from '../presenters/shares.ts';
import { PASS_CODE_GUESSES, SHARE_PASS_CODE_GUESSES } from '../services/share-status.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { insertStoredFile, localBlobsOf } from '../testing/factories.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';

/** The machine's Redis (CI and development machines both run one), which several server copies count in. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
    // Eight characters: at the most a share hears (100 passcodes an hour), ten years find one in 322,000.
    expect(created.body.pass_code).toMatch(/^[a-z0-9]{8}$/);
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

  it('counts a passcode before comparing it: of 20 wrong ones sent at once from one address, 10 are compared', async () => {
    const { browser, trip } = await owner();
    const id = (await browser.post('/drive/v1/share', { file_ids: [trip.id], custom_pass_code: 'Right9' })).body.share_id;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => view(id, { pass_code: `wrong${i}` })));
    expect(answers.filter((a) => a.body.share_status === 'PASS_CODE_ERROR')).toHaveLength(PASS_CODE_GUESSES.max);
    expect(answers.filter((a) => a.status === 429 && a.body.error === 'too_many_requests')).toHaveLength(20 - PASS_CODE_GUESSES.max);
    expect((await view(id, { pass_code: 'Right9' })).status).toBe(429);
  });

  it('takes the right passcode as often as visitors bring it: only wrong ones use up the limits', async () => {
    const { browser, trip } = await owner();
    const id = (await browser.post('/drive/v1/share', { file_ids: [trip.id], custom_pass_code: 'Right9' })).body.share_id;
    for (let i = 0; i < SHARE_PASS_CODE_GUESSES.max + 20; i++) expect((await view(id, { pass_code: 'right9' })).body.share_status, `visit ${i}`).toBe('OK');
    for (let i = 0; i < PASS_CODE_GUESSES.max; i++) expect((await view(id, { pass_code: `wrong${i}` })).body.share_status).toBe('PASS_CODE_ERROR');
  });
});

describe.each(ENGINES)('passcodes guessed from many addresses on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a trusted proxy, as in production: each visitor is the address the proxy names.
    server = await startTestServer(engine, { trustedProxies: ['127.0.0.1'] });
  });
  afterAll(async () => server?.dispose());

  async function sharer() {
    const browser = new TestBrowser(server.url);
    await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Annabel' });
    const folder = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Trip' })).body.file;
    const share = async (custom_pass_code: string) =>
      (await browser.post('/drive/v1/share', { file_ids: [folder.id], custom_pass_code })).body.share_id as string;
    return { browser, share };
  }
  const viewFrom = (address: string, shareId: string, extra: Record<string, string> = {}) =>
    new TestBrowser(server.url).get(`/drive/v1/share?${new URLSearchParams({ share_id: shareId, ...extra })}`, { 'X-Forwarded-For': address });
  const mine = async (browser: TestBrowser, shareId: string) =>
    ((await browser.get('/drive/v1/share/list')).body.data as Array<Record<string, string>>).find((s) => s.share_id === shareId)!;

  it('stops a share taking passcodes for an hour after 100 wrong ones from all addresses together, and shows its owner', async () => {
    const { browser, share } = await sharer();
    const id = await share('Right9');
    const other = await share('Other9');
    const earlier = (await viewFrom('198.51.100.1', id, { pass_code: 'Right9' })).body.pass_code_token;
    expect(await mine(browser, id)).toMatchObject({ pass_code_locked_at: '', pass_code_locked_until: '' });

    // 15 addresses guess 10 times each, all at once: 150 guesses, of which the share hears 100.
    const guesses = Array.from({ length: 150 }, (_, i) => viewFrom(`203.0.113.${1 + (i % 15)}`, id, { pass_code: `guess${i}` }));
    const answers = await Promise.all(guesses);
    expect(answers.filter((a) => a.body.share_status === 'PASS_CODE_ERROR')).toHaveLength(SHARE_PASS_CODE_GUESSES.max);
    expect(answers.filter((a) => a.status === 429 && a.body.error === 'too_many_requests')).toHaveLength(150 - SHARE_PASS_CODE_GUESSES.max);

    // Now even the right passcode from an address that never guessed is refused, for an hour.
    const refused = await viewFrom('192.0.2.77', id, { pass_code: 'Right9' });
    expect([refused.status, refused.body.error]).toEqual([429, 'too_many_requests']);
    expect(refused.body.details[0].retry_after_seconds).toBeGreaterThan(SHARE_PASS_CODE_GUESSES.windowMs / 1000 - 120);
    expect(refused.body.details[0].retry_after_seconds).toBeLessThanOrEqual(SHARE_PASS_CODE_GUESSES.windowMs / 1000);
    // A visitor it let in before keeps their way in, and the owner's other share takes passcodes.
    expect((await viewFrom('198.51.100.1', id, { pass_code_token: earlier })).body.share_status).toBe('OK');
    expect((await viewFrom('192.0.2.77', other, { pass_code: 'Other9' })).body.share_status).toBe('OK');

    const listed = await mine(browser, id);
    const until = Date.parse(listed.pass_code_locked_until!);
    expect(until - Date.parse(listed.pass_code_locked_at!)).toBe(SHARE_PASS_CODE_GUESSES.windowMs);
    expect(until).toBeGreaterThan(Date.now());
    expect(await mine(browser, other)).toMatchObject({ pass_code_locked_at: '', pass_code_locked_until: '' });
  });

  it('lets one address past its own limit use up nothing of the share’s, so it cannot stop the share for everyone', async () => {
    const { share } = await sharer();
    const id = await share('Right9');
    for (let i = 0; i < SHARE_PASS_CODE_GUESSES.max + 20; i++) await viewFrom('203.0.113.200', id, { pass_code: `guess${i}` });
    expect((await viewFrom('198.51.100.2', id, { pass_code: 'Right9' })).body.share_status).toBe('OK');
  });
});

describe.each(ENGINES)('passcodes guessed through two server copies counting in one Redis, on %s', (engine) => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer(engine, { redisUrl: REDIS_URL });
    second = await startTestServer(engine, { redisUrl: REDIS_URL, database: first.config.database });
  });
  afterAll(async () => {
    await second?.dispose();
    await first?.dispose();
  });

  it('compares 10 of 20 wrong passcodes sent at once from one address, half of them to each copy', async () => {
    const browser = new TestBrowser(first.url);
    await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Annabel' });
    const folder = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Trip' })).body.file;
    const id = (await browser.post('/drive/v1/share', { file_ids: [folder.id], custom_pass_code: 'Right9' })).body.share_id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => new TestBrowser((i % 2 ? first : second).url).get(`/drive/v1/share?share_id=${id}&pass_code=wrong${i}`)),
    );
    expect(answers.filter((a) => a.body.share_status === 'PASS_CODE_ERROR')).toHaveLength(PASS_CODE_GUESSES.max);
    expect(answers.filter((a) => a.status === 429 && a.body.error === 'too_many_requests')).toHaveLength(20 - PASS_CODE_GUESSES.max);
    // Each copy refuses the right one now, and a right one does not count against the address.
    for (const copy of [first, second]) expect((await new TestBrowser(copy.url).get(`/drive/v1/share?share_id=${id}&pass_code=Right9`)).status).toBe(429);
  });
});
