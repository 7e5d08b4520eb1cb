// /inapp/shop: the visitor's membership (GET /drive/v1/privilege/vip), what the server offers
// (GET /vip/v1/plans), what the visitor was given, and activation-code redemption
// (POST /vip/v1/order/activation-code), SPEC §7.1, §7.3.

import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Grant, Plans } from '#shared/api/premium.ts';
import { premiumApi } from '#shared/api/premium-client.ts';
import { purchasesApi } from '#shared/api/purchases-client.ts';
import { formatLongDate } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { premiumFromVip } from '#shared/premium.ts';
import { GrantList, PlanList, PREMIUM_MESSAGES, RedeemForm, TierSummary } from '#shared/ui/Premium.tsx';
import { describeApiFailure, siteApi } from './island.ts';
import { type IslandProps, type Status, StatusLine, useHydrated, useIslandText } from './island-ui.tsx';

/** The strings this island shows, picked for it at build time (islandMessages). */
export const SHOP_MESSAGES: readonly MessageKey[] = [
  'premium.membership.title',
  'premium.membership.loading',
  'premium.membership.premium',
  'premium.membership.free',
  ...PREMIUM_MESSAGES,
];

export function Shop({ messages }: IslandProps) {
  const text = useIslandText(messages);
  const hydrated = useHydrated();
  const premium = useMemo(() => premiumApi(siteApi()), []);
  const purchases = useMemo(() => purchasesApi(siteApi()), []);
  const [membership, setMembership] = useState<Status>();
  const [offer, setOffer] = useState<Plans>();
  const [grants, setGrants] = useState<Grant[]>();

  const loadMembership = useCallback(() => {
    setMembership({ message: text('premium.membership.loading'), kind: 'info' });
    premium.privilege().then(
      (vip) => {
        const message = premiumFromVip(vip).premium
          ? text('premium.membership.premium', { date: formatLongDate(vip.expire) })
          : text('premium.membership.free');
        setMembership({ message, kind: 'info' });
        premium.grants().then(setGrants, (cause: unknown) => setMembership({ message: describeApiFailure(cause, text), kind: 'error' }));
      },
      (cause: unknown) => setMembership({ message: describeApiFailure(cause, text), kind: 'error' }),
    );
  }, [premium, text]);
  useEffect(loadMembership, [loadMembership]);
  useEffect(() => {
    premium.plans().then(setOffer, (cause: unknown) => console.warn('nubo: the plans could not be read', cause));
  }, [premium]);

  return (
    <div className="card-grid">
      <section className="panel" data-part="membership" aria-labelledby="membership-heading">
        <h2 id="membership-heading">{text('premium.membership.title')}</h2>
        <StatusLine status={membership} />
      </section>
      <section className="panel" data-part="redeem" aria-labelledby="redeem-heading">
        <h2 id="redeem-heading">{text('premium.redeem.title')}</h2>
        {hydrated && <RedeemForm t={text} redeem={premium.redeem} describeFailure={(cause) => describeApiFailure(cause, text)} onRedeemed={loadMembership} />}
      </section>
      {offer && <TierSummary tiers={offer.tiers} t={text} />}
      {offer && (
        <PlanList
          offer={offer}
          t={text}
          locale={document.documentElement.lang}
          buy={offer.payments ? purchases.checkout : undefined}
          describeFailure={(cause) => describeApiFailure(cause, text)}
        />
      )}
      {grants && <GrantList grants={grants} t={text} />}
    </div>
  );
}
