import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryCounterStore } from '../auth/rate-limits.ts';
import { openDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { defaultPlans } from '../plans.ts';
import { databaseWithUser, ENGINES } from '../testing/harness.ts';
import { countingQueries } from '../testing/query-counter.ts';
import { filesService, newFileRow } from './files.ts';
import { standingRules } from './premium/standing.ts';
import { restoreService } from './restore.ts';
import { shareRules } from './share-status.ts';
import { sharesService } from './shares.ts';

/** How deep the shared tree goes: a visitor's ids lie up to this many folders below the shared one. */
const DEPTH = 100;
/** As many ids as :batch_file_info and a save take. */
const IDS = 500;

describe.each(ENGINES)('what a share visitor’s request costs the database on %s', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  /**
   * u1 shares the folder Top, under which a chain of DEPTH folders goes down, with 500 files
   * spread over its levels (file i in the folder i % DEPTH deep); u2 is a visitor who saves.
   */
  async function deepShare() {
    const { database, drop: dropDatabase } = await databaseWithUser(engine);
    drop = dropDatabase;
    const db = database.db;
    const at = Date.now();
    await db.insertInto('user').values({ id: 'u2', email: 'u2@example.org', name: 'V', password_hash: null, created_at: at, updated_at: at }).execute();
    const top = newFileRow({ userId: 'u1', parentId: '', kind: 'drive#folder', name: 'Top', at });
    const chain = [top];
    for (let level = 1; level <= DEPTH; level++)
      chain.push(newFileRow({ userId: 'u1', parentId: chain.at(-1)!.id, kind: 'drive#folder', name: `L${level}`, at }));
    const files = Array.from({ length: IDS }, (_, i) => ({
      ...newFileRow({ userId: 'u1', parentId: chain[1 + (i % DEPTH)]!.id, kind: 'drive#file', name: `f${i}.txt`, at }),
      phase: 'PHASE_TYPE_COMPLETE' as const,
    }));
    const outside = { ...newFileRow({ userId: 'u1', parentId: '', kind: 'drive#file', name: 'outside.txt', at }), phase: 'PHASE_TYPE_COMPLETE' as const };
    for (const rows of [chain, files, [outside]]) await db.insertInto('file').values(rows).execute();
    const counted = countingQueries(db);
    const services = servicesOver(counted.db);
    // Views counted in memory are written before the database goes.
    drop = async () => {
      await services.shares.stop();
      await dropDatabase();
    };
    const share = await services.shares.create('u1', { fileIds: [top.id], passCodeRequired: false });
    counted.reset();
    return { ...services, counted, share, files, outside, deepest: files[DEPTH - 1]! };
  }

  function servicesOver(db: Kysely<Database>) {
    const rules = shareRules({ db, counters: memoryCounterStore(), key: randomBytes(32) });
    const files = filesService({ db, standing: standingRules(defaultPlans({ activeTasks: 5, dailyTasks: 100 })) });
    return { shares: sharesService({ db, files, rules, log: console }), restore: restoreService({ db, files, rules }) };
  }

  const visit = (shareId: string) => ({ shareId, ip: '198.51.100.7' });

  it(`answers ${IDS} ids up to ${DEPTH} folders deep in 3 queries, not one per id and level`, async () => {
    const { shares, counted, share, files } = await deepShare();
    const answer = await shares.fileInfo(
      visit(share.id),
      files.map((f) => f.id),
    );
    expect(answer.status).toBe('OK');
    expect(answer.files.map((f) => f.id)).toEqual(files.map((f) => f.id));
    // The share and its owner, its items, and one walk up from all the ids together.
    expect(counted.count()).toBeLessThanOrEqual(3);
  });

  it('costs no more for the same id asked 500 times than asked once, and answers it once', async () => {
    const { shares, counted, share, deepest } = await deepShare();
    await shares.fileInfo(visit(share.id), [deepest.id]);
    const once = counted.count();
    counted.reset();
    const answer = await shares.fileInfo(
      visit(share.id),
      Array.from({ length: IDS }, () => deepest.id),
    );
    expect(answer.files.map((f) => f.id)).toEqual([deepest.id]);
    expect(counted.count()).toBe(once);
  });

  it('refuses the whole answer for one id outside the share, another person’s or made up, in as few queries', async () => {
    const { shares, counted, share, files, outside } = await deepShare();
    for (const stranger of [outside.id, 'doesnotexistatall00000000']) {
      counted.reset();
      const answer = await shares.fileInfo(visit(share.id), [...files.map((f) => f.id), stranger]);
      expect(answer, stranger).toEqual({ status: 'NOT_FOUND', files: [] });
      expect(counted.count()).toBeLessThanOrEqual(3);
    }
    // A file of the visitor's own, in their own drive, is outside the share too.
    const own = newFileRow({ userId: 'u2', parentId: '', kind: 'drive#folder', name: 'Mine', at: Date.now() });
    await counted.db.insertInto('file').values(own).execute();
    expect((await shares.fileInfo(visit(share.id), [own.id])).status).toBe('NOT_FOUND');
  });

  it(`saves ${IDS} files chosen deep in the share with a few queries per file saved, not one per id and level`, async () => {
    const { restore, counted, share, files } = await deepShare();
    const saved = await restore.restore('u2', visit(share.id), { fileIds: [...files.map((f) => f.id), ...files.map((f) => f.id)] }, async () => {
      throw new Error('500 files are saved at once, not as a task');
    });
    expect(saved).toMatchObject({ shareStatus: 'OK', restoreStatus: 'RESTORE_COMPLETE' });
    const copies = await counted.db.selectFrom('file').select('name').where('user_id', '=', 'u2').where('kind', '=', 'drive#file').execute();
    expect(copies).toHaveLength(IDS);
    // Copying each file reads its tree and picks its name: a few queries each, whatever its depth.
    expect(counted.count()).toBeLessThanOrEqual(4 * IDS);
  });
});

describe.each(ENGINES)('a popular share’s visits on %s', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  /** u1 shares three files; the services count their queries and know the database's change mark. */
  async function popularShare() {
    const { database, config, drop: dropDatabase } = await databaseWithUser(engine);
    drop = dropDatabase;
    const at = Date.now();
    const items = ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => ({
      ...newFileRow({ userId: 'u1', parentId: '', kind: 'drive#file', name, at }),
      phase: 'PHASE_TYPE_COMPLETE' as const,
    }));
    await database.db.insertInto('file').values(items).execute();
    const counted = countingQueries(database.db);
    const rules = shareRules({ db: counted.db, changeMark: database.changeMark, counters: memoryCounterStore(), key: randomBytes(32) });
    const files = filesService({ db: counted.db, standing: standingRules(defaultPlans({ activeTasks: 5, dailyTasks: 100 })) });
    const shares = sharesService({ db: counted.db, files, rules, log: console });
    const share = await shares.create('u1', { fileIds: items.map((f) => f.id), passCodeRequired: false });
    drop = async () => {
      await shares.stop();
      await dropDatabase();
    };
    const views = async () => (await shares.listMine('u1')).find((owned) => owned.share.id === share.id)?.share.view_count;
    return { config, counted, shares, share, items, views };
  }

  const visit = (shareId: string) => ({ shareId, ip: '198.51.100.7' });
  const view = (shares: ReturnType<typeof sharesService>, shareId: string) => shares.view(visit(shareId), { limit: 100 });

  it(engine === 'sqlite' ? 'reads a share once while nothing is written, and anew after any write' : 'reads the share at every visit', async () => {
    const { counted, shares, share, items } = await popularShare();
    await view(shares, share.id);
    counted.reset();
    for (let i = 0; i < 20; i++) expect((await view(shares, share.id)).files.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    // SQLite tells when anything was written; PostgreSQL has no such mark, so every visit reads.
    if (engine === 'sqlite') expect(counted.count()).toBe(0);
    else expect(counted.count()).toBeGreaterThanOrEqual(20 * 2);
    await counted.db.updateTable('file').set({ name: 'renamed.jpg' }).where('id', '=', items[0]!.id).execute();
    expect((await view(shares, share.id)).files.map((f) => f.name)).toEqual(['renamed.jpg', 'b.jpg', 'c.jpg']);
    await shares.cancel('u1', [share.id]);
    expect((await view(shares, share.id)).status).toBe('DELETED');
  });

  it('sees at the next visit what another connection wrote (another server process on the same database)', async () => {
    const { config, shares, share } = await popularShare();
    expect((await view(shares, share.id)).status).toBe('OK');
    const other = openDatabase(config);
    try {
      await other.db.updateTable('user').set({ status: 'DISABLED' }).where('id', '=', 'u1').execute();
      expect((await view(shares, share.id)).status).toBe('ACCOUNT_DISABLED');
    } finally {
      await other.close();
    }
  });

  it('counts every view of 20 at once, written by the time the owner lists their shares, and at stop', async () => {
    const { shares, share, views } = await popularShare();
    await Promise.all(Array.from({ length: 20 }, () => view(shares, share.id)));
    expect(await views()).toBe(20);
    await view(shares, share.id);
    await view(shares, share.id);
    await shares.stop();
    expect(await views()).toBe(22);
  });
});
