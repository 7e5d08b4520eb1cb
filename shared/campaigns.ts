// Nubo's campaigns (SPEC §2.2, layout activity, guard activity-end): each campaign page lives at
// /activity/<slug> and runs between the dates in content/campaigns.json. The site prints the dates
// at build time; the server reads the same file to send visitors of an ended campaign to
// /activity-end, since only it knows the time of a visit.

export const CAMPAIGN_SLUGS = ['christmas', 'compensation', 'black-friday', 'black-friday-2024'] as const;
export type CampaignSlug = (typeof CAMPAIGN_SLUGS)[number];

export type Campaign = {
  /** Epoch milliseconds. */
  starts: number;
  ends: number;
  /** What the campaign API calls it (POST /vip/v1/activity/compensate), when it differs from the slug. */
  campaignId?: string;
};

export type CampaignCalendar = Record<CampaignSlug, Campaign>;

export const CAMPAIGN_PATH_PREFIX = '/activity/';
export const ACTIVITY_END_PATH = '/activity-end';

export class CampaignCalendarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CampaignCalendarError';
  }
}

/** The parsed JSON of content/campaigns.json, checked: every campaign named, dates real and in order. */
export function parseCampaignCalendar(json: unknown): CampaignCalendar {
  if (typeof json !== 'object' || json === null) throw new CampaignCalendarError('campaigns must be an object keyed by campaign');
  const entries = json as Record<string, unknown>;
  const unknown = Object.keys(entries).filter((slug) => !(CAMPAIGN_SLUGS as readonly string[]).includes(slug));
  if (unknown.length > 0) throw new CampaignCalendarError(`unknown campaigns: ${unknown.join(', ')} (known: ${CAMPAIGN_SLUGS.join(', ')})`);
  const calendar = {} as CampaignCalendar;
  for (const slug of CAMPAIGN_SLUGS) {
    const entry = entries[slug] as Record<string, unknown> | undefined;
    if (typeof entry !== 'object' || entry === null) throw new CampaignCalendarError(`campaign "${slug}" is missing`);
    const starts = dateOf(slug, 'starts', entry.starts);
    const ends = dateOf(slug, 'ends', entry.ends);
    if (ends <= starts) throw new CampaignCalendarError(`campaign "${slug}" ends before it starts`);
    if (entry.campaignId !== undefined && typeof entry.campaignId !== 'string')
      throw new CampaignCalendarError(`campaign "${slug}": campaignId must be a string`);
    calendar[slug] = { starts, ends, ...(typeof entry.campaignId === 'string' ? { campaignId: entry.campaignId } : {}) };
  }
  return calendar;
}

function dateOf(slug: string, field: string, value: unknown): number {
  // A full date-time with its offset: a bare date would mean midnight in whichever zone parses it.
  const time = typeof value === 'string' && /T.*(Z|[+-]\d\d:\d\d)$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) throw new CampaignCalendarError(`campaign "${slug}": ${field} must be a date-time with an offset, like 2026-12-01T00:00:00Z`);
  return time;
}

/** The campaign a page path belongs to: '/activity/christmas' → 'christmas'. */
export function campaignOfPage(pagePath: string): CampaignSlug | undefined {
  if (!pagePath.startsWith(CAMPAIGN_PATH_PREFIX)) return undefined;
  const slug = pagePath.slice(CAMPAIGN_PATH_PREFIX.length);
  return (CAMPAIGN_SLUGS as readonly string[]).includes(slug) ? (slug as CampaignSlug) : undefined;
}

export function hasEnded(campaign: Campaign, now: number): boolean {
  return now >= campaign.ends;
}
