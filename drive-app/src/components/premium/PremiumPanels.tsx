import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { GrantKind } from '#shared/api/premium.ts';
import { formatLongDate, formatSize } from '#shared/format.ts';
import { overStorageLimit, premiumFromVip } from '#shared/premium.ts';
import { GrantList, PlanList, RedeemForm, TierSummary } from '#shared/ui/Premium.tsx';
import { drivePremium, drivePurchases } from '../../api.ts';
import { useFailureText, useLocaleCode, useT } from '../../i18n.ts';
import { $premium, premiumChanged, refreshPremium } from '../../stores/premium.ts';
import { $quota, refreshQuota } from '../../stores/quota.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { FailureNotice } from '../FailureNotice.tsx';
import { InvitePanel } from './InvitePanel.tsx';
import { PurchaseResult } from './PurchaseResult.tsx';

/** Which part of premium a page or dialog is about: all of it, storage, or download traffic. */
export type PremiumFocus = 'all' | Exclude<GrantKind, 'premium'>;

/** What a premium page shows: the membership, usage, plans, the code box, the grants. */
export function PremiumPanels({ focus }: { focus: PremiumFocus }) {
  const t = useT();
  // Opened after something failed for want of room: the figures are read afresh, not remembered.
  useEffect(() => {
    void refreshQuota();
  }, []);
  const locale = useLocaleCode();
  const describeFailure = useFailureText();
  const state = useStore($premium);
  if (state.status === 'loading') return <BusyNotice text={t('premium.membership.loading')} />;
  if (state.status === 'failed') return <FailureNotice failure={state.failure} onRetry={() => void refreshPremium()} />;
  const { vip, offer, grants } = state;
  const premium = premiumFromVip(vip).premium;
  return (
    <div className="premium-panels">
      <PurchaseResult />
      <section className="panel" aria-labelledby="membership-heading">
        <h2 id="membership-heading">{t('premium.membership.title')}</h2>
        <p data-membership={premium ? 'premium' : 'free'}>
          {premium ? t('premium.membership.premium', { date: formatLongDate(vip.expire) }) : t('premium.membership.free')}
        </p>
        {focus !== 'traffic' && <StorageUsage />}
        {focus !== 'storage' && <TrafficUsage />}
      </section>
      <section className="panel" aria-labelledby="redeem-heading">
        <h2 id="redeem-heading">{t('premium.redeem.title')}</h2>
        <RedeemForm t={t} redeem={drivePremium.redeem} describeFailure={describeFailure} onRedeemed={premiumChanged} />
      </section>
      {focus === 'all' && <TierSummary tiers={offer.tiers} t={t} />}
      <PlanList
        offer={offer}
        kind={focus === 'all' ? undefined : focus}
        t={t}
        locale={locale}
        buy={offer.payments ? drivePurchases.checkout : undefined}
        describeFailure={describeFailure}
      />
      {focus === 'all' && <InvitePanel />}
      <GrantList grants={grants} t={t} />
    </div>
  );
}

function StorageUsage() {
  const t = useT();
  const quota = useStore($quota);
  if (quota.status !== 'ready') return null;
  const { usage, limit } = quota.quota;
  return (
    <>
      <p data-usage="storage">{t('premium.usage.storage', { used: formatSize(usage), limit: formatSize(limit) })}</p>
      {overStorageLimit(quota.quota) && (
        <p className="notice notice-warning" role="status">
          {t('premium.usage.overStorage')}
        </p>
      )}
    </>
  );
}

function TrafficUsage() {
  const t = useT();
  const state = useStore($premium);
  if (state.status !== 'ready') return null;
  const { download } = state.quantities.transfer;
  const unlimited = download.limit === '-1';
  const usedUp = !unlimited && Number(download.usage) >= Number(download.limit);
  return (
    <>
      <p data-usage="traffic">
        {unlimited
          ? t('premium.usage.trafficUnlimited', { used: formatSize(download.usage) })
          : t('premium.usage.traffic', { used: formatSize(download.usage), limit: formatSize(download.limit) })}
      </p>
      {usedUp && (
        <p className="notice notice-warning" role="status">
          {t('premium.usage.trafficUsed', { date: formatLongDate(state.quantities.period_end) })}
        </p>
      )}
    </>
  );
}
