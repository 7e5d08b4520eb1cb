import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../calendar.ts';
import { parsePlans } from '../plans.ts';
import { invitationsService } from '../services/invitations.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { signUp } from '../testing/uploads.ts';

const PLANS = parsePlans(
  {
    tiers: { free: { storage: 1000, monthly_traffic: -1 } },
    plans: [],
    rewards: { invitation: { invitee: { kind: 'premium', days: 3 }, inviter: { kind: 'premium', days: 5 }, inviter_limit: 2 } },
  },
  { activeTasks: 5, dailyTasks: 100 },
);

describe.each(ENGINES)('invitations on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { plans: PLANS });
  });
  afterAll(async () => server?.dispose());

  /** An inviter who signed in from elsewhere than the test's loopback address, and their code. */
  async function inviterElsewhere() {
    const inviter = await signUp(server.url);
    await server.database.db.updateTable('session').set({ ip: '203.0.113.9' }).where('user_id', '=', inviter.userId).execute();
    const code = (await inviter.browser.get('/vip/v1/activity/inviteCode')).body;
    return { ...inviter, code: code.code as string, link: code.link as string };
  }

  it('gives every user one code and a link, and rewards both sides once, the inviter within a cap', async () => {
    const inviter = await inviterElsewhere();
    expect(inviter.code).toMatch(/^[2-9A-HJ-NP-TV-Z]{8}$/);
    expect(inviter.link).toBe(`${server.url}/referral?code=${inviter.code}`);
    expect((await inviter.browser.get('/vip/v1/activity/inviteCode')).body.code).toBe(inviter.code);
    expect((await inviter.browser.get('/vip/v1/activity/inviteInfo')).body).toEqual({
      invited_nums: 0,
      add_days: 0,
      rewards_left: 2,
      rewards: { invitee: { kind: 'premium', days: 3 }, inviter: { kind: 'premium', days: 5 } },
    });

    const invitee = await signUp(server.url);
    // Typed in small letters, with the original client's other fields.
    const joined = await invitee.browser.post('/vip/v1/activity/invite', { from: inviter.code.toLowerCase(), rr: 'x', tf: 'y', rf: 'z' });
    expect(joined.body).toEqual({ free_days: 3 });
    expect((await invitee.browser.get('/drive/v1/privilege/vip')).body.data).toMatchObject({ status: 'ok', vip_item: [{ surplus_day: 3 }] });
    const again = await invitee.browser.post('/vip/v1/activity/invite', { from: inviter.code });
    expect([again.status, again.body.error]).toEqual([409, 'has_joined_referral']);
    const vip = (await inviter.browser.get('/drive/v1/privilege/vip')).body.data;
    expect(vip.vip_item[0].surplus_day).toBe(5);

    // The next account from the same address within a day is most likely the same person: nobody is rewarded.
    const second = await signUp(server.url);
    expect((await second.browser.post('/vip/v1/activity/invite', { from: inviter.code })).body).toEqual({ free_days: 0 });
    expect((await inviter.browser.get('/vip/v1/activity/inviteInfo')).body).toMatchObject({ invited_nums: 2, add_days: 5, rewards_left: 1 });
    const list = (await inviter.browser.get('/vip/v1/activity/inviteExtActivityPage?limit=10')).body.data;
    expect(list.map((row: { name: string; rewarded: boolean }) => [row.name, row.rewarded])).toEqual([
      ['A***', false],
      ['A***', true],
    ]);
  });

  it('rewards nobody for joining through one’s own code, from the inviter’s own address, or without a code', async () => {
    const inviter = await signUp(server.url);
    const code = (await inviter.browser.get('/vip/v1/activity/inviteCode')).body.code;
    const own = await inviter.browser.post('/vip/v1/activity/invite', { from: code });
    expect([own.status, own.body.details[0].reason]).toEqual([400, 'own_code']);
    // The inviter signed in from this very address.
    const sameAddress = await signUp(server.url);
    expect((await sameAddress.browser.post('/vip/v1/activity/invite', { from: code })).body).toEqual({ free_days: 0 });
    expect((await inviter.browser.get('/drive/v1/privilege/vip')).body.data.status).toBe('invalid');
    const noCode = await signUp(server.url);
    expect((await noCode.browser.post('/vip/v1/activity/invite', {})).body).toEqual({ free_days: 0 });
    const unknown = await noCode.browser.post('/vip/v1/activity/invite', { from: 'ZZZZZZZZ' });
    expect([unknown.status, unknown.body.details[0].reason]).toEqual([400, 'unknown_code']);
  });

  it('lets only a new account join, and stops rewarding the inviter at the cap, even when many join at once', async () => {
    const inviter = await inviterElsewhere();
    const old = await signUp(server.url);
    await server.database.db
      .updateTable('user')
      .set({ created_at: Date.now() - 8 * DAY_MS })
      .where('id', '=', old.userId)
      .execute();
    expect((await old.browser.post('/vip/v1/activity/invite', { from: inviter.code })).body.error).toBe('has_joined_referral');

    const invitees = await Promise.all(Array.from({ length: 4 }, () => signUp(server.url)));
    // Four people at once, each from an address of their own (the service is told the address the route would read).
    const invitations = invitationsService({ db: server.database.db, rewards: PLANS.invitation });
    const joined = await Promise.all(invitees.map((invitee, i) => invitations.join(invitee.userId, `198.51.100.${i}`, inviter.code)));
    expect(joined).toEqual([{ freeDays: 3 }, { freeDays: 3 }, { freeDays: 3 }, { freeDays: 3 }]);
    const info = (await inviter.browser.get('/vip/v1/activity/inviteInfo')).body;
    expect(info).toMatchObject({ invited_nums: 4, add_days: 10, rewards_left: 0 });
    const inviterGrants = await server.database.db.selectFrom('entitlement').select('ends_at').where('user_id', '=', inviter.userId).execute();
    expect(inviterGrants).toHaveLength(2);
  });
});

describe('invitations on a server that gives nothing for them', () => {
  it('gives no free days and says there are no rewards', async () => {
    const server = await startTestServer('sqlite');
    try {
      const inviter = await signUp(server.url);
      const code = (await inviter.browser.get('/vip/v1/activity/inviteCode')).body.code;
      const invitee = await signUp(server.url);
      expect((await invitee.browser.post('/vip/v1/activity/invite', { from: code })).body).toEqual({ free_days: 0 });
      expect((await inviter.browser.get('/vip/v1/activity/inviteInfo')).body).toEqual({ invited_nums: 0, add_days: 0, rewards_left: 0 });
    } finally {
      await server.dispose();
    }
  });
});
