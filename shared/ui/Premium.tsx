// What premium looks like wherever it is shown (the drive's payment pages and dialogs, the site's
// shop): the tiers, the plans on offer, the user's grants and the activation-code box. Each takes
// its strings through `t`, so the drive app and the site's islands translate them their own way.
import { type FormEvent, useRef, useState } from 'react';
import type { Grant, GrantKind, Plans, Redeemed } from '../api/premium.ts';
import { formatLongDate, formatPrice, formatSize } from '../format.ts';
import type { MessageKey, Translate } from '../i18n/translator.ts';
import { GRANT_SOURCE_LABELS, grantLabel, planLabel, TERMS_LABEL_MESSAGES } from '../premium.ts';
import { TextField } from './TextField.tsx';

/** Every string these components show, for the site's islands to pick at build time. */
export const PREMIUM_MESSAGES: readonly MessageKey[] = [
  'premium.tiers.title',
  'premium.tier.free',
  'premium.tier.premium',
  'premium.tier.storage',
  'premium.tier.traffic',
  'premium.tier.trafficUnlimited',
  'premium.plans.title',
  'premium.plans.none',
  'premium.plans.codesOnly',
  ...TERMS_LABEL_MESSAGES,
  'premium.plan.codeOnly',
  'premium.grants.title',
  'premium.grants.none',
  'premium.grant.until',
  'premium.grant.ended',
  'premium.grant.from',
  'premium.source.order',
  'premium.source.activationCode',
  'premium.source.invitation',
  'premium.source.checkIn',
  'premium.source.compensation',
  'premium.source.operator',
  'premium.redeem.title',
  'premium.redeem.label',
  'premium.redeem.button',
  'premium.redeem.empty',
  'premium.redeem.done',
  'premium.working',
  'premium.buy',
  'premium.purchase.starting',
];

/** What the free and the premium tier give every account. */
export function TierSummary({ tiers, t }: { tiers: Plans['tiers']; t: Translate }) {
  const traffic = (bytes: string) => (bytes === '-1' ? t('premium.tier.trafficUnlimited') : t('premium.tier.traffic', { size: formatSize(bytes) }));
  return (
    <section className="panel premium-tiers" aria-labelledby="premium-tiers-heading">
      <h2 id="premium-tiers-heading">{t('premium.tiers.title')}</h2>
      <dl>
        {(['free', 'premium'] as const).map((name) => (
          <div key={name} data-tier={name}>
            <dt>{t(name === 'free' ? 'premium.tier.free' : 'premium.tier.premium')}</dt>
            <dd>{t('premium.tier.storage', { size: formatSize(tiers[name].storage) })}</dd>
            <dd>{traffic(tiers[name].monthly_traffic)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type PlanListProps = {
  offer: Plans;
  kind?: GrantKind | undefined;
  t: Translate;
  locale: string;
  /** Starts buying a plan at one of its prices (answers where to pay); without it prices are only shown. */
  buy?: ((planId: string, currency: string) => Promise<string>) | undefined;
  describeFailure: (failure: unknown) => string;
};

/** The plans on offer (of one kind, when given), with their prices in the visitor's format, to buy when payments are set up. */
export function PlanList({ offer, kind, t, locale, buy, describeFailure }: PlanListProps) {
  const plans = offer.plans.filter((plan) => !kind || plan.kind === kind);
  const [status, setStatus] = useState<{ message: string; kind: 'info' | 'error' }>();
  const [busy, setBusy] = useState(false);
  const start = async (planId: string, currency: string) => {
    if (!buy) return;
    setBusy(true);
    setStatus({ message: t('premium.purchase.starting'), kind: 'info' });
    try {
      location.assign(await buy(planId, currency));
    } catch (failure) {
      setStatus({ message: describeFailure(failure), kind: 'error' });
      setBusy(false);
    }
  };
  return (
    <section className="panel premium-plans" aria-labelledby="premium-plans-heading">
      <h2 id="premium-plans-heading">{t('premium.plans.title')}</h2>
      {!offer.payments && plans.length > 0 && <p className="hint">{t('premium.plans.codesOnly')}</p>}
      {plans.length === 0 ? (
        <p>{t('premium.plans.none')}</p>
      ) : (
        <ul className="plan-list">
          {plans.map((plan) => (
            <li key={plan.id} data-plan={plan.id}>
              <span className="plan-name">{planLabel(plan, t)}</span>
              {plan.prices.length === 0 ? (
                <span className="plan-price">{t('premium.plan.codeOnly')}</span>
              ) : buy ? (
                <span className="plan-price">
                  {plan.prices.map((price) => (
                    <button key={price.currency} type="button" className="button secondary" disabled={busy} onClick={() => void start(plan.id, price.currency)}>
                      {t('premium.buy', { price: formatPrice(price, locale) })}
                    </button>
                  ))}
                </span>
              ) : (
                <span className="plan-price">{plan.prices.map((price) => formatPrice(price, locale)).join(' · ')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="status" role="status" aria-live="polite" data-kind={status?.kind}>
        {status?.message}
      </p>
    </section>
  );
}

/** The user's grants, newest first: what, from where, and until when (`title`: whose, when not the reader's own). */
export function GrantList({ grants, t, now = Date.now(), title }: { grants: readonly Grant[]; t: Translate; now?: number; title?: string }) {
  const when = (grant: Grant) => {
    if (Date.parse(grant.starts_at) > now) return t('premium.grant.from', { date: formatLongDate(grant.starts_at) });
    const key = Date.parse(grant.ends_at) > now ? 'premium.grant.until' : 'premium.grant.ended';
    return t(key, { date: formatLongDate(grant.ends_at) });
  };
  return (
    <section className="panel premium-grants" aria-labelledby="premium-grants-heading">
      <h2 id="premium-grants-heading">{title ?? t('premium.grants.title')}</h2>
      {grants.length === 0 ? (
        <p>{t('premium.grants.none')}</p>
      ) : (
        <ul className="grant-list">
          {grants.map((grant) => (
            <li key={grant.id} data-kind={grant.kind} data-ended={Date.parse(grant.ends_at) <= now || undefined}>
              <span className="grant-name">{grantLabel(grant, t)}</span>
              <span className="grant-source">{t(GRANT_SOURCE_LABELS[grant.source])}</span>
              <span className="grant-when">{when(grant)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type RedeemProps = {
  t: Translate;
  redeem: (code: string) => Promise<Redeemed>;
  /** The failure as the page's translated message. */
  describeFailure: (failure: unknown) => string;
  onRedeemed: (redeemed: Redeemed) => void;
};

/** The activation-code box: the code as typed, its outcome said aloud. */
export function RedeemForm({ t, redeem, describeFailure, onRedeemed }: RedeemProps) {
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<{ message: string; kind: 'info' | 'success' | 'error' }>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setStatus({ message: t('premium.redeem.empty'), kind: 'error' });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setStatus({ message: t('premium.working'), kind: 'info' });
    try {
      const redeemed = await redeem(typed);
      setStatus({ message: t('premium.redeem.done', { what: grantLabel(redeemed.grant, t) }), kind: 'success' });
      setCode('');
      onRedeemed(redeemed);
    } catch (failure) {
      setStatus({ message: describeFailure(failure), kind: 'error' });
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="redeem-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        ref={input}
        label={t('premium.redeem.label')}
        name="activation_code"
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        placeholder="XXXX-XXXX-XXXX-XXXX"
        value={code}
        onValueChange={setCode}
      />
      <button type="submit" className="primary" disabled={busy}>
        {t('premium.redeem.button')}
      </button>
      <p className="status" role="status" aria-live="polite" data-kind={status?.kind}>
        {status?.message}
      </p>
    </form>
  );
}
