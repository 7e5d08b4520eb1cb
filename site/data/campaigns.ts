// The campaign calendar as the site prints it (the server reads the same file to end campaigns).
import { parseCampaignCalendar, type CampaignCalendar } from '#shared/campaigns.ts';
import raw from '../../content/campaigns.json';

export const campaignCalendar: CampaignCalendar = parseCampaignCalendar(raw);
