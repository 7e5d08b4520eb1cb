import type { Campaign } from '#shared/api/admin.ts';
import { formatDateTime, formatLongDate } from '#shared/format.ts';
import { planLabel } from '#shared/premium.ts';
import { PlanList, TierSummary } from '#shared/ui/Premium.tsx';
import { driveAdmin, drivePremium } from '../api.ts';
import { LoadNotice } from '../components/LoadNotice.tsx';
import { useLoad } from '../components/useLoad.ts';
import { useFailureText, useLocaleCode, useT } from '../i18n.ts';

/**
 * /admin/plans: what each tier gives and the plans on offer, read through the premium API as
 * people see them (PLANS_FILE sets them), and the campaigns (CAMPAIGNS_FILE); this page only shows them.
 */
export function ConsolePlans() {
  const t = useT();
  const locale = useLocaleCode();
  const describeFailure = useFailureText();
  const { state, reload } = useLoad(() => drivePremium.plans(), []);
  const campaigns = useLoad(() => driveAdmin.campaigns(), []);
  return (
    <section className="console-page" aria-labelledby="console-plans-title">
      <h1 id="console-plans-title">{t('console.plans.title')}</h1>
      <p>{t('console.plans.lead')}</p>
      <LoadNotice state={state} reload={reload} />
      {state.status === 'ready' && (
        <div className="premium-panels">
          <TierSummary tiers={state.value.tiers} t={t} />
          <PlanList offer={state.value} t={t} locale={locale} describeFailure={describeFailure} />
        </div>
      )}
      <h2>{t('console.plans.campaignsTitle')}</h2>
      <p>{t('console.plans.campaignsLead')}</p>
      <LoadNotice state={campaigns.state} reload={campaigns.reload} />
      {campaigns.state.status === 'ready' && <CampaignTable campaigns={campaigns.state.value} />}
    </section>
  );
}

function CampaignTable({ campaigns }: { campaigns: readonly Campaign[] }) {
  const t = useT();
  const now = Date.now();
  const phase = (campaign: Campaign) => {
    if (Date.parse(campaign.starts_at) > now) return t('console.plans.upcoming');
    return Date.parse(campaign.ends_at) > now ? t('console.plans.running') : t('console.plans.ended');
  };
  const gives = ({ compensation }: Campaign) => {
    if (!compensation) return t('console.plans.givesNothing');
    const grant = planLabel({ kind: compensation.kind, days: compensation.days, bytes: compensation.bytes }, t);
    return compensation.accounts_created_before ? t('console.plans.givesBefore', { grant, date: formatLongDate(compensation.accounts_created_before) }) : grant;
  };
  return (
    <table className="console-table">
      <caption className="visually-hidden">{t('console.plans.campaignsTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('console.plans.campaign')}</th>
          <th scope="col">{t('console.plans.starts')}</th>
          <th scope="col">{t('console.plans.ends')}</th>
          <th scope="col">{t('console.plans.state')}</th>
          <th scope="col">{t('console.plans.gives')}</th>
        </tr>
      </thead>
      <tbody>
        {campaigns.map((campaign) => (
          <tr key={campaign.slug}>
            <th scope="row">
              <a href={`/activity/${campaign.slug}`}>{campaign.slug}</a>
            </th>
            <td>{formatDateTime(campaign.starts_at)}</td>
            <td>{formatDateTime(campaign.ends_at)}</td>
            <td>{phase(campaign)}</td>
            <td>{gives(campaign)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
