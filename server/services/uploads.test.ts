import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPlans } from '../plans.ts';
import { localBlobStore } from '../storage/blob-store.ts';
import { type DiskThread, diskThread } from '../storage/disk-thread.ts';
import { LocalUploadStore } from '../storage/upload-store.ts';
import { databaseWithUser, ENGINES } from '../testing/harness.ts';
import { standingRules } from './premium/standing.ts';
import { uploadsService } from './uploads.ts';

describe.each(ENGINES)('storage held by uploads on %s', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  let folder: string | undefined;
  let disk: DiskThread | undefined;
  afterEach(async () => {
    await disk?.stop();
    await drop?.();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  async function setUp() {
    const { database, drop: dropDatabase } = await databaseWithUser(engine);
    drop = dropDatabase;
    folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-uploads-service-'));
    disk = diskThread();
    const blobs = localBlobStore(folder, disk);
    const store = new LocalUploadStore({ directory: path.join(folder, '.uploads'), db: database.db, disk, expirationPeriodInMilliseconds: 60_000 });
    const uploads = uploadsService({ db: database.db, blobs, store, standing: standingRules(defaultPlans({ activeTasks: 5, dailyTasks: 100 })) });
    const held = async () => {
      const row = await database.db.selectFrom('user').select(['storage_used', 'storage_reserved']).where('id', '=', 'u1').executeTakeFirstOrThrow();
      return { used: Number(row.storage_used), reserved: Number(row.storage_reserved) };
    };
    return { db: database.db, uploads, held };
  }

  it('gives back the room of uploads left unfinished past their expiry', async () => {
    const { uploads, held } = await setUp();
    await uploads.create('u1', { name: 'left.bin', parentId: '', size: 3000 });
    expect(await held()).toEqual({ used: 0, reserved: 3000 });
    // An expiry of less than nothing: everything unfinished counts as expired.
    await uploads.expire(-60_000);
    expect(await held()).toEqual({ used: 0, reserved: 0 });
  });

  it('never lets usage or reservations go below zero, whatever the code asks of the database', async () => {
    const { db, held } = await setUp();
    await expect(db.updateTable('user').set({ storage_used: -1 }).where('id', '=', 'u1').execute()).rejects.toThrow();
    await expect(db.updateTable('user').set({ storage_reserved: -1 }).where('id', '=', 'u1').execute()).rejects.toThrow();
    expect(await held()).toEqual({ used: 0, reserved: 0 });
  });
});
