import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { insertStoredFile } from '../testing/factories.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';

describe.each(ENGINES)('files API on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  async function person() {
    const browser = new TestBrowser(server.url);
    const answer = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
    const userId = answer.body.sub as string;
    const folder = async (name: string, parent_id = '') => (await browser.post('/drive/v1/files', { kind: 'drive#folder', name, parent_id })).body.file;
    const file = (name: string, parentId = '', extra: { size?: number; modifiedAt?: number; mimeType?: string } = {}) =>
      insertStoredFile(server.database.db, userId, { name, parentId, ...extra });
    const list = async (query: Record<string, string> = {}) => (await browser.get(`/drive/v1/files?${new URLSearchParams(query)}`)).body;
    const names = async (query: Record<string, string> = {}) => (await list(query)).files.map((f: { name: string }) => f.name);
    return { browser, userId, folder, file, list, names };
  }

  it('creates folders, numbering a clash, and lists folders first', async () => {
    const { folder, file, names } = await person();
    await file('b.txt', '', { modifiedAt: 1000 });
    await folder('Photos');
    const second = await folder('Photos');
    expect(second.name).toBe('Photos (1)');
    expect(second.kind).toBe('drive#folder');
    expect(await names({ order: 'NAME_ASC' })).toEqual(['Photos', 'Photos (1)', 'b.txt']);
  });

  it('refuses bad names with a named error and never 500', async () => {
    const { browser } = await person();
    const create = (name: string) => browser.post('/drive/v1/files', { kind: 'drive#folder', name });
    expect((await create('')).body.error).toBe('file_name_empty');
    for (const [name, reason] of [
      ['a/b', 'slash'],
      ['..', 'dot'],
      ['a\u0001b', 'control'],
      // NUL is refused for every value a request brings, before any route's own rules.
      ['a\u0000b', 'nul'],
      ['x'.repeat(256), 'too_long'],
    ]) {
      const answer = await create(name!);
      expect(answer.status).toBe(400);
      expect(answer.body.details[0].reason).toBe(reason);
    }
  });

  it('sorts by each of the six orders and pages with tokens that return every item once', async () => {
    const { file, list, names } = await person();
    for (let i = 0; i < 25; i++) await file(`f${String(i).padStart(2, '0')}.txt`, '', { size: (i * 7) % 25, modifiedAt: 10_000 + ((i * 11) % 25) });
    expect((await names({ order: 'NAME_DESC' }))[0]).toBe('f24.txt');
    expect((await names({ order: '5' }))[0]).toBe('f00.txt');
    const bySizeDesc = (await list({ order: '8' })).files.map((f: { size: string }) => Number(f.size));
    expect(bySizeDesc).toEqual([...bySizeDesc].sort((a, b) => b - a));

    for (const order of ['NAME_ASC', 'NAME_DESC', '3', '5', '6', '7', '8']) {
      const seen: string[] = [];
      let token = '';
      do {
        const page = await list({ order, limit: '7', ...(token ? { page_token: token } : {}) });
        seen.push(...page.files.map((f: { id: string }) => f.id));
        token = page.next_page_token;
      } while (token);
      expect(seen, `order ${order}`).toHaveLength(25);
      expect(new Set(seen).size).toBe(25);
    }
  });

  it('refuses a page token from another listing and a bad order or filter', async () => {
    const { file, list, browser } = await person();
    for (let i = 0; i < 3; i++) await file(`x${i}`);
    const token = (await list({ order: 'NAME_ASC', limit: '1' })).next_page_token;
    expect((await browser.get(`/drive/v1/files?order=8&limit=1&page_token=${token}`)).body.details[0].field).toBe('page_token');
    expect((await browser.get('/drive/v1/files?order=99')).body.details[0].field).toBe('order');
    expect((await browser.get(`/drive/v1/files?filters=${encodeURIComponent('{"owner":{"eq":1}}')}`)).body.error).toBe('invalid_request');
  });

  it('searches names with q, case-insensitively, with % and _ taken literally', async () => {
    const { file, names } = await person();
    await file('Holiday Photo.jpg');
    await file('holiday_plan.txt');
    await file('100% done.txt');
    await file('work.txt');
    expect((await names({ q: 'HOLIDAY', order: 'NAME_ASC' })).sort()).toEqual(['Holiday Photo.jpg', 'holiday_plan.txt']);
    expect(await names({ q: '%' })).toEqual(['100% done.txt']);
    expect(await names({ q: 'y_p' })).toEqual(['holiday_plan.txt']);
  });

  it('renames, refusing the same name and a clash', async () => {
    const { browser, file } = await person();
    const a = await file('a.txt');
    await file('b.txt');
    expect((await browser.request('PATCH', `/drive/v1/files/${a.id}`, { name: 'a.txt' })).body.error).toBe('file_rename_to_same_name');
    expect((await browser.request('PATCH', `/drive/v1/files/${a.id}`, { name: 'b.txt' })).body.error).toBe('file_duplicated_name');
    const renamed = await browser.request('PATCH', `/drive/v1/files/${a.id}`, { name: 'c.md' });
    expect(renamed.body).toMatchObject({ name: 'c.md', file_extension: '.md' });
  });

  it('moves into a folder numbering a clash, and refuses a folder into itself or below it', async () => {
    const { browser, folder, file, names } = await person();
    const docs = await folder('Docs');
    const inner = await folder('Inner', docs.id);
    await file('a.txt', docs.id);
    const a = await file('a.txt');
    expect((await browser.post('/drive/v1/files:batchMove', { ids: [a.id], to: { parent_id: docs.id } })).status).toBe(200);
    expect(await names({ parent_id: docs.id, order: 'NAME_ASC' })).toEqual(['Inner', 'a (1).txt', 'a.txt']);
    for (const target of [docs.id, inner.id]) {
      const answer = await browser.post('/drive/v1/files:batchMove', { ids: [docs.id], to: { parent_id: target } });
      expect(answer.body.error).toBe('file_move_or_copy_to_cur');
    }
    const path = await browser.get(`/drive/v1/files/${inner.id}/path`);
    expect(path.body.folders.map((f: { name: string }) => f.name)).toEqual(['Docs', 'Inner']);
  });

  it('copies a folder tree pointing at the same content, counting it against the quota', async () => {
    const { browser, folder, file, list } = await person();
    const docs = await folder('Docs');
    const sub = await folder('Sub', docs.id);
    const stored = await file('big.bin', sub.id, { size: 1000 });
    const before = (await browser.get('/drive/v1/about')).body.quota;
    const copied = await browser.post('/drive/v1/files:batchCopy', { ids: [docs.id], to: { parent_id: '' } });
    expect(copied.body.files[0].name).toBe('Docs (1)');
    const copySub = (await list({ parent_id: copied.body.files[0].id })).files[0];
    const copyFile = (await list({ parent_id: copySub.id })).files[0];
    expect(copyFile).toMatchObject({ name: 'big.bin', hash: stored.hash, size: '1000' });
    expect(copyFile.id).not.toBe(stored.id);
    const after = (await browser.get('/drive/v1/about')).body.quota;
    expect(Number(after.usage) - Number(before.usage)).toBe(1000);
  });

  it('refuses a copy that would pass the storage limit, copying nothing', async () => {
    const { browser, userId, file, names } = await person();
    await server.database.db.updateTable('user').set({ storage_limit: 1500 }).where('id', '=', userId).execute();
    const big = await file('big.bin', '', { size: 1000 });
    const answer = await browser.post('/drive/v1/files:batchCopy', { ids: [big.id], to: { parent_id: '' } });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('file_space_not_enough');
    expect(await names()).toEqual(['big.bin']);
  });

  it('trashes a folder with everything in it, lists it in the trash, and restores it where it was', async () => {
    const { browser, folder, file, names, list } = await person();
    const docs = await folder('Docs');
    await file('in.txt', docs.id, { size: 10 });
    expect((await browser.post('/drive/v1/files:batchTrash', { ids: [docs.id] })).status).toBe(200);
    expect(await names()).toEqual([]);
    const trash = await list({ parent_id: '*', filters: '{"trashed":{"eq":true}}' });
    expect(trash.files.map((f: { name: string; trashed: boolean }) => [f.name, f.trashed])).toEqual([['Docs', true]]);
    const quota = (await browser.get('/drive/v1/about')).body.quota;
    expect(quota).toMatchObject({ usage: '10', usage_in_trash: '10' });
    // Operating on something in the trash says so.
    expect((await browser.request('PATCH', `/drive/v1/files/${docs.id}`, { name: 'X' })).body.error).toBe('file_in_recycle_bin');

    await browser.post('/drive/v1/files:batchUntrash', { ids: [docs.id] });
    expect(await names()).toEqual(['Docs']);
    expect(await names({ parent_id: docs.id })).toEqual(['in.txt']);
    expect((await browser.get('/drive/v1/about')).body.quota.usage_in_trash).toBe('0');
  });

  it('restores to the root when the old folder is gone, numbering a clash', async () => {
    const { browser, folder, file, names } = await person();
    const docs = await folder('Docs');
    const a = await file('a.txt', docs.id);
    await browser.post('/drive/v1/files:batchTrash', { ids: [a.id] });
    await browser.post('/drive/v1/files:batchTrash', { ids: [docs.id] });
    await browser.post('/drive/v1/files:batchDelete', { ids: [docs.id] });
    await file('a.txt');
    await browser.post('/drive/v1/files:batchUntrash', { ids: [a.id] });
    expect(await names({ order: 'NAME_ASC' })).toEqual(['a (1).txt', 'a.txt']);
  });

  it('deletes for ever, freeing the quota and the blob only when no file refers to it', async () => {
    const { browser, file, userId } = await person();
    const a = await file('a.txt', '', { size: 50 });
    const copy = (await browser.post('/drive/v1/files:batchCopy', { ids: [a.id], to: { parent_id: '' } })).body.files[0];
    await browser.post('/drive/v1/files:batchDelete', { ids: [a.id] });
    const blob = () => server.database.db.selectFrom('blob').select('hash').where('hash', '=', a.hash).executeTakeFirst();
    expect(await blob()).toBeDefined();
    expect((await browser.get('/drive/v1/about')).body.quota.usage).toBe('50');
    await browser.post('/drive/v1/files:batchDelete', { ids: [copy.id] });
    expect(await blob()).toBeUndefined();
    const { storage_used } = await server.database.db.selectFrom('user').select('storage_used').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(storage_used).toBe(0);
  });

  it('stars and unstars, and lists the starred files across folders', async () => {
    const { browser, folder, file, names } = await person();
    const docs = await folder('Docs');
    const a = await file('a.txt', docs.id);
    await file('b.txt');
    await browser.post('/drive/v1/files:star', { ids: [a.id] });
    expect(await names({ parent_id: '*', filters: '{"starred":{"eq":true}}' })).toEqual(['a.txt']);
    await browser.post('/drive/v1/files:unstar', { ids: [a.id] });
    expect(await names({ parent_id: '*', filters: '{"starred":{"eq":true}}' })).toEqual([]);
  });

  it("lets no one reach another person's files", async () => {
    const owner = await person();
    const other = await person();
    const docs = await owner.folder('Docs');
    const secret = await owner.file('secret.txt', docs.id);
    const asOther = other.browser;
    expect((await asOther.get(`/drive/v1/files/${secret.id}`)).status).toBe(404);
    expect((await asOther.get(`/drive/v1/files?parent_id=${docs.id}`)).status).toBe(404);
    expect((await asOther.get(`/drive/v1/files/${docs.id}/path`)).status).toBe(404);
    for (const [path, body] of [
      ['/drive/v1/files:batchTrash', { ids: [secret.id] }],
      ['/drive/v1/files:batchDelete', { ids: [secret.id] }],
      ['/drive/v1/files:star', { ids: [secret.id] }],
      ['/drive/v1/files:batchCopy', { ids: [secret.id], to: { parent_id: '' } }],
      ['/drive/v1/files:batchMove', { ids: [secret.id], to: { parent_id: '' } }],
    ] as const) {
      expect((await asOther.post(path, body)).status, path).toBe(404);
    }
    // Nor put things into their folders.
    expect((await asOther.post('/drive/v1/files', { kind: 'drive#folder', name: 'x', parent_id: docs.id })).status).toBe(404);
    expect((await asOther.request('PATCH', `/drive/v1/files/${secret.id}`, { name: 'mine.txt' })).status).toBe(404);
    expect((await owner.browser.get(`/drive/v1/files/${secret.id}`)).body.name).toBe('secret.txt');
    expect((await new TestBrowser(server.url).get('/drive/v1/files')).status).toBe(401);
  });
});

describe.each(ENGINES)('recent list on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  it('lists what happened to which file, newest first, paged, with the file as it is now', async () => {
    const browser = new TestBrowser(server.url);
    const { body } = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
    const docs = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Docs' })).body.file;
    const a = await insertStoredFile(server.database.db, body.sub, { name: 'a.txt' });
    await browser.request('PATCH', `/drive/v1/files/${a.id}`, { name: 'b.txt' });
    await browser.post('/drive/v1/files:batchMove', { ids: [a.id], to: { parent_id: docs.id } });
    await browser.post('/drive/v1/files:batchTrash', { ids: [docs.id] });

    const all = (await browser.get('/drive/v1/events')).body;
    expect(all.events.map((e: { type: string; file_name: string }) => [e.type, e.file_name])).toEqual([
      ['TYPE_TRASH', 'Docs'],
      ['TYPE_MOVE', 'b.txt'],
      ['TYPE_RENAME', 'b.txt'],
      ['TYPE_CREATE_FOLDER', 'Docs'],
    ]);
    // Docs and what was in it are in the trash now: no live file to open from the list.
    expect(all.events.every((e: { reference_resource?: unknown }) => e.reference_resource === undefined)).toBe(true);

    const first = (await browser.get('/drive/v1/events?limit=3')).body;
    expect(first.events).toHaveLength(3);
    const rest = (await browser.get(`/drive/v1/events?limit=3&page_token=${first.next_page_token}`)).body;
    expect(rest.events.map((e: { type: string }) => e.type)).toEqual(['TYPE_CREATE_FOLDER']);
    expect(rest.next_page_token).toBe('');
    // How far the list reaches, so the app can say so: the shipped RECENT_EVENTS_DAYS and the cap.
    expect(rest.reach).toEqual({ days: 90, max_events: 5000 });

    await browser.post('/drive/v1/files:batchUntrash', { ids: [docs.id] });
    const latest = (await browser.get('/drive/v1/events?limit=1')).body.events[0];
    expect(latest).toMatchObject({ type: 'TYPE_UNTRASH', reference_resource: { id: docs.id, name: 'Docs' } });

    const stranger = new TestBrowser(server.url);
    await stranger.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Bo' });
    expect((await stranger.get('/drive/v1/events')).body.events).toEqual([]);
  });
});
