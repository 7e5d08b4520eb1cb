import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../calendar.ts';
import { compensationService } from '../services/compensation.ts';
import { databaseWithUser, ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { signUp } from '../testing/uploads.ts';
import { readCampaignCalendar } from '../web/campaigns.ts';

const running = { starts: '2020-01-01T00:00:00Z', ends: '2099-01-01T00:00:00Z' };
const CALENDAR = {
  christmas: running,
  compensation: {
    ...running,
    campaignId: 'aliyun_accident_202409',
    compensation: { grant: { kind: 'storage', bytes: 5000, days: 30 }, accounts_created_before: '2099-01-01T00:00:00Z' },
  },
  'black-friday': running,
  'black-friday-2024': { starts: '2024-11-22T00:00:00Z', ends: '2024-12-03T00:00:00Z' },
};

function calendarFile(json: unknown): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'nubo-campaigns-')), 'campaigns.json');
  writeFileSync(file, JSON.stringify(json));
  return file;
}

describe.each(ENGINES)('compensation on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { campaignsFile: calendarFile(CALENDAR) });
  });
  afterAll(async () => server?.dispose());

  it('gives an account the campaign’s grant once, by its campaign id or its page’s name', async () => {
    const { browser } = await signUp(server.url);
    const claimed = await browser.post('/vip/v1/activity/compensate', { activity_id: 'aliyun_accident_202409' });
    expect(claimed.status).toBe(200);
    expect(claimed.body.grant).toMatchObject({ kind: 'storage', bytes: '5000', source: 'compensation' });
    expect((await browser.get('/drive/v1/about')).body.quota.limit).toBe(String(10 * 1024 ** 3 + 5000));
    const again = await browser.post('/vip/v1/activity/compensate', { activity_id: 'compensation' });
    expect([again.status, again.body.error]).toEqual([409, 'compensation_claimed']);
    const unknown = await browser.post('/vip/v1/activity/compensate', { activity_id: 'christmas' });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'not_found']);
    expect((await fetch(`${server.url}/vip/v1/activity/compensate`, { method: 'POST' })).status).toBe(401);
  });

  it('gives nothing to an account created since, nor before or after the campaign runs', async () => {
    const { database, drop } = await databaseWithUser(engine);
    try {
      const calendar = readCampaignCalendar(
        calendarFile({
          ...CALENDAR,
          compensation: {
            ...CALENDAR.compensation,
            starts: '2026-11-01T00:00:00Z',
            ends: '2026-12-01T00:00:00Z',
            compensation: { ...CALENDAR.compensation.compensation, accounts_created_before: '2026-11-01T00:00:00Z' },
          },
        }),
      );
      let clock = Date.parse('2026-11-15T00:00:00Z');
      const compensation = compensationService({ db: database.db, calendar, now: () => clock });
      const reasonOf = (campaignId = 'aliyun_accident_202409') =>
        compensation.claim('u1', campaignId).then(
          () => 'claimed',
          (failure: { error: string; details?: Array<{ reason: string }> }) => failure.details?.[0]?.reason ?? failure.error,
        );
      // u1 was created now, after the disruption.
      expect(await reasonOf()).toBe('not_eligible');
      await database.db
        .updateTable('user')
        .set({ created_at: Date.parse('2026-10-01T00:00:00Z') })
        .where('id', '=', 'u1')
        .execute();
      clock = Date.parse('2026-12-01T00:00:00Z');
      expect(await reasonOf()).toBe('ended');
      clock = Date.parse('2026-10-31T00:00:00Z');
      expect(await reasonOf()).toBe('not_started');
      clock = Date.parse('2026-12-01T00:00:00Z') - 1;
      expect(await reasonOf()).toBe('claimed');
      const grant = await database.db.selectFrom('entitlement').selectAll().where('user_id', '=', 'u1').executeTakeFirstOrThrow();
      expect(grant.ends_at - grant.starts_at).toBe(30 * DAY_MS);
    } finally {
      await drop();
    }
  });
});
