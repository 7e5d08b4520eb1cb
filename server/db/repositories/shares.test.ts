// The share queries on both engines: what the restore limit lets through, and the owner's list.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, migratedDatabase } from '../../testing/harness.ts';
import type { NuboDatabase } from '../database.ts';
import { accountsRepository } from './accounts.ts';
import { sharesRepository } from './shares.ts';

describe.each(ENGINES)('shares repository on %s', (engine) => {
  let database: NuboDatabase;
  let drop: () => Promise<void>;

  beforeEach(async () => {
    ({ database, drop } = await migratedDatabase(engine));
    await accountsRepository(database.db).insertUser({
      id: 'owner',
      email: 'owner@example.org',
      name: 'Owner',
      password_hash: '',
      created_at: 1,
      updated_at: 1,
    });
  });
  afterEach(() => drop());

  const share = (id: string, changes: { restore_limit?: number | null; created_at?: number } = {}) => ({
    id,
    user_id: 'owner',
    title: id,
    expires_at: null,
    restore_limit: null,
    created_at: 1,
    ...changes,
  });

  it('counts saves up to the restore limit and not one more, even when they race', async () => {
    await database.db.transaction().execute((tx) => sharesRepository(tx).insert(share('limited', { restore_limit: 2 }), []));
    const shares = sharesRepository(database.db);
    const counted = await Promise.all([1, 2, 3, 4].map(() => shares.countRestore('limited')));
    expect(counted.filter(Boolean)).toHaveLength(2);
    expect((await shares.find('limited'))?.restore_count).toBe(2);
  });

  it('counts no save of a cancelled share', async () => {
    const shares = sharesRepository(database.db);
    await shares.insert(share('cancelled'), []);
    await shares.cancel('owner', ['cancelled']);
    expect(await shares.countRestore('cancelled')).toBe(false);
  });

  it("lists the owner's shares newest first, without the cancelled ones", async () => {
    const shares = sharesRepository(database.db);
    await shares.insert(share('old', { created_at: 10 }), []);
    await shares.insert(share('new', { created_at: 20 }), []);
    await shares.insert(share('gone', { created_at: 30 }), []);
    await shares.cancel('owner', ['gone']);
    expect((await shares.listOf('owner')).map((s) => s.id)).toEqual(['new', 'old']);
  });
});
