// /inapp/shop: the visitor's membership (GET /drive/v1/privilege/vip) and activation-code
// redemption (POST /vip/v1/order/activation-code), SPEC §7.1, §7.3.

import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { PREMIUM_PATHS, type VipPrivilegeAnswer } from '#shared/api/premium.ts';
import { formatLongDate } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { premiumFromVip } from '#shared/premium.ts';
import { TextField } from '#shared/ui/TextField.tsx';
import { describeApiFailure, siteApi } from './island.ts';
import { type IslandProps, type Status, StatusLine, useHydrated, useIslandText } from './island-ui.tsx';

/** The strings this island shows, picked for it at build time (islandMessages). */
export const SHOP_MESSAGES: readonly MessageKey[] = [
  'site.shop.membership.title',
  'site.shop.membership.loading',
  'site.shop.membership.premium',
  'site.shop.membership.free',
  'site.shop.redeem.title',
  'site.shop.redeem.label',
  'site.shop.redeem.button',
  'site.shop.redeem.empty',
  'site.shop.redeem.done',
  'site.api.working',
];

export function Shop({ messages }: IslandProps) {
  const text = useIslandText(messages);
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [membership, setMembership] = useState<Status>();
  const [code, setCode] = useState('');
  const [redeemStatus, setRedeemStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);

  const loadMembership = useCallback(() => {
    setMembership({ message: text('site.shop.membership.loading'), kind: 'info' });
    siteApi()
      .get<VipPrivilegeAnswer>(PREMIUM_PATHS.vipPrivilege)
      .then(({ data }) => {
        const message = premiumFromVip(data).premium
          ? text('site.shop.membership.premium', { date: formatLongDate(data.expire ?? '') })
          : text('site.shop.membership.free');
        setMembership({ message, kind: 'info' });
      })
      .catch((cause: unknown) => setMembership({ message: describeApiFailure(cause, text), kind: 'error' }));
  }, [text]);
  useEffect(loadMembership, [loadMembership]);

  const redeem = async (event: FormEvent) => {
    event.preventDefault();
    const activationCode = code.trim();
    if (!activationCode) {
      setRedeemStatus({ message: text('site.shop.redeem.empty'), kind: 'error' });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setRedeemStatus({ message: text('site.api.working'), kind: 'info' });
    try {
      await siteApi().post(PREMIUM_PATHS.activationCode, { activation_code: activationCode, data: {} });
      setRedeemStatus({ message: text('site.shop.redeem.done'), kind: 'success' });
      setCode('');
      loadMembership();
    } catch (cause) {
      setRedeemStatus({ message: describeApiFailure(cause, text), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="card-grid">
      <section className="panel" data-part="membership" aria-labelledby="membership-heading">
        <h2 id="membership-heading">{text('site.shop.membership.title')}</h2>
        <StatusLine status={membership} />
      </section>
      <section className="panel" data-part="redeem" aria-labelledby="redeem-heading">
        <h2 id="redeem-heading">{text('site.shop.redeem.title')}</h2>
        {hydrated && (
          <form noValidate onSubmit={(event) => void redeem(event)}>
            <TextField
              ref={input}
              label={text('site.shop.redeem.label')}
              name="activation_code"
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              value={code}
              onValueChange={setCode}
            />
            <button type="submit" className="primary" disabled={busy}>
              {text('site.shop.redeem.button')}
            </button>
          </form>
        )}
        <StatusLine status={redeemStatus} />
      </section>
    </div>
  );
}
