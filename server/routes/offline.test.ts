import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '#shared/api/tasks.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { type FileOrigin, startFileOrigin } from '../testing/file-origin.ts';
import { ENGINES, startTestServer, type TestServer, testOfflineConfig } from '../testing/harness.ts';
import { until } from '../testing/until.ts';

async function signedIn(server: TestServer) {
  const browser = new TestBrowser(server.url);
  const { body } = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
  return { browser, userId: body.sub as string };
}

const ENDED = new Set(['PHASE_TYPE_COMPLETE', 'PHASE_TYPE_ERROR']);

async function ended(browser: TestBrowser, id: string): Promise<Task> {
  return until(
    async () => (await browser.get(`/drive/v1/tasks/${id}`)).body as Task,
    (task) => ENDED.has(task.phase),
    `task ${id} ends`,
  );
}

const download = (browser: TestBrowser, url: string, extra: Record<string, unknown> = {}) =>
  browser.post('/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url }, ...extra });

describe.each(ENGINES)('offline downloads on %s', (engine) => {
  let server: TestServer;
  let origin: FileOrigin;
  beforeAll(async () => {
    origin = await startFileOrigin();
    server = await startTestServer(engine, {
      offline: testOfflineConfig(),
    });
  });
  afterAll(async () => {
    await server?.dispose();
    await origin?.close();
  });
  const workFoldersOf = (running: TestServer) => {
    const staging = path.join(running.config.dataDir, 'blobs', '.offline');
    return existsSync(staging) ? readdirSync(staging) : [];
  };
  const workFolders = () => workFoldersOf(server);

  it('inspects a link without fetching it: name, size and type, following redirects, and by a ranged GET when HEAD is refused', async () => {
    const { browser } = await signedIn(server);
    const file = origin.serve('/docs/report.pdf', { size: 5000, contentType: 'application/pdf', ranges: true });
    const moved = origin.redirect('/latest', '/docs/report.pdf');
    for (const url of [file.url, moved]) {
      const inspected = await browser.post('/drive/v1/offline:inspect', { url });
      expect(inspected.status).toBe(200);
      expect(inspected.body).toMatchObject({
        kind: 'drive#resource',
        source: 'http',
        name: 'report.pdf',
        size: '5000',
        mime_type: 'application/pdf',
        files: [],
      });
    }
    const refusing = origin.serve('/no-head.bin', { size: 777, ranges: true, refuseHead: true });
    expect((await browser.post('/drive/v1/offline:inspect', { url: refusing.url })).body).toMatchObject({ name: 'no-head.bin', size: '777' });
    const gets = origin.requests.filter((r) => r.path === '/no-head.bin' && r.method === 'GET');
    expect(gets.map((r) => r.headers.range)).toEqual(['bytes=0-0']);

    expect((await browser.post('/drive/v1/offline:inspect', { url: `${origin.origin}/missing` })).body.error).toBe('url_unreachable');
    expect((await browser.post('/drive/v1/offline:inspect', { url: 'ftp://example.org/a' })).body.error).toBe('url_unsupported');
    expect((await new TestBrowser(server.url).post('/drive/v1/offline:inspect', { url: file.url })).status).toBe(401);
  });

  it('answers url_unreachable, never a server error, for a link whose host does not resolve', async () => {
    const { browser } = await signedIn(server);
    for (const url of ['http://no-such-host.invalid/a', `http://localhost.:${origin.port}/a`]) {
      const created = await download(browser, url);
      expect([created.status, created.body.error], url).toEqual([422, 'url_unreachable']);
      expect(created.body.error_description, url).toMatch(/does not exist/);
      const inspected = await browser.post('/drive/v1/offline:inspect', { url });
      expect([inspected.status, inspected.body.error], url).toEqual([422, 'url_unreachable']);
    }
  });

  it('fetches a link into the chosen folder, complete and with the right SHA-256, and stores content Nubo already holds once', async () => {
    const { browser } = await signedIn(server);
    const folder = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Inbox' })).body.file;
    const file = origin.serve('/data/archive.zip', { size: 3 * 1024 * 1024 + 17, ranges: true });

    const created = await download(browser, file.url, { parent_id: folder.id });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ upload_type: 'UPLOAD_TYPE_URL', task: { kind: 'drive#task', type: 'offline', name: 'archive.zip' } });
    const task = await ended(browser, created.body.task.id);
    expect(task).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      file_name: 'archive.zip',
      file_size: String(file.size),
      bytes_done: String(file.size),
      error: '',
    });
    expect(task.params).toEqual({ url: file.url, parent_id: folder.id });

    const added = (await browser.get(`/drive/v1/files/${task.file_id}`)).body;
    expect(added).toMatchObject({ parent_id: folder.id, name: 'archive.zip', size: String(file.size), hash: file.sha256, phase: 'PHASE_TYPE_COMPLETE' });
    const bytes = Buffer.from(await (await fetch(added.web_content_link, { headers: browser.sessionHeaders() })).arrayBuffer());
    expect(bytes.length).toBe(file.size);

    // The same bytes again, from another address: a second file, one blob.
    const again = origin.serve('/mirror/archive.zip', { body: bytes, ranges: true });
    const second = await ended(browser, (await download(browser, again.url, { parent_id: folder.id })).body.task.id);
    expect((await browser.get(`/drive/v1/files/${second.file_id}`)).body).toMatchObject({ name: 'archive (1).zip', hash: file.sha256 });
    const blobs = await server.database.db.selectFrom('blob').select('hash').where('hash', '=', file.sha256).execute();
    expect(blobs).toHaveLength(1);
    expect((await browser.get('/drive/v1/about')).body.quota.usage).toBe(String(2 * file.size));
    expect(workFolders()).toEqual([]);
  });

  it('names the file from Content-Disposition, as data, and takes a name given with the link', async () => {
    const { browser } = await signedIn(server);
    const hostile = origin.serve('/get', {
      size: 100,
      disposition: `attachment; filename*=UTF-8''${encodeURIComponent('../<img src=x onerror=alert(1)>\u0007résumé.txt')}`,
    });
    const named = await ended(browser, (await download(browser, `${hostile.url}?id=1`)).body.task.id);
    expect(named.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(named.file_name).toBe('.._<img src=x onerror=alert(1)>_résumé.txt');

    const plain = origin.serve('/plain.txt', { size: 10 });
    const renamed = await ended(browser, (await download(browser, plain.url, { name: 'notes.txt' })).body.task.id);
    expect(renamed.file_name).toBe('notes.txt');
  });

  it('continues a broken transfer with Range from the bytes it has, and starts again where the server has no ranges', async () => {
    const { browser } = await signedIn(server);
    const resumable = origin.serve('/big/resumable.bin', { size: 2 * 1024 * 1024, ranges: true, breakFirstAfter: 700_000 });
    const task = await ended(browser, (await download(browser, resumable.url)).body.task.id);
    expect(task.phase).toBe('PHASE_TYPE_COMPLETE');
    expect((await browser.get(`/drive/v1/files/${task.file_id}`)).body.hash).toBe(resumable.sha256);
    const gets = origin.requests.filter((r) => r.path === '/big/resumable.bin' && r.method === 'GET');
    expect(gets).toHaveLength(2);
    expect(gets[0]!.headers.range).toBeUndefined();
    expect(gets[1]!.headers.range).toMatch(/^bytes=[1-9]\d*-$/);
    expect(gets[1]!.headers['if-range']).toMatch(/^"/);

    const whole = origin.serve('/big/whole.bin', { size: 1024 * 1024, breakFirstAfter: 300_000 });
    const restarted = await ended(browser, (await download(browser, whole.url)).body.task.id);
    expect((await browser.get(`/drive/v1/files/${restarted.file_id}`)).body.hash).toBe(whole.sha256);
    expect(origin.requests.filter((r) => r.path === '/big/whole.bin' && r.method === 'GET').map((r) => r.headers.range)).toEqual([undefined, undefined]);
  });

  it('treats a wrong Content-Length and a stalled stream as failures that may pass, then ends them with url_unreachable and nothing left', async () => {
    // A server of its own, that drops a connection after a second without a byte.
    const impatient = await startTestServer(engine, { offline: testOfflineConfig({ stallSeconds: 1 }) });
    const { browser } = await signedIn(impatient);
    try {
      const short = origin.serve('/short.bin', { size: 500, announcedLength: 1000 });
      const stalled = origin.serve('/stall.bin', { size: 4000, stallAfter: 100 });
      const [a, b] = await Promise.all([download(browser, short.url), download(browser, stalled.url)]);
      const first = await until(
        async () => (await browser.get(`/drive/v1/tasks/${b.body.task.id}`)).body as Task,
        (task) => task.error !== '' || ENDED.has(task.phase),
        'the stalled download fails once',
      );
      expect(first).toMatchObject({ error: 'url_unreachable' });
      expect(first.message).toMatch(/sent nothing/);
      for (const id of [a.body.task.id, b.body.task.id])
        expect(await ended(browser, id)).toMatchObject({ phase: 'PHASE_TYPE_ERROR', error: 'url_unreachable' });
      expect(origin.requests.filter((r) => r.path === '/short.bin' && r.method === 'GET')).toHaveLength(3);
      expect((await browser.get('/drive/v1/files')).body.files).toEqual([]);
      expect(workFoldersOf(impatient)).toEqual([]);
    } finally {
      await impatient.dispose();
    }
  }, 30_000);

  it('refuses content a moderator took down, on completion, keeping none of it', async () => {
    const { browser } = await signedIn(server);
    const banned = origin.serve('/banned.bin', { size: 2000 });
    await server.database.db.insertInto('takedown').values({ hash: banned.sha256, status: 'PROHIBITED', reason: 'illegal', created_at: Date.now() }).execute();
    const task = await ended(browser, (await download(browser, banned.url)).body.task.id);
    expect(task).toMatchObject({ phase: 'PHASE_TYPE_ERROR', error: 'content_taken_down' });
    expect((await browser.get('/drive/v1/files')).body.files).toEqual([]);
    expect(await server.database.db.selectFrom('blob').select('hash').where('hash', '=', banned.sha256).execute()).toEqual([]);
    expect(workFolders()).toEqual([]);
  });

  it('refuses a download that does not fit the quota, before and during the transfer, leaving nothing behind', async () => {
    const { browser, userId } = await signedIn(server);
    await server.database.db.updateTable('user').set({ storage_limit: 100_000 }).where('id', '=', userId).execute();
    const announced = origin.serve('/too-big.bin', { size: 200_000 });
    const unannounced = origin.serve('/too-big-chunked.bin', { size: 200_000, chunked: true });
    const tasks = await Promise.all([download(browser, announced.url), download(browser, unannounced.url)]);
    for (const created of tasks)
      expect(await ended(browser, created.body.task.id)).toMatchObject({ phase: 'PHASE_TYPE_ERROR', error: 'file_space_not_enough' });
    expect((await browser.get('/drive/v1/about')).body.quota.usage).toBe('0');
    expect(workFolders()).toEqual([]);
  });

  it('pauses, resumes, retries and deletes only the owner’s tasks, and lists them by phase page by page', async () => {
    const { browser } = await signedIn(server);
    const slow = origin.serve('/slow.bin', { size: 400_000, ranges: true, dripBytes: 10_000, dripMs: 100 });
    const started = (await download(browser, slow.url)).body.task as Task;
    await until(
      async () => (await browser.get(`/drive/v1/tasks/${started.id}`)).body as Task,
      (task) => Number(task.bytes_done) > 0,
      'some bytes arrive',
    );

    const stranger = (await signedIn(server)).browser;
    expect((await stranger.get(`/drive/v1/tasks/${started.id}`)).status).toBe(404);
    expect((await stranger.post('/drive/v1/task', { type: 'offline', create_type: 'PAUSE', id: started.id })).status).toBe(404);
    await stranger.request('DELETE', `/drive/v1/tasks?task_ids=${started.id}&delete_files=true`);
    expect((await browser.get(`/drive/v1/tasks/${started.id}`)).status).toBe(200);

    const paused = await browser.post('/drive/v1/task', { type: 'offline', create_type: 'PAUSE', id: started.id });
    expect(paused.body.phase).toBe('PHASE_TYPE_PAUSED');
    // It ran in this process, which stopped it before answering: no claim is left holding it, so a resume starts at once.
    const row = await server.database.db.selectFrom('task').select('lease_until').where('id', '=', started.id).executeTakeFirstOrThrow();
    expect(row.lease_until).toBeNull();
    const held = Number((await browser.get(`/drive/v1/tasks/${started.id}`)).body.bytes_done);
    await new Promise((r) => setTimeout(r, 600));
    expect((await browser.get(`/drive/v1/tasks/${started.id}`)).body).toMatchObject({ phase: 'PHASE_TYPE_PAUSED' });
    expect(Number((await browser.get(`/drive/v1/tasks/${started.id}`)).body.bytes_done)).toBeLessThanOrEqual(held + 40_000);
    expect((await browser.post('/drive/v1/task', { type: 'offline', create_type: 'RETRY', id: started.id })).body.error).toBe('invalid_request');

    await browser.post('/drive/v1/task', { type: 'offline', create_type: 'RESUME', id: started.id });
    const done = await ended(browser, started.id);
    expect(done.phase).toBe('PHASE_TYPE_COMPLETE');
    expect((await browser.get(`/drive/v1/files/${done.file_id}`)).body.hash).toBe(slow.sha256);
    expect(origin.requests.filter((r) => r.path === '/slow.bin' && r.method === 'GET').at(-1)!.headers.range).toMatch(/^bytes=[1-9]/);

    // A failed task runs again when retried.
    const gone = await ended(browser, (await download(browser, `${origin.origin}/later.bin`)).body.task.id);
    expect(gone).toMatchObject({ phase: 'PHASE_TYPE_ERROR', error: 'url_unreachable' });
    const later = origin.serve('/later.bin', { size: 321 });
    expect((await browser.post('/drive/v1/task', { type: 'offline', create_type: 'RETRY', id: gone.id })).body.phase).toBe('PHASE_TYPE_PENDING');
    expect((await ended(browser, gone.id)).phase).toBe('PHASE_TYPE_COMPLETE');
    expect(later.size).toBe(321);

    const complete = await browser.get(`/drive/v1/tasks?type=offline&limit=1&filters=${encodeURIComponent('{"phase":{"in":"PHASE_TYPE_COMPLETE"}}')}`);
    expect(complete.body.tasks.map((t: Task) => t.id)).toEqual([gone.id]);
    const next = await browser.get(
      `/drive/v1/tasks?type=offline&limit=1&page_token=${complete.body.next_page_token}&filters=${encodeURIComponent('{"phase":{"in":"PHASE_TYPE_COMPLETE"}}')}`,
    );
    expect(next.body).toMatchObject({ tasks: [{ id: started.id }], next_page_token: '' });
    expect((await browser.get('/drive/v1/tasks?filters={"name":{"eq":"x"}}')).body.error).toBe('invalid_request');

    expect((await browser.request('DELETE', `/drive/v1/tasks?task_ids=${started.id},${gone.id}&delete_files=true`)).status).toBe(200);
    expect((await browser.get(`/drive/v1/tasks/${started.id}`)).status).toBe(404);
    expect((await browser.get(`/drive/v1/files/${done.file_id}`)).body.trashed).toBe(true);
  });

  it('refuses links over the user’s limits on unfinished downloads and on the day’s, and tells how much is used in the quotas', async () => {
    const limited = await startTestServer(engine, {
      offline: testOfflineConfig({ activeTasks: 2, dailyTasks: 3, stallSeconds: 5 }),
    });
    try {
      const { browser } = await signedIn(limited);
      const quotas = async () => (await browser.get('/drive/v1/about')).body.quotas;
      expect(await quotas()).toMatchObject({ offline_daily: { limit: '3', usage: '0' }, offline_active: { limit: '2', usage: '0' } });
      const slow = origin.serve('/limit/slow.bin', { size: 100_000, dripBytes: 1000, dripMs: 200 });
      const answers = await Promise.all([1, 2, 3, 4].map((n) => download(browser, `${slow.url}?n=${n}`)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 403).map((a) => a.body)).toEqual(
        Array(2).fill(expect.objectContaining({ error: 'task_limit_reached', details: [expect.objectContaining({ reason: 'running' })] })),
      );
      expect(await quotas()).toMatchObject({ offline_daily: { limit: '3', usage: '2' }, offline_active: { limit: '2', usage: '2' } });

      // One deleted makes room at once; the day's third is the last one, whatever is running.
      const first = answers.find((a) => a.status === 200)!.body.task.id;
      await browser.request('DELETE', `/drive/v1/tasks?task_ids=${first}`);
      expect((await download(browser, `${slow.url}?n=5`)).status).toBe(200);
      expect(await quotas()).toMatchObject({ offline_daily: { usage: '3' }, offline_active: { usage: '2' } });
      const [other] = (await browser.get('/drive/v1/tasks?type=offline')).body.tasks.map((task: Task) => task.id);
      await browser.request('DELETE', `/drive/v1/tasks?task_ids=${other}`);
      const overDay = await download(browser, `${slow.url}?n=6`);
      expect(overDay.body).toMatchObject({ error: 'task_limit_reached', details: [expect.objectContaining({ reason: 'daily' })] });
    } finally {
      await limited.dispose();
    }
  });

  it("sends the visitor's cookie and referrer to the link's own origin only, never to a redirect elsewhere, and erases them when the task ends", async () => {
    const { browser } = await signedIn(server);
    const elsewhere = await startFileOrigin();
    try {
      const headers = { cookie: 'session=abc123; theme=dark', referer: 'https://forum.example/thread/7' };
      const own = origin.serve('/members/own.bin', { size: 2048 });
      const done = await ended(browser, (await download(browser, own.url, { headers })).body.task.id);
      expect(done.phase).toBe('PHASE_TYPE_COMPLETE');
      const ownGets = origin.requests.filter((r) => r.path === '/members/own.bin');
      expect(ownGets.map((r) => [r.headers.cookie, r.headers.referer])).toEqual([[headers.cookie, headers.referer]]);

      // A hop to another origin (another port of the same address) is not sent them.
      const moved = elsewhere.serve('/mirror/moved.bin', { size: 1000 });
      const bounce = origin.redirect('/members/moved.bin', moved.url);
      const bounced = await ended(browser, (await download(browser, bounce, { headers })).body.task.id);
      expect(bounced.phase).toBe('PHASE_TYPE_COMPLETE');
      expect(origin.requests.filter((r) => r.path === '/members/moved.bin').map((r) => r.headers.cookie)).toEqual([headers.cookie]);
      expect(elsewhere.requests.map((r) => [r.path, r.headers.cookie, r.headers.referer])).toEqual([['/mirror/moved.bin', undefined, undefined]]);

      // A task that finally fails keeps them no more than one that completes; none shows them to the client.
      const failed = await ended(browser, (await download(browser, `${origin.origin}/members/gone.bin`, { headers })).body.task.id);
      expect(failed).toMatchObject({ phase: 'PHASE_TYPE_ERROR', error: 'url_unreachable' });
      for (const task of [done, bounced, failed]) {
        expect(Object.keys(task.params).sort()).toEqual(['parent_id', 'url']);
        const row = await server.database.db.selectFrom('task').select('params').where('id', '=', task.id).executeTakeFirstOrThrow();
        expect(row.params).not.toContain('abc123');
        expect(row.params).not.toContain('forum.example');
      }
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses hostile link headers with 400, never a server error, and creates no task', async () => {
    const { browser } = await signedIn(server);
    const file = origin.serve('/hostile/headers.bin', { size: 10 });
    const hostile: [string, unknown, string][] = [
      ['a line break in the cookie', { cookie: 'a=1\r\nX-Injected: yes' }, 'invalid_request'],
      ['a bare line feed in the referrer', { referer: 'https://a.example/\nX-Injected: yes' }, 'invalid_request'],
      ['a NUL in the cookie', { cookie: 'a=1\u0000b' }, 'invalid_request'],
      ['a non-ASCII cookie', { cookie: 'name=résumé' }, 'invalid_request'],
      ['a cookie over 8 KB', { cookie: `a=${'x'.repeat(8191)}` }, 'invalid_request'],
      ['a referrer over 2 KB', { referer: `https://a.example/${'x'.repeat(2048)}` }, 'invalid_request'],
      ['another header', { authorization: 'Bearer stolen' }, 'invalid_request'],
      ['a header as an array', { cookie: ['a=1', 'b=2'] }, 'invalid_request'],
      ['headers as a string', 'Cookie: a=1', 'invalid_request'],
      ['an empty cookie', { cookie: '' }, 'invalid_request'],
      ['a referrer that is no web address', { referer: 'javascript:alert(1)' }, 'invalid_request'],
      ['a referrer with a password in it', { referer: 'https://user:pw@a.example/' }, 'invalid_request'],
    ];
    for (const [what, headers, error] of hostile) {
      const answer = await download(browser, file.url, { headers });
      expect([answer.status, answer.body.error], what).toEqual([400, error]);
    }
    const magnet = await download(browser, `magnet:?xt=urn:btih:${'a'.repeat(40)}`, { headers: { cookie: 'a=1' } });
    expect([magnet.status, magnet.body.error, magnet.body.details]).toEqual([400, 'invalid_request', [{ field: 'headers', reason: 'not_http' }]]);
    expect((await browser.get('/drive/v1/tasks?type=offline')).body.tasks).toEqual([]);
    expect(origin.requests.filter((r) => r.path === '/hostile/headers.bin')).toEqual([]);
  });
});

describe('offline downloads and private addresses', () => {
  let server: TestServer;
  let inside: FileOrigin;
  let outside: FileOrigin;
  beforeAll(async () => {
    // "Outside" stands for a public server: it listens on 127.0.0.2, the one address allowed, and
    // its name resolves there through the test's resolver. "Inside" is the loopback to protect.
    inside = await startFileOrigin('127.0.0.1');
    outside = await startFileOrigin('127.0.0.2');
    const names: Record<string, string> = { 'files.example': '127.0.0.2', 'sneaky.example': '127.0.0.1' };
    server = await startTestServer('sqlite', { offline: testOfflineConfig({ allowNetworks: ['127.0.0.2/32'], stallSeconds: 5 }) }, undefined, async (host) => {
      const address = names[host];
      if (!address) throw Object.assign(new Error(`no such host ${host}`), { code: 'ENOTFOUND' });
      return [{ address, family: 4 }];
    });
  });
  afterAll(async () => {
    await server?.dispose();
    await inside?.close();
    await outside?.close();
  });

  it('refuses loopback, private, link-local and metadata addresses, by name and through a redirect, without connecting to them', async () => {
    const { browser } = await signedIn(server);
    inside.serve('/secret', { size: 10 });
    outside.serve('/public.bin', { size: 10 });
    const bounce = outside.redirect('/bounce', `${inside.origin}/secret`);
    const refused = [
      `${inside.origin}/secret`,
      `http://[::1]:${inside.port}/secret`,
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::ffff:127.0.0.1]:${inside.port}/secret`,
      `http://sneaky.example:${inside.port}/secret`,
    ];
    for (const url of refused) {
      expect((await download(browser, url)).body.error, url).toBe('url_not_allowed');
      expect((await browser.post('/drive/v1/offline:inspect', { url })).body.error, url).toBe('url_not_allowed');
    }
    expect((await browser.post('/drive/v1/offline:inspect', { url: bounce.replace('127.0.0.2', 'files.example') })).body.error).toBe('url_not_allowed');
    const task = await ended(browser, (await download(browser, bounce.replace('127.0.0.2', 'files.example'))).body.task.id);
    expect(task).toMatchObject({ phase: 'PHASE_TYPE_ERROR', error: 'url_not_allowed' });
    expect(inside.requests).toEqual([]);

    // A visitor's cookies change nothing of it: the same guard, and the inside hears nothing.
    const withCookies = await ended(
      browser,
      (await download(browser, bounce.replace('127.0.0.2', 'files.example'), { headers: { cookie: 'a=1' } })).body.task.id,
    );
    expect(withCookies).toMatchObject({ phase: 'PHASE_TYPE_ERROR', error: 'url_not_allowed' });
    expect((await download(browser, `${inside.origin}/secret`, { headers: { cookie: 'a=1' } })).body.error).toBe('url_not_allowed');
    expect(inside.requests).toEqual([]);

    const allowed = await browser.post('/drive/v1/offline:inspect', { url: `http://files.example:${outside.port}/public.bin` });
    expect(allowed.body).toMatchObject({ name: 'public.bin', size: '10' });
  });

  it('documents the link headers in the OpenAPI schema: Cookie and Referer only, bounded, printable', async () => {
    const document = await (await fetch(`${server.url}/api/openapi.json`)).json();
    const body = document.paths['/drive/v1/files'].post.requestBody.content['application/json'].schema;
    const offline = body.anyOf.find(
      (variant: { properties: Record<string, { enum?: string[] }> }) => variant.properties.upload_type?.enum?.[0] === 'UPLOAD_TYPE_URL',
    );
    expect(offline.properties.headers).toMatchObject({
      additionalProperties: false,
      properties: {
        cookie: { type: 'string', maxLength: 8192, pattern: '^[\\x20-\\x7E]*$' },
        referer: { type: 'string', maxLength: 2048, pattern: '^[\\x20-\\x7E]*$' },
      },
    });
  });
});
