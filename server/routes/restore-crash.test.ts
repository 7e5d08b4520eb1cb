import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '#shared/api/tasks.ts';
import { openDatabase } from '../db/database.ts';
import { SAVED_SHARES_FOLDER } from '../services/restore.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { insertManyStoredFiles } from '../testing/factories.ts';
import { freePort } from '../testing/harness.ts';
import { crash, type ServerProcess, startServerProcess } from '../testing/process-server.ts';
import { until } from '../testing/until.ts';

/** Big/{part 0 … part 19}/{99 files each}: 2,001 items. */
const PARTS = 20;
const FILES_PER_PART = 99;
const TREE_ITEMS = 1 + PARTS + PARTS * FILES_PER_PART;

describe('saving a big share through a crash of the server (kill -9)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  const databaseFile = () => path.join(dataDir, 'nubo.db');
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-restore-crash-'));
    // A crashed process's claims run out in 2 s instead of 30.
    env = { PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: '', TASK_LEASE_SECONDS: '2' };
  });
  afterAll(async () => {
    if (server) await crash(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What the saver's drive holds, read from the database itself: items, their bytes, and the usage the quota counts. */
  async function saverDrive(saverId: string) {
    const database = openDatabase({ engine: 'sqlite', file: databaseFile() });
    try {
      const files = await database.db.selectFrom('file').select(['name', 'parent_id', 'size']).where('user_id', '=', saverId).execute();
      const user = await database.db.selectFrom('user').select('storage_used').where('id', '=', saverId).executeTakeFirstOrThrow();
      return {
        // Besides the "Saved shares" folder the save puts the tree in.
        items: files.filter((file) => !(file.parent_id === '' && file.name === SAVED_SHARES_FOLDER)).length,
        bytes: files.reduce((sum, file) => sum + Number(file.size), 0),
        storageUsed: Number(user.storage_used),
      };
    } finally {
      await database.close();
    }
  }

  it('holds the whole tree or none of it after the crash, and exactly one tree, its bytes and one save once the task is run again', async () => {
    server = await startServerProcess(env);
    const owner = new TestBrowser(server.url);
    const ownerId = (await owner.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Owner' })).body.sub as string;
    const folder = async (name: string, parent_id = '') =>
      (await owner.post('/drive/v1/files', { kind: 'drive#folder', name, parent_id })).body.file.id as string;
    const big = await folder('Big');
    const parts = [];
    for (let i = 0; i < PARTS; i++) parts.push(await folder(`part ${i}`, big));
    let treeBytes = 0;
    const database = openDatabase({ engine: 'sqlite', file: databaseFile() });
    try {
      for (const part of parts) treeBytes += (await insertManyStoredFiles(database.db, ownerId, part, FILES_PER_PART)).size;
    } finally {
      await database.close();
    }
    const shareId = (await owner.post('/drive/v1/share', { file_ids: [big] })).body.share_id as string;

    const saver = new TestBrowser(server.url);
    const saverId = (await saver.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Saver' })).body.sub as string;
    const started = (await saver.post('/drive/v1/share/restore', { share_id: shareId })).body;
    expect(started).toMatchObject({ share_status: 'OK', restore_status: 'RESTORE_START' });
    const taskId = started.restore_task_id as string;
    // The server answers nothing while its one SQLite connection runs the save, so the task is
    // watched in the database itself, without pause: the kill lands while the save runs.
    const watcher = new Database(databaseFile(), { readonly: true });
    try {
      const read = watcher.prepare('SELECT phase FROM task WHERE id = ?').pluck();
      while (read.get(taskId) === 'PHASE_TYPE_PENDING');
      await crash(server);
    } finally {
      watcher.close();
    }

    // Whole or nothing, never part of the tree, and the quota counts what is there.
    const afterCrash = await saverDrive(saverId);
    expect([0, TREE_ITEMS]).toContain(afterCrash.items);
    expect(afterCrash.storageUsed).toBe(afterCrash.bytes);

    server = await startServerProcess(env);
    const again = new TestBrowser(server.url);
    for (const [name, value] of saver.cookies) again.cookies.set(name, value);
    const done = await until(
      async () => (await again.get(`/drive/v1/tasks/${taskId}`)).body as Task,
      (task) => task.phase === 'PHASE_TYPE_COMPLETE' || task.phase === 'PHASE_TYPE_ERROR',
      'the save ends',
    );
    expect(done).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', progress: 100 });

    const saved = (await again.get('/drive/v1/files?parent_id=')).body.files as Array<{ id: string; name: string }>;
    expect(saved.map((file) => file.name)).toEqual([SAVED_SHARES_FOLDER]);
    const inside = (await again.get(`/drive/v1/files?parent_id=${saved[0]!.id}`)).body.files as Array<{ name: string }>;
    expect(inside.map((file) => file.name)).toEqual(['Big']);
    expect(await saverDrive(saverId)).toEqual({ items: TREE_ITEMS, bytes: treeBytes, storageUsed: treeBytes });
    const shared = new TestBrowser(server.url);
    for (const [name, value] of owner.cookies) shared.cookies.set(name, value);
    const mine = (await shared.get('/drive/v1/share/list')).body.data as Array<{ share_id: string; restore_count: string }>;
    expect(mine.find((share) => share.share_id === shareId)?.restore_count).toBe('1');
  }, 90_000);
});
