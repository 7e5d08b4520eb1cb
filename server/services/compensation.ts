// Compensation (SPEC §7.3): a campaign of the calendar (CAMPAIGNS_FILE) that compensates gives each
// account it names (those created before a time) its grant once, while the campaign runs.
import type { Kysely } from 'kysely';
import { type CampaignCalendar, compensationCampaign } from '#shared/campaigns.ts';
import { accountsRepository } from '../db/repositories/accounts.ts';
import type { EntitlementRow } from '../db/repositories/premium.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { giveGrant } from './premium/ledger.ts';

export function compensationService(deps: { db: Kysely<Database>; calendar: CampaignCalendar; now?: () => number }) {
  const { db, calendar } = deps;
  const now = deps.now ?? Date.now;

  return {
    /** Gives the user the campaign's compensation, or says why not. */
    async claim(userId: string, campaignId: string): Promise<EntitlementRow> {
      const campaign = compensationCampaign(calendar, campaignId);
      if (!campaign) throw new ServiceError('not_found', `There is no compensation "${campaignId}".`);
      const at = now();
      if (at < campaign.starts || at >= campaign.ends)
        throw new ServiceError('compensation_unavailable', 'This compensation is not running now.', [
          { reason: at < campaign.starts ? 'not_started' : 'ended' },
        ]);
      const account = await accountsRepository(db).findUserById(userId);
      if (!account || (campaign.compensation.createdBefore !== undefined && Number(account.created_at) >= campaign.compensation.createdBefore))
        throw new ServiceError('compensation_unavailable', 'This compensation is for accounts created before it began.', [{ reason: 'not_eligible' }]);
      const grant = await db
        .transaction()
        .execute((tx) => giveGrant(tx, userId, campaign.compensation.grant, { source: 'compensation', sourceRef: campaign.id }, at));
      if (!grant) throw new ServiceError('compensation_claimed', 'This compensation was already given to this account.');
      return grant;
    },
  };
}

export type CompensationService = ReturnType<typeof compensationService>;
