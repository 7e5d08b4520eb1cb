// Nubo's campaigns (SPEC §2.2, layout activity, guard activity-end): each campaign page lives at
// /activity/<slug> and runs between the dates in content/campaigns.json. The site prints the dates
// at build time; the server reads the same file to send visitors of an ended campaign to
// /activity-end, since only it knows the time of a visit.

import { GRANT_KINDS, type GrantKind } from './api/premium.ts';

export const CAMPAIGN_SLUGS = ['christmas', 'compensation', 'black-friday', 'black-friday-2024'] as const;
export type CampaignSlug = (typeof CAMPAIGN_SLUGS)[number];

export type Campaign = {
  /** Epoch milliseconds. */
  starts: number;
  ends: number;
  /** What the campaign API calls it (POST /vip/v1/activity/compensate), when it differs from the slug. */
  campaignId?: string;
  /** What claiming the campaign gives, once per account, and to which accounts (created before a time). */
  compensation?: Compensation;
};

export type Compensation = {
  grant: { kind: GrantKind; days: number; bytes?: number };
  /** Only accounts created before this (epoch milliseconds) may claim it; any account when absent. */
  createdBefore?: number;
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
    calendar[slug] = {
      starts,
      ends,
      ...(typeof entry.campaignId === 'string' ? { campaignId: entry.campaignId } : {}),
      ...(entry.compensation === undefined ? {} : { compensation: compensationOf(slug, entry.compensation) }),
    };
  }
  return calendar;
}

function compensationOf(slug: string, value: unknown): Compensation {
  const entry = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const grant = (typeof entry.grant === 'object' && entry.grant !== null ? entry.grant : {}) as Record<string, unknown>;
  const whole = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
  const kind = grant.kind as GrantKind;
  if (
    !(GRANT_KINDS as readonly unknown[]).includes(kind) ||
    !whole(grant.days) ||
    (kind === 'premium') !== (grant.bytes === undefined) ||
    (grant.bytes !== undefined && !whole(grant.bytes))
  )
    throw new CampaignCalendarError(
      `campaign "${slug}": compensation.grant must be { "kind": "premium", "days": n } or { "kind": "storage" | "traffic", "bytes": n, "days": n }`,
    );
  return {
    grant: { kind, days: grant.days as number, ...(grant.bytes === undefined ? {} : { bytes: grant.bytes as number }) },
    ...(entry.accounts_created_before === undefined
      ? {}
      : { createdBefore: dateOf(slug, 'compensation.accounts_created_before', entry.accounts_created_before) }),
  };
}

/** The campaign whose API id (or slug) this is, when it compensates. */
export function compensationCampaign(calendar: CampaignCalendar, campaignId: string): (Campaign & { compensation: Compensation; id: string }) | undefined {
  for (const slug of CAMPAIGN_SLUGS) {
    const campaign = calendar[slug];
    const id = campaign.campaignId ?? slug;
    if ((id === campaignId || slug === campaignId) && campaign.compensation) return { ...campaign, compensation: campaign.compensation, id };
  }
  return undefined;
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
