import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriveFile } from '#shared/api/files.ts';
import type { Task } from '#shared/api/tasks.ts';
import { openDatabase } from '../db/database.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { type FileOrigin, startFileOrigin } from '../testing/file-origin.ts';
import { freePort } from '../testing/harness.ts';
import { crash, type ServerProcess, startServerProcess } from '../testing/process-server.ts';
import { startTorrentSwarm, type TorrentSwarm } from '../testing/torrent-swarm.ts';
import { until } from '../testing/until.ts';

const taskOf = async (browser: TestBrowser, id: string) => (await browser.get(`/drive/v1/tasks/${id}`)).body as Task;

describe('offline downloads through a crash of the server (kill -9)', () => {
  let origin: FileOrigin;
  let swarm: TorrentSwarm;
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    origin = await startFileOrigin();
    // The seeder sends 1 MB a second, so a download is still under way when the server dies.
    swarm = await startTorrentSwarm('127.0.0.1', { uploadLimit: 1024 * 1024 });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-crash-'));
    env = {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OFFLINE_ALLOW_NETWORKS: '127.0.0.1/32',
      // The swarm's DHT node, not the DHT's routers on the internet, which tests do not reach.
      OFFLINE_DHT_NODES: swarm.dhtNode,
      // Any free port: test servers run side by side (the shipped fixed port has a test of its own).
      OFFLINE_TORRENT_PORT: '0',
      // A crashed process's claims run out in 2 s instead of 30.
      TASK_LEASE_SECONDS: '2',
    };
  });
  afterAll(async () => {
    if (server) await crash(server);
    await origin?.close();
    await swarm?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('goes on from the bytes on disk after a restart, with the right content and nothing twice', async () => {
    const web = origin.serve('/films/long.bin', { size: 3 * 1024 * 1024, ranges: true, dripBytes: 64 * 1024, dripMs: 40 });
    const album = await swarm.seed('Crash album', { 'a.bin': 2 * 1024 * 1024, 'b/c.bin': 2 * 1024 * 1024 });

    server = await startServerProcess(env);
    const browser = new TestBrowser(server.url);
    await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
    const start = (url: string) => browser.post('/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url } });
    const httpTask = (await start(web.url)).body.task.id as string;
    const torrentTask = (await start(album.magnetURI)).body.task.id as string;
    await until(
      async () => [await taskOf(browser, httpTask), await taskOf(browser, torrentTask)],
      (tasks) => tasks.every((task) => Number(task.bytes_done) > 500_000),
      'both downloads are under way',
    );
    await crash(server);

    server = await startServerProcess(env);
    const after = new TestBrowser(server.url);
    for (const [name, value] of browser.cookies) after.cookies.set(name, value);
    const [httpDone, torrentDone] = await Promise.all(
      [httpTask, torrentTask].map((id) =>
        until(
          () => taskOf(after, id),
          (task) => task.phase === 'PHASE_TYPE_COMPLETE' || task.phase === 'PHASE_TYPE_ERROR',
          `task ${id} ends`,
        ),
      ),
    );
    expect(httpDone).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', file_size: String(web.size) });
    expect(torrentDone).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE' });

    // The web server was asked for the rest only.
    const gets = origin.requests.filter((r) => r.path === '/films/long.bin' && r.method === 'GET');
    expect(gets.at(-1)!.headers.range).toMatch(/^bytes=[1-9]\d*-$/);
    expect((await after.get(`/drive/v1/files/${httpDone!.file_id}`)).body.hash).toBe(web.sha256);

    const top = (await after.get('/drive/v1/files')).body.files as DriveFile[];
    expect(top.map((file) => file.name).sort()).toEqual(['Crash album', 'long.bin']);
    const folder = top.find((file) => file.name === 'Crash album')!;
    const inside = (await after.get(`/drive/v1/files?parent_id=${folder.id}`)).body.files as DriveFile[];
    expect(inside.find((file) => file.name === 'a.bin')?.hash).toBe(album.files.find((file) => file.path === 'a.bin')!.sha256);
    const sub = inside.find((file) => file.name === 'b')!;
    expect(((await after.get(`/drive/v1/files?parent_id=${sub.id}`)).body.files as DriveFile[]).map((file) => file.hash)).toEqual([
      album.files.find((file) => file.path === 'b/c.bin')!.sha256,
    ]);

    // Nothing twice, nothing left over: one blob per content, no work folder.
    await crash(server);
    server = undefined;
    const database = openDatabase({ engine: 'sqlite', file: path.join(dataDir, 'nubo.db') });
    try {
      const blobs = await database.db.selectFrom('blob').select('hash').execute();
      expect(blobs.map((blob) => blob.hash).sort()).toEqual([web.sha256, ...album.files.map((file) => file.sha256)].sort());
      expect(await database.db.selectFrom('file').select('id').where('phase', '!=', 'PHASE_TYPE_COMPLETE').execute()).toEqual([]);
    } finally {
      await database.close();
    }
    expect(readdirSync(path.join(dataDir, 'blobs', '.offline'))).toEqual([]);
  }, 60_000);
});
