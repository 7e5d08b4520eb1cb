// Offline downloads shared by two server processes on one PostgreSQL database and one disk, as
// when Nubo is scaled out behind a proxy: each task runs in exactly one process, and the tasks of
// a process that dies (kill -9) are taken over by the other once their lease runs out.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '#shared/api/tasks.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { type FileOrigin, startFileOrigin } from '../testing/file-origin.ts';
import { createOwnPostgresDatabase, freePort } from '../testing/harness.ts';
import { crash, type ServerProcess, startServerProcess } from '../testing/process-server.ts';
import { until } from '../testing/until.ts';

const taskOf = async (browser: TestBrowser, id: string) => (await browser.get(`/drive/v1/tasks/${id}`)).body as Task;
const ended = (browser: TestBrowser, id: string) =>
  until(
    () => taskOf(browser, id),
    (task) => task.phase === 'PHASE_TYPE_COMPLETE' || task.phase === 'PHASE_TYPE_ERROR',
    `task ${id} ends`,
    60,
  );

describe('offline downloads shared by two server processes on PostgreSQL', () => {
  let origin: FileOrigin;
  let database: Awaited<ReturnType<typeof createOwnPostgresDatabase>>;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  let browser: TestBrowser;
  beforeAll(async () => {
    origin = await startFileOrigin();
    database = await createOwnPostgresDatabase('scale');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-scale-'));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      OFFLINE_ALLOW_NETWORKS: '127.0.0.1/32',
      OFFLINE_ACTIVE_TASKS: '20',
      // One task at a time in each process, so two downloads under way at once are one in each.
      TASK_CONCURRENCY: '1',
      // A crashed process's claims run out in 2 s instead of 30.
      TASK_LEASE_SECONDS: '2',
    };
    // One after the other: the first one migrates the database.
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess({ ...env, PORT: String(await freePort()) }));
    browser = new TestBrowser(servers[0]!.url);
    await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) await crash(server);
    await origin?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (url: string) =>
    (await browser.post('/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url } })).body.task.id as string;
  const getsOf = (file: { url: string }) => origin.requests.filter((r) => r.method === 'GET' && file.url.endsWith(r.path));

  it('runs each task in exactly one process, both processes working', async () => {
    const files = Array.from({ length: 6 }, (_, i) => origin.serve(`/batch/${i}.bin`, { size: 256 * 1024, dripBytes: 32 * 1024, dripMs: 60 }));
    const ids: string[] = [];
    for (const file of files) ids.push(await start(file.url));
    const tasks = await Promise.all(ids.map((id) => ended(browser, id)));
    for (const [i, task] of tasks.entries()) {
      expect(task).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', file_size: String(files[i]!.size) });
      expect((await browser.get(`/drive/v1/files/${task.file_id}`)).body.hash).toBe(files[i]!.sha256);
      expect(getsOf(files[i]!)).toHaveLength(1);
    }
    // One download at a time in each process: two at once means both processes took tasks, and no more than two means none ran twice.
    expect(origin.mostAtOnce()).toBe(2);
  });

  it('gives a dead process’s task to the other once its lease runs out, which goes on from the bytes on disk', async () => {
    const files = ['first', 'second'].map((name) =>
      origin.serve(`/long/${name}.bin`, { size: 2 * 1024 * 1024, ranges: true, dripBytes: 64 * 1024, dripMs: 60 }),
    );
    const ids: string[] = [];
    for (const file of files) ids.push(await start(file.url));
    await until(
      () => Promise.all(ids.map((id) => taskOf(browser, id))),
      (tasks) => tasks.every((task) => Number(task.bytes_done) > 256 * 1024),
      'both downloads are under way, one in each process',
    );
    await crash(servers[1]!);
    const tasks = await Promise.all(ids.map((id) => ended(browser, id)));
    for (const [i, task] of tasks.entries()) {
      expect(task).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', file_size: String(files[i]!.size) });
      expect((await browser.get(`/drive/v1/files/${task.file_id}`)).body.hash).toBe(files[i]!.sha256);
    }
    // The survivor's own download was asked for once; the dead one's twice, the second time for the rest only.
    const gets = files.map((file) => getsOf(file));
    expect(gets.map((requests) => requests.length).sort()).toEqual([1, 2]);
    const resumed = gets.find((requests) => requests.length === 2)!;
    expect(resumed[1]!.headers.range).toMatch(/^bytes=[1-9]\d*-$/);
    const names = ((await browser.get('/drive/v1/files?limit=100')).body.files as { name: string }[]).map((file) => file.name);
    expect(names.filter((name) => name === 'first.bin' || name === 'second.bin').sort()).toEqual(['first.bin', 'second.bin']);
  }, 60_000);
});
