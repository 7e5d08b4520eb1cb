// Buying a plan: a purchase at the plan's price in the chosen currency, the provider's hosted
// checkout, and the provider's signed events settling it. A purchase is granted once, when its
// paid event arrives with the amount and currency it was made for; a forged event is refused, and
// an event delivered again changes nothing.
import type { Kysely } from 'kysely';
import { PURCHASE_RETURN_PARAMS } from '#shared/api/purchases.ts';
import { PAYMENT_PATH } from '#shared/app-paths.ts';
import { type PurchaseRow, purchasesRepository } from '../db/repositories/purchases.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { offerOf, type Plans } from '../plans.ts';
import { giveGrant } from './premium/ledger.ts';

export type { PurchaseRow };

export function purchasesService(deps: {
  db: Kysely<Database>;
  plans: Plans;
  /** Undefined when no provider is set up: nothing can be bought. */
  provider: PaymentProvider | undefined;
  log: { warn(details: object, message: string): void };
  now?: () => number;
}) {
  const { db, plans, provider, log } = deps;
  const now = deps.now ?? Date.now;
  const repo = purchasesRepository(db);

  return {
    /** Makes a purchase of a plan and starts the provider's checkout for it. */
    async checkout(user: { id: string; email: string }, request: { planId: string; currency: string }, origin: string) {
      if (!provider) throw new ServiceError('not_found', 'Card payments are not set up on this server; plans come with activation codes.');
      const plan = offerOf(plans, request.planId);
      if (!plan) throw new ServiceError('invalid_request', `There is no plan "${request.planId}".`, [{ field: 'plan_id', reason: 'unknown' }]);
      const price = plan.prices.find((p) => p.currency === request.currency);
      if (!price)
        throw new ServiceError('invalid_request', `The plan "${plan.id}" has no price in ${request.currency}.`, [{ field: 'currency', reason: 'no_price' }]);
      const at = now();
      const id = newId();
      await repo.add({
        id,
        user_id: user.id,
        plan_id: plan.id,
        terms: JSON.stringify(plan.terms),
        currency: price.currency,
        amount: price.amount,
        status: 'pending',
        provider: provider.name,
        created_at: at,
        updated_at: at,
      });
      const back = (extra: Record<string, string>) => `${origin}${PAYMENT_PATH}?${new URLSearchParams({ [PURCHASE_RETURN_PARAMS.purchase]: id, ...extra })}`;
      const started = await provider.startCheckout({
        purchaseId: id,
        amount: price.amount,
        currency: price.currency,
        label: plan.id,
        customerEmail: user.email,
        successUrl: back({}),
        cancelUrl: back({ [PURCHASE_RETURN_PARAMS.cancelled]: '1' }),
      });
      await repo.setProviderRef(id, started.ref, now());
      return { purchaseId: id, checkoutUrl: started.url };
    },

    /** One of the user's own purchases. */
    async get(userId: string, id: string): Promise<PurchaseRow> {
      const purchase = await repo.find(userId, id);
      if (!purchase) throw new ServiceError('not_found', 'There is no such purchase.');
      return purchase;
    },

    /** Handles one delivery of the provider's webhook. Throws PaymentEventRejected when it is not the provider's. */
    async receive(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!provider) throw new ServiceError('not_found', 'Card payments are not set up on this server.');
      const event = provider.readEvent(rawBody, signature);
      const at = now();
      await db.transaction().execute(async (tx) => {
        const purchases = purchasesRepository(tx);
        if (!(await purchases.recordEvent(event.id, at))) return;
        if (event.kind === 'other') return;
        const purchase = await purchases.byId(event.purchaseId);
        if (!purchase) return log.warn({ event: event.id, purchase: event.purchaseId }, 'payment event for an unknown purchase');
        if (event.kind === 'failed') {
          await purchases.settle(purchase.id, ['pending'], 'failed', at);
          return;
        }
        if (event.amount !== Number(purchase.amount) || event.currency !== purchase.currency) {
          return log.warn({ event: event.id, purchase: purchase.id, paid: `${event.amount} ${event.currency}` }, 'payment event does not match its purchase');
        }
        // An asynchronous payment may succeed after its session expired: paid wins over failed.
        if (!(await purchases.settle(purchase.id, ['pending', 'failed'], 'paid', at))) return;
        await giveGrant(tx, purchase.user_id, JSON.parse(purchase.terms), { source: 'order', sourceRef: purchase.id, planId: purchase.plan_id }, at);
      });
    },
  };
}

export type PurchasesService = ReturnType<typeof purchasesService>;
