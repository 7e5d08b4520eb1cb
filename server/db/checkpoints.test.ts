import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type Checkpoints, checkpointsWhileBusy } from './checkpoints.ts';

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting until ${what}`);
}

describe('the checkpoint thread', () => {
  let folder: string;
  let sqlite: SQLite.Database;
  let checkpoints: Checkpoints;
  afterEach(async () => {
    await checkpoints?.stop();
    sqlite?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('starts when the server writes a lot, copies the log into the database file, and stops once writing stops', async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-checkpoints-'));
    const file = path.join(folder, 'nubo.db');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    // The server's own connection would checkpoint only far past what this test writes.
    sqlite.pragma('wal_autocheckpoint = 100000');
    sqlite.exec('create table note (id integer primary key, body text not null)');
    checkpoints = checkpointsWhileBusy(file, { busyWrites: 20, idleMs: 300, pauseMs: 10, tickMs: 50 });
    const insert = sqlite.prepare('insert into note (body) values (?)');
    const write = (count: number) => {
      for (let i = 0; i < count; i++) {
        insert.run(`note ${i}`);
        checkpoints.noteWrite();
      }
    };

    write(5);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(checkpoints.running).toBe(false);

    write(50);
    await until(() => checkpoints.running, 'the thread runs');
    write(50);
    await until(() => checkpoints.framesCopied > 0, 'the thread copies frames into the database file');
    await until(() => !checkpoints.running, 'the thread stops');
  });

  it('keeps the process alive until the thread has stopped, so closing the database is not cut short', () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-checkpoints-'));
    // Nothing else keeps this process's event loop busy while it waits for the thread to stop, as
    // in a server whose sockets have closed. The thread's own handle is unref'd while it runs.
    const script = `
      import SQLite from 'better-sqlite3';
      import { checkpointsWhileBusy } from ${JSON.stringify(new URL('./checkpoints.ts', import.meta.url).href)};
      const file = ${JSON.stringify(path.join(folder, 'nubo.db'))};
      const sqlite = new SQLite(file);
      sqlite.pragma('journal_mode = WAL');
      const checkpoints = checkpointsWhileBusy(file, { busyWrites: 1, idleMs: 60_000, pauseMs: 10, tickMs: 20 });
      checkpoints.noteWrite();
      while (!checkpoints.running) await new Promise((resolve) => setTimeout(resolve, 10));
      await checkpoints.stop();
      sqlite.close();
      console.log('stopped');
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8', timeout: 20_000 });
    expect(child.stderr).not.toContain('unsettled top-level await');
    expect(child.stdout.trim()).toBe('stopped');
    expect(child.status).toBe(0);
  });
});
