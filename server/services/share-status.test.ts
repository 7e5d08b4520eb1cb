import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type CounterStore, memoryCounterStore } from '../auth/rate-limits.ts';
import { sharesRepository } from '../db/repositories/shares.ts';
import { ServiceError } from '../errors.ts';
import { databaseWithUser, ENGINES } from '../testing/harness.ts';
import { newFileRow } from './files.ts';
import { checkShare, PASS_CODE_GUESSES, shareRules } from './share-status.ts';

/**
 * Counters that answer a turn of the event loop late, as Redis does across the network: tries in
 * flight together all reach the store before any of its answers comes back.
 */
function answeringLate(store: CounterStore): CounterStore {
  const late =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await new Promise((resolve) => setImmediate(resolve));
      return call(...args);
    };
  return {
    increment: late(store.increment),
    decrement: late(store.decrement),
    peek: late(store.peek),
    reset: late(store.reset),
    putOnce: late(store.putOnce),
    takeOnce: late(store.takeOnce),
    close: store.close,
  };
}

describe.each(ENGINES)('passcode tries on %s', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  async function passcodeShare() {
    const { database, drop: dropDatabase } = await databaseWithUser(engine);
    drop = dropDatabase;
    const at = Date.now();
    const folder = newFileRow({ userId: 'u1', parentId: '', kind: 'drive#folder', name: 'Trip', at });
    await database.db.insertInto('file').values(folder).execute();
    const share = {
      id: `s${randomBytes(8).toString('hex')}`,
      user_id: 'u1',
      title: 'Trip',
      pass_code: 'right9',
      expires_at: null,
      restore_limit: null,
      created_at: at,
    };
    await sharesRepository(database.db).insert(share, [folder.id]);
    const stops: Array<{ shareId: string; until: number }> = [];
    const rules = shareRules({
      db: database.db,
      counters: answeringLate(memoryCounterStore()),
      key: randomBytes(32),
      passCodesStopped: async (stopped, until) => void stops.push({ shareId: stopped.id, until }),
    });
    /** What one try answers: the share's status, or the error's code. */
    const tryCode = (passCode: string, ip: string) =>
      checkShare(rules, { shareId: share.id, passCode, ip }).then(
        (check) => check.status as string,
        (failure: unknown) => (failure instanceof ServiceError ? failure.error : 'crashed'),
      );
    return { tryCode, share, stops, db: database.db };
  }

  it('counts each try before comparing it: of 20 wrong passcodes in flight at once from one address, 10 are compared', async () => {
    const { tryCode } = await passcodeShare();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => tryCode(`wrong${i}`, '203.0.113.5')));
    expect(answers.filter((a) => a === 'PASS_CODE_ERROR')).toHaveLength(PASS_CODE_GUESSES.max);
    expect(answers.filter((a) => a === 'too_many_requests')).toHaveLength(20 - PASS_CODE_GUESSES.max);
    expect(await tryCode('right9', '203.0.113.5')).toBe('too_many_requests');
  });

  it('compares at most 100 passcodes of 150 in flight at once from 15 addresses, then takes none for an hour, and tells once', async () => {
    const { tryCode, share, stops, db } = await passcodeShare();
    const before = Date.now();
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => tryCode(`guess${i}`, `203.0.113.${1 + (i % 15)}`)));
    expect(answers.filter((a) => a === 'PASS_CODE_ERROR')).toHaveLength(100);
    expect(answers.filter((a) => a === 'too_many_requests')).toHaveLength(50);
    expect(await tryCode('right9', '192.0.2.1')).toBe('too_many_requests');
    expect(stops).toHaveLength(1);
    const row = await sharesRepository(db).find(share.id);
    expect(stops[0]).toEqual({ shareId: share.id, until: row?.pass_code_locked_until });
    expect(row!.pass_code_locked_until! - row!.pass_code_locked_at!).toBe(60 * 60_000);
    expect(row!.pass_code_locked_at).toBeGreaterThanOrEqual(before);
  });
});
