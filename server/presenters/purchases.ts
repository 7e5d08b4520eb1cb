// A purchase as the API answers it.
import type { Purchase } from '#shared/api/purchases.ts';
import type { PurchaseRow } from '../services/purchases.ts';

export function presentPurchase(purchase: PurchaseRow): Purchase {
  return {
    id: purchase.id,
    plan_id: purchase.plan_id,
    terms: JSON.parse(purchase.terms),
    status: purchase.status,
    currency: purchase.currency,
    amount: Number(purchase.amount),
    created_time: new Date(Number(purchase.created_at)).toISOString(),
  };
}
