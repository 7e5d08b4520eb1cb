import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_SLUGS, campaignOfPage, compensationCampaign, hasEnded, parseCampaignCalendar } from './campaigns.ts';

const campaign = { starts: '2026-12-01T00:00:00Z', ends: '2027-01-07T00:00:00Z' };
const calendarOf = (overrides: Record<string, unknown> = {}) => ({ ...Object.fromEntries(CAMPAIGN_SLUGS.map((slug) => [slug, campaign])), ...overrides });

describe('parseCampaignCalendar', () => {
  it('reads the calendar the site ships', () => {
    const shipped = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../content/campaigns.json'), 'utf8'));
    const calendar = parseCampaignCalendar(shipped);
    expect(Object.keys(calendar).sort()).toEqual([...CAMPAIGN_SLUGS].sort());
    expect(calendar.compensation.campaignId).toBe('aliyun_accident_202409');
  });

  it('reads what a campaign compensates, and refuses a grant it cannot give', () => {
    const compensation = { grant: { kind: 'premium', days: 7 }, accounts_created_before: '2026-11-01T00:00:00Z' };
    const calendar = parseCampaignCalendar(calendarOf({ compensation: { ...campaign, campaignId: 'x1', compensation } }));
    expect(calendar.compensation.compensation).toEqual({ grant: { kind: 'premium', days: 7 }, createdBefore: Date.UTC(2026, 10, 1) });
    expect(compensationCampaign(calendar, 'x1')?.id).toBe('x1');
    expect(compensationCampaign(calendar, 'compensation')?.id).toBe('x1');
    expect(compensationCampaign(calendar, 'christmas')).toBeUndefined();
    for (const grant of [
      { kind: 'premium', days: 7, bytes: 5 },
      { kind: 'storage', days: 7 },
      { kind: 'gold', days: 7 },
      { kind: 'premium', days: 0 },
    ]) {
      expect(() => parseCampaignCalendar(calendarOf({ compensation: { ...campaign, compensation: { grant } } })), JSON.stringify(grant)).toThrow(
        /compensation.grant must be/,
      );
    }
  });

  it('turns dates into epoch milliseconds', () => {
    expect(parseCampaignCalendar(calendarOf()).christmas).toEqual({ starts: Date.UTC(2026, 11, 1), ends: Date.UTC(2027, 0, 7) });
  });

  it('names a missing or unknown campaign', () => {
    const { christmas: _, ...withoutChristmas } = calendarOf();
    expect(() => parseCampaignCalendar(withoutChristmas)).toThrow('campaign "christmas" is missing');
    expect(() => parseCampaignCalendar(calendarOf({ easter: campaign }))).toThrow('unknown campaigns: easter');
  });

  it('refuses dates without an offset and campaigns that end before they start', () => {
    expect(() => parseCampaignCalendar(calendarOf({ christmas: { starts: '2026-12-01', ends: '2027-01-07T00:00:00Z' } }))).toThrow(
      /starts must be a date-time/,
    );
    expect(() => parseCampaignCalendar(calendarOf({ christmas: { starts: campaign.ends, ends: campaign.starts } }))).toThrow('ends before it starts');
  });
});

describe('campaignOfPage', () => {
  it('knows campaign pages and nothing else', () => {
    expect(campaignOfPage('/activity/black-friday-2024')).toBe('black-friday-2024');
    expect(campaignOfPage('/activity/easter')).toBeUndefined();
    expect(campaignOfPage('/activity-end')).toBeUndefined();
    expect(campaignOfPage('/')).toBeUndefined();
  });
});

describe('hasEnded', () => {
  it('ends at the end instant, not before', () => {
    const { christmas } = parseCampaignCalendar(calendarOf());
    expect(hasEnded(christmas, christmas.ends - 1)).toBe(false);
    expect(hasEnded(christmas, christmas.ends)).toBe(true);
  });
});
