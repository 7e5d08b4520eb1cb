// Buying a plan (SPEC §1 "pay for storage, traffic and premium"): a purchase is made, the person
// pays on the payment provider's hosted page, and comes back to the drive's premium page, which
// follows the purchase until the provider's event says how it ended.
import { type Static, Type } from 'typebox';
import { GrantTerms } from './premium.ts';
import { oneOf, Time } from './resources.ts';

export const PURCHASE_PATHS = {
  checkout: '/vip/v1/order/checkout',
  purchase: '/vip/v1/order/:id',
  /** Where Stripe delivers its events (the operator registers this address with Stripe). */
  stripeWebhook: '/vip/v1/payments/stripe/webhook',
} as const;

export const purchasePath = (id: string) => PURCHASE_PATHS.purchase.replace(':id', encodeURIComponent(id));

/** The premium page's query after a checkout: the purchase, and whether the person gave up on it. */
export const PURCHASE_RETURN_PARAMS = { purchase: 'purchase', cancelled: 'cancelled' } as const;

export const CheckoutBody = Type.Object({
  plan_id: Type.String({ maxLength: 64 }),
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
});
export type CheckoutBody = Static<typeof CheckoutBody>;

/** Where to send the person to pay. */
export const CheckoutSchema = Type.Object({ purchase_id: Type.String(), checkout_url: Type.String() });
export type Checkout = Static<typeof CheckoutSchema>;

export const PURCHASE_STATUSES = ['pending', 'paid', 'failed'] as const;

export const PurchaseSchema = Type.Object({
  id: Type.String(),
  plan_id: Type.String(),
  /** What it buys. */
  terms: GrantTerms,
  status: oneOf(PURCHASE_STATUSES),
  currency: Type.String(),
  amount: Type.Integer(),
  created_time: Time,
});
export type Purchase = Static<typeof PurchaseSchema>;

export const PurchaseParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
