import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { campaignGuard, readCampaignCalendar } from './campaigns.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-campaigns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function calendarFile(content: unknown): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const calendar = {
  christmas: { starts: '2026-12-01T00:00:00Z', ends: '2027-01-07T00:00:00Z' },
  compensation: { starts: '2026-11-01T00:00:00Z', ends: '2027-01-31T00:00:00Z', campaignId: 'aliyun_accident_202409' },
  'black-friday': { starts: '2026-11-20T00:00:00Z', ends: '2026-12-01T00:00:00Z' },
  'black-friday-2024': { starts: '2024-11-22T00:00:00Z', ends: '2024-12-03T00:00:00Z' },
};

describe('the campaign calendar and its guard', () => {
  it('says a campaign page has ended from its end date on, asking the clock at each visit', () => {
    let now = Date.parse('2026-11-30T23:59:59Z');
    const guard = campaignGuard(readCampaignCalendar(calendarFile(calendar)), () => now);
    expect(guard.hasEnded('/activity/black-friday')).toBe(false);
    expect(guard.hasEnded('/activity/black-friday-2024')).toBe(true);
    now = Date.parse('2026-12-01T00:00:00Z');
    expect(guard.hasEnded('/activity/black-friday')).toBe(true);
    expect(guard.hasEnded('/activity/christmas')).toBe(false);
  });

  it('never guards a page that is not a campaign', () => {
    const guard = campaignGuard(readCampaignCalendar(calendarFile(calendar)), () => Number.MAX_SAFE_INTEGER);
    expect(guard.hasEnded('/activity-end')).toBe(false);
    expect(guard.hasEnded('/faq')).toBe(false);
  });

  it('stops the start with the file named when the calendar is broken', () => {
    const broken = calendarFile('{ "christmas": ');
    expect(() => readCampaignCalendar(broken)).toThrow(broken);
    const missing = calendarFile({ christmas: calendar.christmas });
    expect(() => readCampaignCalendar(missing)).toThrow(/campaign "compensation" is missing/);
  });
});
