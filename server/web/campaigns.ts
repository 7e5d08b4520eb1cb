// The activity-end guard's server half (SPEC §2.2): the campaign calendar is read once at start,
// and a campaign page asked for after its campaign ended is answered with a redirect to
// /activity-end instead of the page. The static build cannot know the time of a visit; this can.
import { readFileSync } from 'node:fs';
import { type CampaignCalendar, campaignOfPage, hasEnded, parseCampaignCalendar } from '#shared/campaigns.ts';

export type CampaignGuard = {
  /** Whether this page path ('/activity/christmas') is a campaign that has ended by now. */
  hasEnded(pagePath: string): boolean;
};

/** The calendar of CAMPAIGNS_FILE, read once at start; a mistake stops the server naming the file. */
export function readCampaignCalendar(file: string): CampaignCalendar {
  try {
    return parseCampaignCalendar(JSON.parse(readFileSync(file, 'utf8')));
  } catch (cause) {
    throw new Error(`campaign calendar ${file}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export function campaignGuard(calendar: CampaignCalendar, now: () => number = Date.now): CampaignGuard {
  return {
    hasEnded(pagePath) {
      const slug = campaignOfPage(pagePath);
      return slug !== undefined && hasEnded(calendar[slug], now());
    },
  };
}
