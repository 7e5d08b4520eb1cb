// Saving a shared tree of 10,000 files in 500 folders into another drive, against a plain copy
// of the same tree inside the owner's drive (the same rows written, without the share checks).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { newId } from '../server/ids.ts';
import { startServer } from '../server/server.ts';
import { createTestDatabase, TEST_LIMITS, type TestEngine } from '../server/testing/harness.ts';
import type { Table } from './table.ts';

const FOLDERS = 500;
const FILES_PER_FOLDER = 20;

export async function benchRestore(engine: TestEngine): Promise<Table> {
  const database = await createTestDatabase(engine);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-bench-restore-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }), database: database.config };
  const server = await startServer(config, { logger: false, limits: TEST_LIMITS });
  try {
    const call = (method: string, route: string, token: string | undefined, body?: unknown) =>
      fetch(server.url + route, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json());
    const signUp = (email: string) =>
      call('POST', '/v1/auth/signup', undefined, { email, password: 'maple-stone-river-7', name: 'Bench', client_id: 'nubo-desktop' });
    const owner = await signUp('owner@example.org');
    const saver = await signUp('saver@example.org');
    const root = (await call('POST', '/drive/v1/files', owner.access_token, { kind: 'drive#folder', name: 'Photos' })).file;

    const db = server.database.db;
    const at = Date.now();
    await db
      .insertInto('blob')
      .values({ hash: 'a'.repeat(64), size: 1000, created_at: at })
      .execute();
    const folders = Array.from({ length: FOLDERS }, (_, i) => ({ id: newId(), name: `Album ${i}` }));
    const row = (id: string, parent: string, name: string, kind: 'drive#file' | 'drive#folder') => ({
      id,
      user_id: owner.sub,
      parent_id: parent,
      kind,
      name,
      file_extension: kind === 'drive#file' ? 'jpg' : '',
      size: kind === 'drive#file' ? 1000 : 0,
      mime_type: kind === 'drive#file' ? 'image/jpeg' : '',
      hash: kind === 'drive#file' ? 'a'.repeat(64) : null,
      phase: 'PHASE_TYPE_COMPLETE',
      created_at: at,
      modified_at: at,
      starred_at: null,
      trashed_at: null,
      trash_root_id: null,
    });
    const rows = folders.flatMap((f) => [
      row(f.id, root.id, f.name, 'drive#folder'),
      ...Array.from({ length: FILES_PER_FOLDER }, (_, j) => row(newId(), f.id, `IMG_${j}.jpg`, 'drive#file')),
    ]);
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('file')
        .values(rows.slice(i, i + 500))
        .execute();

    const share = await call('POST', '/drive/v1/share', owner.access_token, { file_ids: [root.id] });
    let start = performance.now();
    // Trees this big are saved and copied by tasks: each figure runs until its task has finished.
    const untilDone = async (taskId: string, token: string) => {
      for (;;) {
        const task = await call('GET', `/drive/v1/tasks/${taskId}`, token);
        if (task.phase === 'PHASE_TYPE_COMPLETE') return;
        if (task.phase === 'PHASE_TYPE_ERROR') throw new Error(task.message);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const saved = await call('POST', '/drive/v1/share/restore', saver.access_token, { share_id: share.share_id });
    if (saved.restore_task_id) await untilDone(saved.restore_task_id, saver.access_token);
    const restoreMs = performance.now() - start;

    start = performance.now();
    const copied = await call('POST', '/drive/v1/files:batchCopy', owner.access_token, { ids: [root.id], to: { parent_id: '' } });
    if (copied.task_id) await untilDone(copied.task_id, owner.access_token);
    const copyMs = performance.now() - start;
    const items = FOLDERS * (FILES_PER_FOLDER + 1);
    return {
      title: `Saving a shared tree of ${items.toLocaleString('en-US')} items on ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
      floorLabel: 'plain copy',
      rows: [['seconds (goal ≤ 1 s) vs copying the tree in one drive', (restoreMs / 1000).toFixed(2), (copyMs / 1000).toFixed(2)]],
    };
  } finally {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
