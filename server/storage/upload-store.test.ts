import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, migratedDatabase } from '../testing/harness.ts';
import { type DiskThread, diskThread } from './disk-thread.ts';
import { LocalUploadStore } from './upload-store.ts';

describe.each(ENGINES)('the local upload store on %s', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  let folder: string;
  let disk: DiskThread;
  afterEach(async () => {
    await disk?.stop();
    await drop?.();
    rmSync(folder, { recursive: true, force: true });
  });

  it('sweeps uploads left unfinished past their expiry, their bytes and their row, and keeps the others', async () => {
    const { database, drop: dropDatabase } = await migratedDatabase(engine);
    drop = dropDatabase;
    folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-uploads-'));
    disk = diskThread();
    const store = new LocalUploadStore({ directory: folder, db: database.db, disk, expirationPeriodInMilliseconds: 200 });

    await store.create(new Upload({ id: 'old-upload', size: 10, offset: 0 }));
    expect(await store.write(Readable.from([Buffer.from('hello')]), 'old-upload', 0)).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await store.create(new Upload({ id: 'new-upload', size: 10, offset: 0 }));

    expect(await store.deleteExpired()).toBe(1);
    expect(existsSync(path.join(folder, 'old-upload'))).toBe(false);
    await expect(store.getUpload('old-upload')).rejects.toMatchObject({ status_code: 404 });
    expect((await store.getUpload('new-upload')).offset).toBe(0);
  });

  it('sweeps bytes no upload owns once untouched for a while, and keeps uploads under way and bytes just written', async () => {
    const { database, drop: dropDatabase } = await migratedDatabase(engine);
    drop = dropDatabase;
    folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-uploads-'));
    disk = diskThread();
    const store = new LocalUploadStore({ directory: folder, db: database.db, disk, expirationPeriodInMilliseconds: 60_000 });
    const hourAgo = new Date(Date.now() - 60 * 60_000);

    await store.create(new Upload({ id: 'under-way', size: 10, offset: 0 }));
    await store.write(Readable.from([Buffer.from('hello')]), 'under-way', 0);
    // Bytes whose upload was removed while a PATCH was opening its file, an hour ago and just now.
    for (const stray of ['stray-old', 'stray-new']) writeFileSync(path.join(folder, stray), 'lost');
    for (const name of ['under-way', 'stray-old']) utimesSync(path.join(folder, name), hourAgo, hourAgo);

    expect(await store.sweepStrays(Date.now() - 30 * 60_000)).toBe(1);
    expect(existsSync(path.join(folder, 'stray-old'))).toBe(false);
    expect(existsSync(path.join(folder, 'stray-new'))).toBe(true);
    expect((await store.getUpload('under-way')).offset).toBe(5);
  });
});
