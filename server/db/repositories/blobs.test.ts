// The content rows on both engines: which of two deletes of the same content gets to remove its bytes.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, migratedDatabase } from '../../testing/harness.ts';
import type { NuboDatabase } from '../database.ts';
import { blobsRepository } from './blobs.ts';

const HASH = 'a'.repeat(64);

describe.each(ENGINES)('blobs repository on %s', (engine) => {
  let database: NuboDatabase;
  let drop: () => Promise<void>;

  beforeEach(async () => {
    ({ database, drop } = await migratedDatabase(engine));
    await blobsRepository(database.db).keep({ hash: HASH, size: 5, created_at: 1, storage_key: null });
  });
  afterEach(() => drop());

  /** Resolves once a statement deleting from "blob" waits for another transaction's lock. */
  async function deleteWaitingForLock() {
    for (let i = 0; i < 500; i++) {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
        where wait_event_type = 'Lock' and query like 'delete from "blob"%'`.execute(database.db);
      if (rows[0]!.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the second delete never waited for the first');
  }

  it("answers the content's row to the one delete that removed it, and none to another racing it", async () => {
    let firstDeleted!: () => void;
    const deleted = new Promise<void>((resolve) => {
      firstDeleted = resolve;
    });
    let commitFirst!: () => void;
    const commit = new Promise<void>((resolve) => {
      commitFirst = resolve;
    });
    const first = database.db.transaction().execute(async (tx) => {
      const rows = await blobsRepository(tx).delete(HASH);
      firstDeleted();
      await commit;
      return rows;
    });
    await deleted;
    let second: Promise<unknown[]>;
    if (engine === 'postgres') {
      // The second reads the row, still there for it, then waits for the first to commit.
      second = database.db.transaction().execute((tx) => blobsRepository(tx).delete(HASH));
      await deleteWaitingForLock();
      commitFirst();
    } else {
      // SQLite runs one transaction at a time: the second comes after the first.
      commitFirst();
      await first;
      second = database.db.transaction().execute((tx) => blobsRepository(tx).delete(HASH));
    }
    expect(await first).toEqual([{ hash: HASH, storage_key: null }]);
    expect(await second).toEqual([]);
  });
});
