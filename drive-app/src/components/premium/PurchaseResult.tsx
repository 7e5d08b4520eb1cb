import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Purchase } from '#shared/api/purchases.ts';
import { PURCHASE_RETURN_PARAMS } from '#shared/api/purchases.ts';
import { planLabel } from '#shared/premium.ts';
import { drivePurchases } from '../../api.ts';
import { useFailureText, useT } from '../../i18n.ts';
import { premiumChanged } from '../../stores/premium.ts';

/** How often, and how long, a purchase is asked about after the person comes back from paying. */
const POLL_MS = 1500;
const POLL_TIMES = 20;

type Shown =
  | { kind: 'cancelled' }
  | { kind: 'waiting'; purchase?: Purchase }
  | { kind: 'settled'; purchase: Purchase }
  | { kind: 'unknown' }
  | { kind: 'failure'; failure: unknown };

/**
 * After the payment provider sends the person back (?purchase=…): the purchase followed until
 * the provider's event settles it, then what it gave; or that the person left the checkout.
 */
export function PurchaseResult() {
  const t = useT();
  const describeFailure = useFailureText();
  const [query] = useSearchParams();
  const id = query.get(PURCHASE_RETURN_PARAMS.purchase);
  const cancelled = query.get(PURCHASE_RETURN_PARAMS.cancelled) === '1';
  const [shown, setShown] = useState<Shown>(cancelled ? { kind: 'cancelled' } : { kind: 'waiting' });

  useEffect(() => {
    if (!id || cancelled) return;
    let stopped = false;
    const follow = async () => {
      for (let asked = 0; asked < POLL_TIMES && !stopped; asked++) {
        const purchase = await drivePurchases.get(id);
        if (stopped) return;
        if (purchase.status !== 'pending') {
          setShown({ kind: 'settled', purchase });
          if (purchase.status === 'paid') premiumChanged();
          return;
        }
        setShown({ kind: 'waiting', purchase });
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      if (!stopped) setShown({ kind: 'unknown' });
    };
    follow().catch((failure: unknown) => !stopped && setShown({ kind: 'failure', failure }));
    return () => {
      stopped = true;
    };
  }, [id, cancelled]);

  if (!id) return null;
  const message = (() => {
    switch (shown.kind) {
      case 'cancelled':
        return t('premium.purchase.cancelled');
      case 'waiting':
        return t('premium.purchase.pending');
      case 'unknown':
        return t('premium.purchase.stillPending');
      case 'failure':
        return describeFailure(shown.failure);
      case 'settled':
        return shown.purchase.status === 'paid' ? t('premium.purchase.paid', { what: planLabel(shown.purchase.terms, t) }) : t('premium.purchase.failed');
    }
  })();
  return (
    <p className="notice notice-success" role="status" data-purchase={shown.kind === 'settled' ? shown.purchase.status : shown.kind}>
      {message}
    </p>
  );
}
