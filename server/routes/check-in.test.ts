import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../calendar.ts';
import { parsePlans } from '../plans.ts';
import { checkInService } from '../services/check-in.ts';
import { databaseWithUser, ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { signUp } from '../testing/uploads.ts';

const OFFLINE = { activeTasks: 5, dailyTasks: 100 };
const PLANS = parsePlans(
  {
    tiers: { free: { storage: 1000, monthly_traffic: 1000 } },
    plans: [],
    rewards: {
      check_in: { daily: { kind: 'traffic', bytes: 100, days: 7 }, streak: { every: 3, grant: { kind: 'premium', days: 1 } } },
    },
  },
  OFFLINE,
);

describe.each(ENGINES)('check-in on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { plans: PLANS });
  });
  afterAll(async () => server?.dispose());

  it('checks in once a day, gives the day’s reward, and refuses a second check-in the same day', async () => {
    const { browser } = await signUp(server.url);
    const before = await browser.get('/vip/v1/task/status?scene=check_in');
    expect(before.body).toMatchObject({
      scene: 'check_in',
      status: 'todo',
      streak: 0,
      rewards: { daily: { kind: 'traffic', bytes: 100, days: 7 }, streak: { every: 3, grant: { kind: 'premium', days: 1 } } },
    });
    expect(Date.parse(before.body.next_at) % DAY_MS).toBe(0);
    const done = await browser.post('/vip/v1/activity/rewardVip', { type: 'check_in', data: {} });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'done', streak: 1, grants: [{ kind: 'traffic', bytes: '100', source: 'check_in' }] });
    expect((await browser.get('/vip/v1/quantity/list')).body.transfer.download.limit).toBe('1100');
    const again = await browser.post('/vip/v1/activity/rewardVip', { type: 'check_in' });
    expect([again.status, again.body.error]).toEqual([409, 'already_checked_in']);
    expect((await browser.get('/vip/v1/task/status?scene=check_in')).body).toMatchObject({ status: 'done', streak: 1 });
    expect((await browser.get('/vip/v1/task/status?scene=other')).body.error).toBe('invalid_request');
    expect((await fetch(`${server.url}/vip/v1/task/status?scene=check_in`)).status).toBe(401);
  });

  it('lets one of ten simultaneous check-ins through, and gives one reward', async () => {
    const { browser } = await signUp(server.url);
    const answers = await Promise.all(Array.from({ length: 10 }, () => browser.post('/vip/v1/activity/rewardVip', { type: 'check_in' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect((await browser.get('/vip/v1/grants')).body.grants).toHaveLength(1);
  });

  it('counts days in a row across midnight UTC, rewards every third, and starts over after a missed day', async () => {
    const { database, drop } = await databaseWithUser(engine);
    try {
      const midnight = Date.parse('2026-12-01T00:00:00Z');
      let clock = midnight - 1;
      const checkIn = checkInService({ db: database.db, rewards: PLANS.checkIn, now: () => clock });
      const streaks: number[] = [];
      const premiumGrants: number[] = [];
      for (const at of [midnight - 1, midnight, midnight + DAY_MS + 5, midnight + 3 * DAY_MS]) {
        clock = at;
        const done = await checkIn.checkIn('u1');
        streaks.push(done.streak);
        premiumGrants.push(done.grants.filter((g) => g.kind === 'premium').length);
      }
      // 23:59:59.999 and 00:00 are two days; the fourth check-in comes after a missed day.
      expect(streaks).toEqual([1, 2, 3, 1]);
      expect(premiumGrants).toEqual([0, 0, 1, 0]);
      expect(await checkIn.status('u1')).toMatchObject({ status: 'done', streak: 1 });
      clock += DAY_MS;
      expect(await checkIn.status('u1')).toMatchObject({ status: 'todo', streak: 1 });
    } finally {
      await drop();
    }
  });

  it('keeps only the days a streak reads: a check-in forgets the days before yesterday', async () => {
    const { database, drop } = await databaseWithUser(engine);
    try {
      const first = Date.parse('2026-12-01T12:00:00Z');
      let clock = first;
      const checkIn = checkInService({ db: database.db, rewards: PLANS.checkIn, now: () => clock });
      for (let day = 0; day < 4; day += 1) {
        clock = first + day * DAY_MS;
        await checkIn.checkIn('u1');
      }
      const days = await database.db.selectFrom('check_in').select('day').where('user_id', '=', 'u1').orderBy('day').execute();
      expect(days.map((row) => row.day * DAY_MS)).toEqual([Date.parse('2026-12-03T00:00:00Z'), Date.parse('2026-12-04T00:00:00Z')]);
      clock += DAY_MS;
      expect((await checkIn.checkIn('u1')).streak).toBe(5);
    } finally {
      await drop();
    }
  });
});

describe('check-in on a server that gives nothing for it', () => {
  it('answers off, and refuses a check-in with not_found', async () => {
    const server = await startTestServer('sqlite');
    try {
      const { browser } = await signUp(server.url);
      expect((await browser.get('/vip/v1/task/status?scene=check_in')).body).toMatchObject({ status: 'off', rewards: {} });
      const refused = await browser.post('/vip/v1/activity/rewardVip', { type: 'check_in' });
      expect([refused.status, refused.body.error]).toEqual([404, 'not_found']);
    } finally {
      await server.dispose();
    }
  });
});
