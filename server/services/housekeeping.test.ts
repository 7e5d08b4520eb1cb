// The hourly housekeeping: what is kept only for a while goes once its time is up, and what the
// product still shows or reads stays.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../calendar.ts';
import type { Database } from '../db/schema.ts';
import { orderedId } from '../ids.ts';
import { defaultPlans } from '../plans.ts';
import { localBlobStore } from '../storage/blob-store.ts';
import { THUMBNAIL_SHELVES } from '../storage/thumbnails.ts';
import { insertStoredFile } from '../testing/factories.ts';
import { databaseWithUser, ENGINES, testOfflineConfig } from '../testing/harness.ts';
import { RECENT_MAX_EVENTS } from './files/recent.ts';
import { filesService } from './files.ts';
import { housekeepingService } from './housekeeping.ts';
import { offlineService } from './offline.ts';
import { standingRules } from './premium/standing.ts';
import { type TaskRow, tasksService } from './tasks.ts';

const HOUR_MS = 60 * 60_000;
const standing = standingRules(defaultPlans({ activeTasks: 5, dailyTasks: 100 }));

describe.each(ENGINES)('the hourly housekeeping on %s', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  let folder: string | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });

  async function setUp(at: number) {
    const { database, drop: dropDatabase } = await databaseWithUser(engine);
    drop = dropDatabase;
    const db = database.db;
    await db.insertInto('user').values({ id: 'u2', email: 'u2@example.org', name: 'V', password_hash: null, created_at: at, updated_at: at }).execute();
    folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-housekeeping-'));
    const blobs = localBlobStore(folder);
    const files = filesService({ db, blobs, standing, now: () => at });
    const discarded: string[] = [];
    const tasks = tasksService({
      db,
      now: () => at,
      discardWork: async (task: TaskRow) => {
        discarded.push(task.id);
      },
    });
    const housekeeping = housekeepingService({ db, files, tasks, derivedDir: folder, now: () => at });
    return { db, blobs, files, tasks, discarded, housekeeping, folder };
  }

  /** Events of one user at these times, newest last. */
  async function insertEvents(db: Kysely<Database>, userId: string, times: number[]) {
    for (let start = 0; start < times.length; start += 500) {
      await db
        .insertInto('event')
        .values(
          times
            .slice(start, start + 500)
            .map((t, i) => ({ id: orderedId(t), user_id: userId, type: 'TYPE_UPLOAD', file_id: `f${start + i}`, file_name: `n${start + i}`, created_at: t })),
        )
        .execute();
    }
  }

  /** Every event the recent list shows the user, page after page. */
  async function shownEvents(files: ReturnType<typeof filesService>, userId: string): Promise<string[]> {
    const shown: string[] = [];
    let token: string | undefined;
    do {
      const page = await files.recent(userId, 1000, token);
      shown.push(...page.events.map(({ event }) => event.file_name));
      token = page.nextPageToken || undefined;
    } while (token);
    return shown;
  }

  const storedEvents = async (db: Kysely<Database>, userId: string) =>
    (await db.selectFrom('event').select('file_name').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map(
      (row) => row.file_name,
    );

  it('deletes exactly the events the recent list no longer shows: older than its 90 days, or past a person’s newest 5,000', async () => {
    const at = Date.now();
    const { db, files, housekeeping } = await setUp(at);
    // u1 has been busy this last hour and a half: a few more events than the list shows.
    const busy = Array.from({ length: RECENT_MAX_EVENTS + 3 }, (_, i) => at - 5_400_000 + i * 1000);
    await insertEvents(db, 'u1', busy);
    // u2 did a little, long ago and less long ago.
    await insertEvents(db, 'u2', [at - 91 * DAY_MS, at - 89 * DAY_MS, at - HOUR_MS]);

    const shownToU1 = await shownEvents(files, 'u1');
    const shownToU2 = await shownEvents(files, 'u2');
    expect(shownToU1).toHaveLength(RECENT_MAX_EVENTS);
    expect(shownToU1.at(-1)).toBe('n3');
    expect(shownToU2).toEqual(['n2', 'n1']);

    const swept = await housekeeping.sweep(at);
    expect(swept.recentEvents).toBe(4);
    expect(await storedEvents(db, 'u1')).toEqual(shownToU1);
    expect(await storedEvents(db, 'u2')).toEqual(shownToU2);
    expect(await shownEvents(files, 'u1')).toEqual(shownToU1);
  });

  it('reaches back as many days as the operator set, and deletes what is older', async () => {
    const at = Date.now();
    const { db, housekeeping } = await setUp(at);
    const files = filesService({ db, standing, now: () => at, recentDays: 7 });
    await insertEvents(db, 'u1', [at - 8 * DAY_MS, at - 6 * DAY_MS]);
    expect(await shownEvents(files, 'u1')).toEqual(['n1']);
    await housekeepingService({ db, files, tasks: tasksService({ db }), now: () => at }).sweep(at);
    expect(await storedEvents(db, 'u1')).toEqual(['n1']);
    // The service's own 90 days would have kept both.
    await insertEvents(db, 'u2', [at - 8 * DAY_MS]);
    await housekeeping.sweep(at);
    expect(await storedEvents(db, 'u2')).toEqual(['n0']);
  });

  it('deletes sessions 90 days after they could last be renewed, revoked or not, and keeps the others', async () => {
    const at = Date.now();
    const { db, housekeeping } = await setUp(at);
    const session = (id: string, refreshExpiresAt: number, revokedAt: number | null) => ({
      id,
      user_id: 'u1',
      client_id: 'web',
      device: 'Firefox on Linux',
      ip: '203.0.113.7',
      access_hash: `a-${id}`,
      access_expires_at: refreshExpiresAt,
      refresh_hash: `r-${id}`,
      refresh_expires_at: refreshExpiresAt,
      created_at: refreshExpiresAt - 30 * DAY_MS,
      last_seen_at: refreshExpiresAt - 30 * DAY_MS,
      revoked_at: revokedAt,
      revoked_reason: revokedAt ? 'signed_out' : null,
    });
    await db
      .insertInto('session')
      .values([
        session('ran-out-long-ago', at - 91 * DAY_MS, null),
        session('revoked-long-ago', at - 91 * DAY_MS, at - 120 * DAY_MS),
        session('ran-out-lately', at - 89 * DAY_MS, null),
        session('revoked-lately', at + 20 * DAY_MS, at - 10 * DAY_MS),
        session('live', at + 29 * DAY_MS, null),
      ])
      .execute();
    expect((await housekeeping.sweep(at)).sessions).toBe(2);
    const left = await db.selectFrom('session').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['live', 'ran-out-lately', 'revoked-lately']);
  });

  it('deletes mailed links a day after they expired, used or not, and keeps the ones that may still be followed', async () => {
    const at = Date.now();
    const { db, housekeeping } = await setUp(at);
    const link = (token_hash: string, expires_at: number, used_at: number | null) => ({
      token_hash,
      user_id: 'u1',
      purpose: 'verify_email' as const,
      created_at: expires_at - 2 * DAY_MS,
      expires_at,
      used_at,
    });
    await db
      .insertInto('account_token')
      .values([
        link('expired-days-ago', at - 2 * DAY_MS, null),
        link('used-and-expired', at - 3 * DAY_MS, at - 4 * DAY_MS),
        link('expired-an-hour-ago', at - HOUR_MS, null),
        link('open', at + DAY_MS, null),
      ])
      .execute();
    expect((await housekeeping.sweep(at)).accountLinks).toBe(2);
    const left = await db.selectFrom('account_token').select('token_hash').orderBy('token_hash').execute();
    expect(left.map((row) => row.token_hash)).toEqual(['expired-an-hour-ago', 'open']);
  });

  it('deletes device sign-in codes a day after they expired, used or not, and keeps those that may still be typed', async () => {
    const at = Date.now();
    const { db, housekeeping } = await setUp(at);
    const request = (id: string, expires_at: number, decided: boolean) => ({
      id,
      device_code_hash: `hash-${id}`,
      user_code: `code-${id}`,
      client_id: 'nubo-tv',
      scope: 'user',
      device: '',
      ip: '127.0.0.1',
      created_at: expires_at - 10 * 60_000,
      expires_at,
      interval_s: 5,
      ...(decided ? { user_id: 'u1', decision: 'approved' as const, decided_at: expires_at - 60_000, spent_at: expires_at - 55_000 } : {}),
    });
    await db
      .insertInto('device_sign_in')
      .values([
        request('expired-days-ago', at - 2 * DAY_MS, false),
        request('used-days-ago', at - 3 * DAY_MS, true),
        request('expired-an-hour-ago', at - HOUR_MS, false),
        request('open', at + 60_000, false),
      ])
      .execute();
    expect((await housekeeping.sweep(at)).deviceSignIns).toBe(2);
    const left = await db.selectFrom('device_sign_in').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['expired-an-hour-ago', 'open']);
  });

  it('forgets payment events after 90 days, and remembers the later ones so a repeated delivery is still handled once', async () => {
    const at = Date.now();
    const { db, housekeeping } = await setUp(at);
    await db
      .insertInto('payment_event')
      .values([
        { id: 'evt_old', received_at: at - 91 * DAY_MS },
        { id: 'evt_recent', received_at: at - 89 * DAY_MS },
      ])
      .execute();
    expect((await housekeeping.sweep(at)).paymentEvents).toBe(1);
    expect((await db.selectFrom('payment_event').select('id').execute()).map((row) => row.id)).toEqual(['evt_recent']);
  });

  it('keeps the download counts of this month and the last, across a new year', async () => {
    const at = Date.parse('2027-01-10T08:00:00Z');
    const { db, housekeeping } = await setUp(at);
    await db
      .insertInto('traffic_month')
      .values([
        { user_id: 'u1', month: 202611, download_bytes: 1 },
        { user_id: 'u1', month: 202612, download_bytes: 2 },
        { user_id: 'u1', month: 202701, download_bytes: 3 },
        { user_id: 'u2', month: 202510, download_bytes: 4 },
      ])
      .execute();
    expect((await housekeeping.sweep(at)).trafficMonths).toBe(2);
    const left = await db.selectFrom('traffic_month').select(['user_id', 'month']).orderBy('month').execute();
    expect(left).toEqual([
      { user_id: 'u1', month: 202612 },
      { user_id: 'u1', month: 202701 },
    ]);
  });

  it('deletes tasks 30 days after they finished, with what they left, and keeps unfinished and lately finished ones', async () => {
    const at = Date.now();
    const { db, discarded, housekeeping } = await setUp(at);
    const task = (id: string, phase: string, created_at: number, updated_at: number) => ({
      id,
      user_id: 'u1',
      type: 'offline' as const,
      name: id,
      phase,
      created_at,
      updated_at,
    });
    const old = at - 31 * DAY_MS;
    await db
      .insertInto('task')
      .values([
        task('done-long-ago', 'PHASE_TYPE_COMPLETE', old, old),
        task('failed-long-ago', 'PHASE_TYPE_ERROR', old, old),
        task('done-lately', 'PHASE_TYPE_COMPLETE', at - 40 * DAY_MS, at - DAY_MS),
        task('paused-long-ago', 'PHASE_TYPE_PAUSED', old, old),
        task('waiting-long-ago', 'PHASE_TYPE_PENDING', old, old),
      ])
      .execute();
    expect((await housekeeping.sweep(at)).finishedTasks).toBe(2);
    expect(discarded.sort()).toEqual(['done-long-ago', 'failed-long-ago']);
    const left = await db.selectFrom('task').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['done-lately', 'paused-long-ago', 'waiting-long-ago']);
  });

  it('removes the thumbnails of content no longer stored, one shelf an hour, and keeps those of stored content and ones being made', async () => {
    const at = Date.now();
    const { db, housekeeping, folder } = await setUp(at);
    const shelf = (Math.floor(at / HOUR_MS) % THUMBNAIL_SHELVES).toString(16).padStart(2, '0');
    const stored = `${shelf}${'a'.repeat(62)}`;
    const gone = `${shelf}${'b'.repeat(62)}`;
    const elsewhere = `${shelf === '00' ? '01' : '00'}${'c'.repeat(62)}`;
    await db.insertInto('blob').values({ hash: stored, size: 1, created_at: at }).execute();
    const thumbnail = (hash: string, name: string) => {
      const file = path.join(folder, '.thumbnails', hash.slice(0, 2), hash.slice(2, 4), name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'webp');
      return file;
    };
    const keptSmall = thumbnail(stored, `${stored}-SIZE_SMALL.webp`);
    const goneSmall = thumbnail(gone, `${gone}-SIZE_SMALL.webp`);
    const goneLarge = thumbnail(gone, `${gone}-SIZE_LARGE.webp`);
    const otherShelf = thumbnail(elsewhere, `${elsewhere}-SIZE_SMALL.webp`);
    const beingMade = thumbnail(stored, `${stored}-SIZE_LARGE.webp.4242.tmp`);
    const leftByAStop = thumbnail(gone, `${gone}-SIZE_LARGE.webp.4141.tmp`);
    const twoHoursAgo = new Date(at - 2 * HOUR_MS);
    utimesSync(leftByAStop, twoHoursAgo, twoHoursAgo);

    expect((await housekeeping.sweep(at)).thumbnails).toBe(3);
    expect([keptSmall, goneSmall, goneLarge, otherShelf, beingMade, leftByAStop].map((file) => existsSync(file))).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it('removes a content’s thumbnails when its last file is deleted for good, not before', async () => {
    const at = Date.now();
    const { db, blobs, files, folder } = await setUp(at);
    const first = await insertStoredFile(db, 'u1', { name: 'a.jpg', content: 'one picture' }, blobs);
    const second = await insertStoredFile(db, 'u1', { name: 'b.jpg', content: 'one picture' }, blobs);
    const small = path.join(folder, '.thumbnails', first.hash.slice(0, 2), first.hash.slice(2, 4), `${first.hash}-SIZE_SMALL.webp`);
    mkdirSync(path.dirname(small), { recursive: true });
    writeFileSync(small, 'webp');
    await files.deleteForever('u1', [first.id]);
    expect(existsSync(small)).toBe(true);
    await files.deleteForever('u1', [second.id]);
    expect(existsSync(small)).toBe(false);
  });

  it('removes the work folders of offline downloads whose task is gone, and keeps those of tasks and of links being inspected', async () => {
    const at = Date.now();
    const { db, blobs, files, tasks } = await setUp(at);
    const offline = (seed: boolean) =>
      offlineService({
        db,
        blobs,
        files,
        tasks,
        enqueue: () => Promise.reject(new Error('no task is started here')),
        http: {} as never,
        torrents: {} as never,
        config: testOfflineConfig({ seed }),
        standing,
      });
    await db
      .insertInto('task')
      .values({ id: 'running', user_id: 'u1', type: 'offline', name: 'x', phase: 'PHASE_TYPE_RUNNING', created_at: at, updated_at: at })
      .execute();
    const work = (name: string) => {
      mkdirSync(path.join(blobs.stagingDir, name), { recursive: true });
      writeFileSync(path.join(blobs.stagingDir, name, 'content'), 'partial');
      return path.join(blobs.stagingDir, name);
    };
    const [running, gone, inspecting] = [work('running'), work('deleted-elsewhere'), work('inspect-1234')];
    // While torrents go on seeding, a gone task's folder may still be seeded from: left to the restart.
    expect(await offline(true).sweepGoneWork()).toBe(0);
    expect(existsSync(gone)).toBe(true);
    expect(await offline(false).sweepGoneWork()).toBe(1);
    expect([running, gone, inspecting].map((dir) => existsSync(dir))).toEqual([true, false, true]);
  });
});
