import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCounterStore } from '../auth/rate-limits.ts';
import { DAY_MS } from '../calendar.ts';
import { type Plans, parsePlans } from '../plans.ts';
import { standingRules } from '../services/premium/standing.ts';
import { premiumService } from '../services/premium.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { until } from '../testing/until.ts';
import { createUpload, signUp, tusUpload } from '../testing/uploads.ts';

const OFFLINE = { activeTasks: 5, dailyTasks: 100 };

/** A small server's offer: little free storage and traffic, so that grants are easy to see. */
const TEST_PLANS: Plans = parsePlans(
  {
    tiers: {
      free: { storage: 10_000, monthly_traffic: 20_000 },
      premium: { storage: 50_000, monthly_traffic: 100_000, offline_daily_tasks: 300 },
    },
    plans: [
      { id: 'premium-month', kind: 'premium', days: 30, prices: { USD: 499, EUR: 459 } },
      { id: 'storage-5k', kind: 'storage', bytes: 5_000, days: 10 },
      { id: 'traffic-30k', kind: 'traffic', bytes: 30_000, days: 31, prices: { USD: 199 } },
    ],
  },
  OFFLINE,
);

describe.each(ENGINES)('premium on %s', (engine) => {
  let server: TestServer;
  let mint: (planId: string, count?: number) => Promise<string[]>;
  beforeAll(async () => {
    server = await startTestServer(engine, { plans: TEST_PLANS });
    const counters = memoryCounterStore();
    const premium = premiumService({ db: server.database.db, plans: TEST_PLANS, standing: standingRules(TEST_PLANS), counters, payments: false });
    mint = async (planId, count = 1) => (await premium.mintCodes({ planId, count, validDays: 30 })).codes;
  });
  afterAll(async () => server?.dispose());

  it('shows a new account as free, with the tiers and plans on offer (no prices while payments are not set up)', async () => {
    const { browser, userId } = await signUp(server.url);
    const vip = await browser.get('/drive/v1/privilege/vip');
    expect(vip.body).toEqual({ result: 'ACCEPTED', data: { status: 'invalid', type: 'novip', expire: '', user_id: userId, vip_item: [] } });
    const offer = (await fetch(`${server.url}/vip/v1/plans`).then((r) => r.json())) as Record<string, unknown>;
    expect(offer).toMatchObject({
      tiers: { free: { storage: '10000', monthly_traffic: '20000' }, premium: { storage: '50000', offline_daily_tasks: 300 } },
      payments: false,
    });
    expect(offer.plans).toEqual([
      { id: 'premium-month', kind: 'premium', days: 30, bytes: '0', prices: [] },
      { id: 'storage-5k', kind: 'storage', days: 10, bytes: '5000', prices: [] },
      { id: 'traffic-30k', kind: 'traffic', days: 31, bytes: '30000', prices: [] },
    ]);
    expect((await fetch(`${server.url}/drive/v1/privilege/vip`)).status).toBe(401);
  });

  it('makes a code premium for its days, and a second code extends the membership instead of overlapping it', async () => {
    const { browser, userId } = await signUp(server.url);
    const [first, second] = await mint('premium-month', 2);
    const before = Date.now();
    // Typed the way people type: small letters, spaces instead of dashes.
    const redeemed = await browser.post('/vip/v1/order/activation-code', { activation_code: ` ${first!.toLowerCase().replaceAll('-', ' ')} `, data: {} });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.vip).toMatchObject({ status: 'ok', type: 'platinum', user_id: userId, vip_item: [{ type: 'platinum', surplus_day: 30 }] });
    const firstEnd = Date.parse(redeemed.body.grant.ends_at);
    expect(firstEnd - Date.parse(redeemed.body.grant.starts_at)).toBe(30 * DAY_MS);
    expect(Date.parse(redeemed.body.grant.starts_at)).toBeGreaterThanOrEqual(before);
    expect(redeemed.body.grant).toMatchObject({ kind: 'premium', source: 'activation_code', plan_id: 'premium-month' });

    const extended = await browser.post('/vip/v1/order/activation-code', { activation_code: second });
    expect(Date.parse(extended.body.grant.starts_at)).toBe(firstEnd);
    expect(Date.parse(extended.body.vip.expire)).toBe(firstEnd + 30 * DAY_MS);
    expect(extended.body.vip.vip_item[0].surplus_day).toBe(60);
    expect((await browser.get('/drive/v1/privilege/vip')).body.data.expire).toBe(extended.body.vip.expire);

    // Premium's tier applies: its storage and offline limits.
    const about = (await browser.get('/drive/v1/about')).body;
    expect(about.quota.limit).toBe('50000');
    expect(about.quotas.offline_daily.limit).toBe('300');
    const grants = (await browser.get('/vip/v1/grants')).body.grants;
    expect(grants.map((g: { starts_at: string }) => g.starts_at)).toEqual([extended.body.grant.starts_at, redeemed.body.grant.starts_at]);
  });

  it('refuses a code used, unknown, malformed or expired, with the reason in the details', async () => {
    const { browser } = await signUp(server.url);
    const [code, old] = await mint('storage-5k', 2);
    expect((await browser.post('/vip/v1/order/activation-code', { activation_code: code })).status).toBe(200);
    const reasonOf = async (typed: string) => {
      const answer = await browser.post('/vip/v1/order/activation-code', { activation_code: typed });
      expect([answer.status, answer.body.error]).toEqual([400, 'invalid_activation_code']);
      return answer.body.details[0].reason;
    };
    expect(await reasonOf(code!)).toBe('used');
    expect(await reasonOf('ZZZZ-ZZZZ-ZZZZ-ZZZZ')).toBe('unknown');
    expect(await reasonOf('not a code')).toBe('malformed');
    await server.database.db
      .updateTable('activation_code')
      .set({ expires_at: Date.now() - 1 })
      .where('redeemed_at', 'is', null)
      .execute();
    expect(await reasonOf(old!)).toBe('expired');
    expect((await browser.post('/vip/v1/order/activation-code', {})).body.error).toBe('invalid_request');
  });

  it('lets exactly one of 20 simultaneous redemptions of one code through, from five accounts', async () => {
    const [code] = await mint('traffic-30k');
    const people = await Promise.all(Array.from({ length: 5 }, () => signUp(server.url)));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => people[i % 5]!.browser.post('/vip/v1/order/activation-code', { activation_code: code })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.details[0].reason === 'used')).toHaveLength(19);
    const granted = await server.database.db
      .selectFrom('entitlement')
      .select(['id', 'user_id'])
      .where(
        'user_id',
        'in',
        people.map((p) => p.userId),
      )
      .execute();
    // One grant among the five, the one the winning answer told of, to the account that asked.
    const winner = answers.findIndex((a) => a.status === 200);
    expect(granted).toEqual([{ id: answers[winner]!.body.grant.id, user_id: people[winner % 5]!.userId }]);
  });

  it('holds back an account that keeps guessing, even when its next code is right', async () => {
    const { browser } = await signUp(server.url);
    const [code] = await mint('premium-month');
    for (let i = 0; i < 10; i++)
      expect((await browser.post('/vip/v1/order/activation-code', { activation_code: `AAAA-AAAA-AAAA-${1000 + i}` })).status).toBe(400);
    const held = await browser.post('/vip/v1/order/activation-code', { activation_code: code });
    expect([held.status, held.body.error]).toEqual([429, 'too_many_requests']);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    // The code was not used up by the refused try: someone else can still redeem it.
    expect((await (await signUp(server.url)).browser.post('/vip/v1/order/activation-code', { activation_code: code })).status).toBe(200);
  });

  it('holds back an address that guesses across accounts', async () => {
    const counters = memoryCounterStore();
    const limits = { perAccount: { max: 10, windowMs: 60_000 }, perAddress: { max: 4, windowMs: 60_000 } };
    const premium = premiumService({
      db: server.database.db,
      plans: TEST_PLANS,
      standing: standingRules(TEST_PLANS),
      counters,
      payments: false,
      redeemLimits: limits,
    });
    const [code] = await mint('premium-month');
    const people = await Promise.all(Array.from({ length: 3 }, () => signUp(server.url)));
    const tryCode = (i: number, typed: string, address = '203.0.113.7') =>
      premium.redeem(people[i % 3]!.userId, address, typed).then(
        () => 'redeemed',
        (failure: { error: string }) => failure.error,
      );
    for (let i = 0; i < 4; i++) expect(await tryCode(i, 'WRONG-CODE')).toBe('invalid_activation_code');
    expect(await tryCode(2, code!)).toBe('too_many_requests');
    // Another address is not held back by this one's guesses.
    expect(await tryCode(2, code!, '198.51.100.1')).toBe('redeemed');
    await counters.close();
  });

  it('refuses new bytes once a storage grant has ended and usage no longer fits, deleting nothing', async () => {
    const { browser } = await signUp(server.url);
    const [code] = await mint('storage-5k');
    const redeemed = await browser.post('/vip/v1/order/activation-code', { activation_code: code });
    expect((await browser.get('/drive/v1/about')).body.quota.limit).toBe('15000');
    const bytes = randomBytes(12_000);
    const created = await createUpload(browser, 'big.bin', bytes);
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });

    // The grant ends: the limit falls back to the tier's, below what is stored.
    await server.database.db
      .updateTable('entitlement')
      .set({ ends_at: Date.now() - 1 })
      .where('id', '=', redeemed.body.grant.id)
      .execute();
    const about = (await browser.get('/drive/v1/about')).body.quota;
    expect([about.limit, about.usage]).toEqual(['10000', '12000']);
    const refused = await createUpload(browser, 'more.bin', randomBytes(10));
    expect([refused.status, refused.body.error]).toEqual([403, 'file_space_not_enough']);
    const copy = await browser.post('/drive/v1/files:batchCopy', { ids: [created.body.file.id], to: { parent_id: '' } });
    expect(copy.body.error).toBe('file_space_not_enough');
    // What was stored stays, and can still be downloaded.
    const file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
    expect(Buffer.from(await (await fetch(file.web_content_link)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('counts what downloads send against the month, ranges and broken-off transfers included, and stops downloads past it', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(8_000);
    const created = await createUpload(browser, 'movie.bin', bytes);
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const link = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.web_content_link;
    const downloaded = async () => (await browser.get('/vip/v1/quantity/list?type=transfer')).body.transfer.download;
    // A download's bytes are counted once its answer is sent, which the client may see end first.
    const downloadedReaches = (usage: string) => until(downloaded, (download) => download.usage === usage, `${usage} bytes counted`);

    await (await fetch(link)).arrayBuffer();
    await (await fetch(link, { headers: { Range: 'bytes=100-1099' } })).arrayBuffer();
    expect(await downloadedReaches('9000')).toEqual({ limit: '20000', usage: '9000' });
    await (await fetch(link)).arrayBuffer();
    await (await fetch(link, { headers: { Range: 'bytes=-3000' } })).arrayBuffer();
    // 20,000 sent: the allowance is used up.
    expect(await downloadedReaches('20000')).toEqual({ limit: '20000', usage: '20000' });
    const refused = await fetch(link);
    expect([refused.status, ((await refused.json()) as { error: string }).error]).toEqual([403, 'traffic_not_enough']);
    expect((await browser.get('/drive/v1/about')).body.quotas.download).toEqual({ limit: '20000', usage: '20000' });

    // A traffic pack adds to the month's allowance.
    const [code] = await mint('traffic-30k');
    await browser.post('/vip/v1/order/activation-code', { activation_code: code });
    const quantities = (await browser.get('/vip/v1/quantity/list')).body;
    expect(quantities.transfer.download).toEqual({ limit: '50000', usage: '20000' });
    expect(quantities.base.download.limit).toBe('20000');
    expect(Date.parse(quantities.period_end)).toBeGreaterThan(Date.now());
    expect((await fetch(link, { headers: { Range: 'bytes=0-99' } })).status).toBe(206);
  });

  it('counts only the bytes a broken-off download actually sent', async () => {
    const { browser, userId } = await signUp(server.url);
    // Far more than the connection's buffers hold, so most of it is never sent.
    const bytes = randomBytes(32 * 1024 * 1024);
    await server.database.db
      .updateTable('user')
      .set({ storage_limit: 64 * 1024 * 1024 })
      .where('id', '=', userId)
      .execute();
    const created = await createUpload(browser, 'long.bin', bytes);
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url, chunkSize: 8 * 1024 * 1024 });
    const link = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.web_content_link;
    // Node's own client, which closes its connection when told (fetch's pool may open another the server then waits on).
    // It reads a little over 2 MiB, then cuts the connection: the server counts the buffers (1 MiB
    // each) the connection took whole, so at least the first one.
    await new Promise<void>((resolve, reject) => {
      let received = 0;
      const request = http.get(link, { agent: false }, (response) =>
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received < 2 * 1024 * 1024 + 1) return;
          request.destroy();
          resolve();
        }),
      );
      request.once('error', reject);
    });
    // Recorded when the server sees the connection end, which a busy machine may take a while to tell it.
    const usage = await until(
      async () => Number((await browser.get('/vip/v1/quantity/list')).body.transfer.download.usage),
      (used) => used >= 1024 * 1024,
      'the broken-off download is counted',
    );
    expect(usage).toBeLessThan(bytes.length / 2);
    // 32 MiB up and a cut-off download: on a busy machine more than the default 20 s.
  }, 60_000);
});
