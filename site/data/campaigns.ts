// The campaign calendar as the site prints it (the server reads the same file to end campaigns).
import { type CampaignCalendar, parseCampaignCalendar } from '#shared/campaigns.ts';
import raw from '../../content/campaigns.json';

export const campaignCalendar: CampaignCalendar = parseCampaignCalendar(raw);
